import assert from 'node:assert/strict';
import request from 'supertest';
import { connectRedis } from '../../../src/queue/redis';
import { freshAccount, redisUrl, testApp, testGraph } from '../../helpers/harness';

describe('health and readiness (real Neo4j, real Redis)', () => {
  it('/healthz answers without credentials', async () => {
    const res = await request(await testApp()).get('/healthz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
  });

  it('/readyz in local mode: Neo4j ok, Redis disabled; credentials are ignored', async () => {
    const a = await freshAccount();
    const res = await request(await testApp())
      .get('/readyz')
      .set(a.headers);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      status: 'ok',
      mode: 'local',
      checks: { neo4j: 'ok', redis: 'disabled' },
    });
  });

  it('/readyz in queue mode pings the real Redis', async () => {
    const graph = await testGraph();
    const redis = connectRedis(redisUrl());
    try {
      const app = await testApp({
        readiness: { mode: 'queue', pingNeo4j: () => graph.ping(), pingRedis: () => redis.ping() },
      });
      let res = await request(app).get('/readyz');
      for (let i = 0; i < 20 && res.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100)); // the connection may still be opening
        res = await request(app).get('/readyz');
      }
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        status: 'ok',
        mode: 'queue',
        checks: { neo4j: 'ok', redis: 'ok' },
      });
    } finally {
      await redis.close();
    }
  });

  it('/readyz answers 503 naming the dependency that is down', async () => {
    const graph = await testGraph();
    const deadRedis = connectRedis('redis://127.0.0.1:1');
    try {
      const app = await testApp({
        readiness: {
          mode: 'queue',
          pingNeo4j: () => graph.ping(),
          pingRedis: () => deadRedis.ping(),
        },
      });
      const res = await request(app).get('/readyz');
      assert.equal(res.status, 503);
      assert.deepEqual(res.body, {
        status: 'unavailable',
        mode: 'queue',
        checks: { neo4j: 'ok', redis: 'down' },
      });
    } finally {
      await deadRedis.close();
    }
  });
});
