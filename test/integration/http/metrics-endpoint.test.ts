import assert from 'node:assert/strict';
import request from 'supertest';
import { traceCarrier } from '../../../src/telemetry/tracing';
import { testApp } from '../../helpers/harness';
import { registerSecret } from '../../helpers/log-capture';
import { moved, parseScrape, sampleValue } from '../../helpers/prometheus-text';

/**
 * GET /metrics on the API's app (real Neo4j behind it): open by default like the probes, behind
 * METRICS_TOKEN when it is set; in Prometheus's text format; each request counted once under its
 * operation id and status. Tracing is off here (no OTEL endpoint): the SDK is never loaded.
 */
const TOKEN = 'scrape-token-0123456789abcdef';
registerSecret(TOKEN, 'METRICS_TOKEN');
const HTTP = 'graphsync_http_request_duration_seconds_count';

describe('GET /metrics (API, real Neo4j)', () => {
  it('is open without METRICS_TOKEN, and counts each request under its operation and status', async () => {
    const app = await testApp();
    const before = await request(app).get('/metrics');
    assert.equal(before.status, 200);
    assert.equal(before.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
    assert.equal(before.headers['cache-control'], 'no-store');
    await request(app).get('/healthz').expect(200);
    await request(app).get('/healthz').expect(200);
    await request(app).get('/healthz?x=1').expect(400);
    await request(app).post('/healthz').expect(405);
    const after = parseScrape((await request(app).get('/metrics')).text);
    const was = parseScrape(before.text);
    assert.equal(moved(was, after, HTTP, { operation: 'getHealth', status: '200' }), 2);
    assert.equal(moved(was, after, HTTP, { operation: 'getHealth', status: '400' }), 1);
    assert.equal(moved(was, after, HTTP, { operation: 'unmatched', status: '405' }), 1);
    assert.equal(moved(was, after, HTTP, { operation: 'getMetrics', status: '200' }), 1);
    // The readiness probe's statement, by name.
    await request(app).get('/readyz').expect(200);
    const ready = parseScrape((await request(app).get('/metrics')).text);
    const ping = 'graphsync_neo4j_statement_duration_seconds_count';
    assert.equal(moved(after, ready, ping, { statement: 'health/ping' }), 1);
    assert.ok((sampleValue(ready, 'nodejs_heap_size_used_bytes') ?? 0) > 0);
  });

  it('asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const app = await testApp({ metricsToken: TOKEN });
    const refused = {
      error: {
        code: 'UNAUTHORIZED',
        message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN> on this service',
      },
    };
    const none = await request(app).get('/metrics');
    assert.equal(none.status, 401);
    assert.deepEqual(none.body, refused);
    const wrong = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, refused);
    const right = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    assert.equal(right.status, 200);
    assert.match(right.text, /^# HELP graphsync_http_request_duration_seconds /m);
  });

  it('loads no tracing SDK while tracing is off', () => {
    assert.equal(traceCarrier(), undefined);
    const loaded = Object.keys(require.cache).filter((f) => f.includes('@opentelemetry/sdk-'));
    assert.deepEqual(loaded, []);
  });
});
