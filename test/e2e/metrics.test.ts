import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import request from 'supertest';
import { redisUrl } from '../helpers/harness';
import { moved, parseScrape, type Sample, sampleValue } from '../helpers/prometheus-text';
import { QueueCluster } from '../helpers/queue-cluster';

/**
 * GET /metrics on the API and on a real `graphsync worker` process (its WORKER_METRICS_PORT
 * listener), scraped before and after real work in queue mode: a sync job started, uploaded and
 * finalized by the worker, and a rule evaluated whose webhook reaches a local server. Each series
 * must move by exactly what the work did, in the process that did it.
 */
const HTTP = 'graphsync_http_request_duration_seconds_count';
const JOBS_TOTAL = 'graphsync_sync_jobs_total';
const UPLOADED = 'graphsync_sync_objects_uploaded_total';
const PHASE = 'graphsync_finalize_phase_duration_seconds_count';
const STATEMENT = 'graphsync_neo4j_statement_duration_seconds_count';
const RULES = 'graphsync_rule_evaluation_duration_seconds_count';
const DELIVERIES = 'graphsync_outbound_deliveries_total';
/** A job without a bulk file has no `bulk-file` phase. */
const PHASES = ['entities', 'delete-entities', 'relationships', 'delete-relationships', 'finish'];

describe('metrics: the API and a worker scraped around real work (queue mode)', function () {
  this.timeout(120_000);
  let cluster: QueueCluster;
  let workerUrl: string;
  let hook: http.Server;
  let hookCalls = 0;

  before(async () => {
    hook = http.createServer((req, res) => {
      hookCalls++;
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    cluster = await QueueCluster.start({
      redisUrl: redisUrl(),
      apiEnv: { WEBHOOK_ALLOWLIST: 'loopback' },
    });
    const worker = await cluster.startWorker({ WORKER_METRICS_PORT: '0' });
    const m = await worker.waitFor(/"port":(\d+)[^\n]*"msg":"worker metrics listening"/, 30_000);
    workerUrl = `http://127.0.0.1:${m[1]}`;
  });

  after(async () => {
    await cluster.close();
    await new Promise((resolve) => hook.close(resolve));
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${cluster.prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  async function scrapeApi(): Promise<Sample[]> {
    const res = await request(cluster.api.url).get('/metrics');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'] ?? '', /^text\/plain; version=0\.0\.4/);
    return parseScrape(res.text);
  }

  async function scrapeWorker(): Promise<Sample[]> {
    const res = await fetch(`${workerUrl}/metrics`);
    assert.equal(res.status, 200);
    return parseScrape(await res.text());
  }

  it('counts the requests, the job, its objects and the rule delivery on the API, the finalize on the worker', async () => {
    const a = await cluster.account();
    const [api0, worker0] = [await scrapeApi(), await scrapeWorker()];

    const id = await cluster.startJob(a, 'obs-scope');
    await cluster.upload(a, id, {
      entities: ['h0', 'h1', 'h2'].map((k) => ({ _key: k, _type: 'obs_host', _class: 'Host' })),
      relationships: [
        {
          _key: 'h0-h1',
          _type: 'obs_link',
          _class: 'CONNECTS',
          _fromEntityKey: 'h0',
          _toEntityKey: 'h1',
        },
        {
          _key: 'h1-h2',
          _type: 'obs_link',
          _class: 'CONNECTS',
          _fromEntityKey: 'h1',
          _toEntityKey: 'h2',
        },
      ],
    });
    await cluster.finalizePending(a, id);
    const job = await cluster.waitForJob(a, id, (j) => j.status !== 'FINALIZE_PENDING');
    assert.equal(job.status, 'FINISHED');
    assert.equal(job.numEntitiesCreated, 3);

    const { port } = hook.address() as AddressInfo;
    const created = await request(cluster.api.url)
      .post('/rules')
      .set(a.headers)
      .send({
        name: 'obs hosts',
        pollingInterval: 'DISABLED',
        question: { queries: [{ query: 'FIND obs_host' }] },
        operations: [
          {
            when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
            actions: [
              {
                type: 'WEBHOOK',
                endpoint: `http://127.0.0.1:${port}/hook`,
                method: 'POST',
                body: {},
              },
            ],
          },
        ],
      });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const evaluated = await request(cluster.api.url)
      .post(`/rules/${created.body.rule.id}/evaluate`)
      .set(a.headers);
    assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
    assert.equal(evaluated.body.evaluation.status, 'SUCCESS', JSON.stringify(evaluated.body));
    assert.equal(hookCalls, 1);
    assert.equal((await request(cluster.api.url).get('/no-such-route')).status, 404);

    const [api1, worker1] = [await scrapeApi(), await scrapeWorker()];
    const api = (name: string, labels: Record<string, string>) => moved(api0, api1, name, labels);
    const wrk = (name: string, labels: Record<string, string>) =>
      moved(worker0, worker1, name, labels);

    // The API: one request of each operation, with its status; the route-less one as unmatched.
    for (const [operation, status] of [
      ['startSyncJob', '200'],
      ['uploadSyncJobData', '200'],
      ['finalizeSyncJob', '200'],
      ['createRule', '201'],
      ['evaluateRule', '200'],
      ['unmatched', '404'],
    ]) {
      assert.equal(api(HTTP, { operation: operation!, status: status! }), 1, operation);
    }
    // Jobs by the status they reached where they reached it; objects new to the job, by kind.
    assert.equal(api(JOBS_TOTAL, { status: 'AWAITING_UPLOADS' }), 1);
    assert.equal(api(JOBS_TOTAL, { status: 'FINALIZE_PENDING' }), 1);
    assert.equal(api(JOBS_TOTAL, { status: 'FINISHED' }), 0);
    assert.equal(wrk(JOBS_TOTAL, { status: 'FINISHED' }), 1);
    assert.equal(api(UPLOADED, { kind: 'entity' }), 3);
    assert.equal(api(UPLOADED, { kind: 'relationship' }), 2);
    assert.equal(api(UPLOADED, { kind: 'mapped_relationship' }), 0);
    // The rule evaluated on request, and its webhook delivered.
    assert.equal(api(RULES, { trigger: 'MANUAL', outcome: 'success' }), 1);
    assert.equal(api(DELIVERIES, { type: 'WEBHOOK', outcome: 'success' }), 1);
    assert.equal(api(DELIVERIES, { type: 'WEBHOOK', outcome: 'failure' }), 0);
    // Named statements: the job created once by the API; the finalize's on the worker.
    assert.equal(api(STATEMENT, { statement: 'sync/create-job' }), 1);
    assert.equal(api(STATEMENT, { statement: 'sync/accept-finalize' }), 1);
    assert.equal(wrk(STATEMENT, { statement: 'sync/claim-finalize-run' }), 1);
    assert.equal(wrk(STATEMENT, { statement: 'sync/create-job' }), 0);
    // A DIFF job with a scope (and no bulk file) runs every other phase once, on the worker only.
    for (const phase of PHASES) {
      assert.equal(wrk(PHASE, { phase }), 1, phase);
      assert.equal(api(PHASE, { phase }), 0, phase);
    }
    assert.equal(wrk(PHASE, { phase: 'bulk-file' }), 0, 'a job without a bulk file has none');
    // Its scope held nothing: nothing to delete, so its keys are not loaded (decision 0051).
    assert.equal(wrk(PHASE, { phase: 'load-keys' }), 0, 'a first DIFF of a scope loads no keys');
    assert.equal(wrk(STATEMENT, { statement: 'sync/list-batch-prints' }), 0);
    // Queue depths read from Redis at the scrape; no stalled job; Node's process metrics.
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      assert.equal(sampleValue(worker1, 'graphsync_queue_jobs', { queue: 'finalize', state }), 0);
      assert.equal(sampleValue(api1, 'graphsync_queue_jobs', { queue: 'finalize', state }), 0);
    }
    assert.equal(sampleValue(worker1, 'graphsync_queue_stalled_total', { queue: 'finalize' }), 0);
    assert.ok((sampleValue(worker1, 'process_resident_memory_bytes') ?? 0) > 0);
    // Never an account id in a label.
    for (const s of [...api1, ...worker1]) {
      assert.ok(!Object.values(s.labels).some((v) => v.includes(a.accountId)), s.name);
    }
  });

  it("serves the worker's health at /healthz, and nothing else", async () => {
    const health = await fetch(`${workerUrl}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), {
      status: 'ok',
      mode: 'queue',
      checks: { neo4j: 'ok', redis: 'ok' },
    });
    const missing = await fetch(`${workerUrl}/nope`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), {
      error: { code: 'NOT_FOUND', message: 'No route for /nope' },
    });
    const posted = await fetch(`${workerUrl}/metrics`, { method: 'POST' });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.get('allow'), 'GET, HEAD');
  });
});
