import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { repoRoot } from '../../src/paths';
import {
  freshAccount,
  neo4jUri,
  redisUrl,
  TEST_SECRETS_KEY,
  type TestAccount,
} from '../helpers/harness';
import { OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver';
import { Watched } from '../helpers/processes';

/**
 * OpenTelemetry tracing end to end: a real API process (`graphsync serve`) and a real worker
 * process (`graphsync worker`) in queue mode export their spans over OTLP/HTTP to a receiver in
 * this test. One finalize, sent with a W3C traceparent, is one trace: the API's server span (a
 * child of the caller's span), its named statements and the enqueue, the worker's consumer span
 * continuing it from the queue job, the finalize phases in order, and each phase's statements.
 */
const JOBS = '/persister/synchronization/jobs';
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;
/**
 * The job has no bulk file, so no `finalize.bulk-file` span; its scope held nothing, so no
 * `finalize.load-keys` either (decision 0051).
 */
const PHASES = [
  'finalize.entities',
  'finalize.delete-entities',
  'finalize.relationships',
  'finalize.delete-relationships',
  'finalize.finish',
];

describe('tracing: one finalize traced across the API, the queue and a worker (OTLP/HTTP)', function () {
  this.timeout(120_000);
  let receiver: OtlpReceiver;
  let api: Watched;
  let worker: Watched;
  let url: string;
  let a: TestAccount;
  const prefix = `gs-trace-${randomUUID().slice(0, 8)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-trace-'));

  function start(command: string, env: Record<string, string> = {}): Watched {
    return new Watched(
      spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', command], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NEO4J_URI: neo4jUri(),
          REDIS_URL: redisUrl(),
          QUEUE_PREFIX: prefix,
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
          INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_BSP_SCHEDULE_DELAY: '100',
          ...env,
        },
      }),
    );
  }

  before(async () => {
    receiver = await OtlpReceiver.start();
    // An account exists before `serve` starts, so it creates no local account of its own.
    a = await freshAccount();
    api = start('serve');
    worker = start('worker');
    url = (await api.waitFor(/URL:\s+(http:\/\/\S+)/, 60_000))[1]!;
    await worker.waitFor(/"msg":"worker started"/, 60_000);
  });

  after(async () => {
    await Promise.all([api, worker].map((p) => p?.stop('SIGTERM', 30_000).catch(() => null)));
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('links the request, its statements, the queue hop, the worker phases and their statements', async () => {
    const started = await request(url)
      .post(JOBS)
      .set(a.headers)
      .send({ source: 'api', scope: 'trace-scope' });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const jobId = started.body.job.id as string;
    const uploaded = await request(url)
      .post(`${JOBS}/${jobId}/upload`)
      .set(a.headers)
      .send({
        entities: [{ _key: 'secret-key-1', _type: 'trace_host', _class: 'Host', note: 'v4lue' }],
        relationships: [],
      });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));

    // The caller's span: the server span must be its child, in its trace.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const finalized = await request(url)
      .post(`${JOBS}/${jobId}/finalize`)
      .set(a.headers)
      .set('traceparent', `00-${traceId}-${callerSpanId}-01`)
      .send({});
    assert.equal(finalized.status, 200, JSON.stringify(finalized.body));
    await waitFinished(jobId);

    const spans = await receiver.trace(traceId, (s) =>
      s.some((x) => x.name === 'finalize.finish' && childrenOf(s, x).length > 0),
    );
    const one = (name: string, where: (s: ReceivedSpan) => boolean = () => true) => {
      const found = spans.filter((s) => s.name === name && where(s));
      assert.equal(found.length, 1, `${name}: ${found.length} in ${names(spans)}`);
      return found[0]!;
    };

    const server = one(`POST ${JOBS}/{jobId}/finalize`);
    assert.equal(server.kind, KIND.server);
    assert.equal(server.service, 'graphsync-api');
    assert.equal(server.parentSpanId, callerSpanId);
    assert.equal(server.attributes['graphsync.operation'], 'finalizeSyncJob');
    assert.equal(server.attributes['http.response.status_code'], 200);

    // The API's statements, each a client span named after its statement, under the request.
    const accept = one('cypher sync/accept-finalize');
    assert.equal(accept.parentSpanId, server.spanId);
    assert.equal(accept.kind, KIND.client);
    assert.deepEqual(accept.attributes, {
      'db.system.name': 'neo4j',
      'db.query.summary': 'sync/accept-finalize',
    });

    // The queue hop: the enqueue under the request, the worker's run continuing from it.
    const enqueue = one('finalize enqueue');
    assert.equal(enqueue.kind, KIND.producer);
    assert.equal(enqueue.parentSpanId, server.spanId);
    const consumer = one('finalize');
    assert.equal(consumer.kind, KIND.consumer);
    assert.equal(consumer.service, 'graphsync-worker');
    assert.equal(consumer.parentSpanId, enqueue.spanId);
    assert.ok(childrenOf(spans, consumer).some((s) => s.name === 'cypher sync/claim-finalize-run'));

    // The phases, in order, under the worker's run; statements under each.
    const phases = childrenOf(spans, consumer)
      .filter((s) => s.name.startsWith('finalize.'))
      .sort((x, y) => (x.startNs < y.startNs ? -1 : 1));
    assert.deepEqual(
      phases.map((p) => [p.name, p.service, p.attributes['graphsync.phase']]),
      PHASES.map((p) => [p, 'graphsync-worker', p.slice('finalize.'.length)]),
    );
    for (const phase of phases) {
      const statements = childrenOf(spans, phase).filter((s) => s.name.startsWith('cypher '));
      assert.ok(statements.length > 0, `${phase.name} has no statement spans`);
    }
    assert.ok(
      childrenOf(spans, one('finalize.finish')).some(
        (s) => s.name === 'cypher sync/set-job-status',
      ),
    );

    // Every span is in the one trace, and none carries a parameter or value.
    const ids = new Set(spans.map((s) => s.spanId));
    for (const s of spans) {
      assert.ok(
        s.parentSpanId === callerSpanId || ids.has(s.parentSpanId!),
        `${s.name} is orphaned`,
      );
      const values = JSON.stringify(s.attributes);
      for (const secret of [a.accountId, jobId, 'secret-key-1', 'v4lue']) {
        assert.ok(!values.includes(secret), `${s.name} carries ${secret}`);
      }
    }
  });

  async function waitFinished(jobId: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await request(url).get(`${JOBS}/${jobId}`).set(a.headers);
      if (res.body.job?.status === 'FINISHED') return;
      assert.ok(Date.now() < deadline, `job never finished: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});

function childrenOf(spans: ReceivedSpan[], parent: ReceivedSpan): ReceivedSpan[] {
  return spans.filter((s) => s.parentSpanId === parent.spanId);
}

function names(spans: ReceivedSpan[]): string {
  return spans.map((s) => s.name).join(', ');
}
