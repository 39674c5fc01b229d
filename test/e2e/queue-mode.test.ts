import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { freshAccount, redisUrl, startTestApi, type TestAccount } from '../helpers/harness';
import { JOBS, type Job, QueueCluster } from '../helpers/queue-cluster';

/**
 * Queue mode end to end: the API (REDIS_URL set) answers finalize with FINALIZE_PENDING and
 * enqueues; real `graphsync worker` processes (src/cli.ts, as `npx graphsync worker` runs it)
 * finalize against the same Neo4j, Redis and blob store. Includes the crash case: a worker
 * SIGKILLed half way through leaves the job to another worker, which completes it with exact
 * counters.
 */
const LOCK = '2s';

describe('queue mode (API + real worker processes, real Redis and Neo4j)', function () {
  this.timeout(120_000);
  let cluster: QueueCluster;

  before(async () => {
    cluster = await QueueCluster.start({
      redisUrl: redisUrl(),
      apiEnv: { FINALIZE_ATTEMPTS: '2' },
      workerEnv: { QUEUE_LOCK_DURATION: LOCK, FINALIZE_ATTEMPTS: '2' },
    });
  });

  afterEach(async () => {
    await cluster.stopWorkers();
  });

  after(async () => {
    await cluster.close();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${cluster.prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const startWorker = (env: Record<string, string> = {}) => cluster.startWorker(env);
  const startJob = (a: TestAccount, scope: string) => cluster.startJob(a, scope);
  const upload = (a: TestAccount, id: string, body: object) => cluster.upload(a, id, body);
  const getJob = (a: TestAccount, id: string) => cluster.getJob(a, id);
  const finalizePending = (a: TestAccount, id: string) => cluster.finalizePending(a, id);
  const scopeContents = (a: TestAccount, scope: string) => cluster.scopeContents(a, scope);
  const waitForJob = (
    a: TestAccount,
    id: string,
    until: (job: Job) => boolean,
    timeoutMs = 90_000,
  ) => cluster.waitForJob(a, id, until, timeoutMs);

  /** `batches` uploads of `per` entities each, and as many relationships chaining them. */
  async function uploadGraph(a: TestAccount, id: string, batches: number, per: number) {
    const total = batches * per;
    for (let b = 0; b < batches; b++) {
      const entities = Array.from({ length: per }, (_, i) => {
        const n = b * per + i;
        return { _key: `e${n}`, _type: 'bench_host', _class: 'Host', n, name: `host ${n}` };
      });
      await upload(a, id, { entities });
    }
    for (let b = 0; b < batches; b++) {
      const relationships = Array.from({ length: per }, (_, i) => {
        const n = b * per + i;
        return {
          _key: `r${n}`,
          _type: 'bench_host_connects_host',
          _class: 'CONNECTS',
          _fromEntityKey: `e${n}`,
          _toEntityKey: `e${(n + 1) % total}`,
        };
      });
      await upload(a, id, { relationships });
    }
    return total;
  }

  it('finalize answers FINALIZE_PENDING once; a worker process finishes the job exactly', async () => {
    await startWorker();
    const a = await freshAccount();
    const id = await startJob(a, 'q');
    await upload(a, id, {
      entities: [
        { _key: 'h1', _type: 'host', _class: 'Host', name: 'one' },
        { _key: 'h2', _type: 'host', _class: 'Host', name: 'two' },
      ],
      relationships: [
        {
          _key: 'h1|h2',
          _type: 'host_has_host',
          _class: 'HAS',
          _fromEntityKey: 'h1',
          _toEntityKey: 'h2',
        },
      ],
    });
    await finalizePending(a, id);
    // Finalizing again while pending is refused: the job can reach the queue only once.
    const again = await cluster.finalize(a, id);
    // The worker may already have finished it: refused either way, only the status differs.
    assert.equal(again.status, 409, JSON.stringify(again.body));
    assert.match(
      (again.body as { error: { message: string } }).error.message,
      new RegExp(
        `^Sync job '${id}' is (FINALIZE_PENDING|FINISHED): only a job in AWAITING_UPLOADS accepts uploads, finalize or abort$`,
      ),
    );
    const job = await waitForJob(a, id, (j) => j.done);
    assert.equal(job.status, 'FINISHED');
    assert.equal(job.numEntitiesCreated, 2);
    assert.equal(job.numRelationshipsCreated, 1);
    const c = await scopeContents(a, 'q');
    assert.deepEqual(c.entities.map((e) => e._key).sort(), ['h1', 'h2']);
    assert.deepEqual(
      c.relationships.map((r) => r._key),
      ['h1|h2'],
    );
  });

  it('several workers share the jobs of several scopes; each job finishes exactly once', async () => {
    await Promise.all([startWorker(), startWorker()]);
    const a = await freshAccount();
    const ids: string[] = [];
    for (const scope of ['s1', 's2', 's3', 's4']) {
      const id = await startJob(a, scope);
      await uploadGraph(a, id, 1, 30);
      ids.push(id);
    }
    for (const id of ids) await finalizePending(a, id);
    for (const [i, id] of ids.entries()) {
      const job = await waitForJob(a, id, (j) => j.done);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.equal(job.numEntitiesCreated, 30);
      assert.equal(job.numRelationshipsCreated, 30);
      const c = await scopeContents(a, `s${i + 1}`);
      assert.equal(c.entities.length, 30);
      assert.equal(c.relationships.length, 30);
    }
  });

  it('a worker SIGKILLed mid-finalize leaves the job to another, which completes it exactly', async () => {
    const a = await freshAccount();
    // First a DIFF baseline to delete from, so the crashed run also has deletes to repeat.
    const base = await startJob(a, 'crash');
    await upload(a, base, {
      entities: [{ _key: 'gone', _type: 'bench_host', _class: 'Host' }],
    });
    const first = await startWorker({ FINALIZE_BATCH_SIZE: '100' });
    await finalizePending(a, base);
    assert.equal((await waitForJob(a, base, (j) => j.done)).status, 'FINISHED');

    const id = await startJob(a, 'crash');
    const total = await uploadGraph(a, id, 20, 150);
    await finalizePending(a, id);
    const midway = await waitForJob(a, id, (j) => j.numEntitiesCreated > 0 || j.done, 60_000);
    first.child.kill('SIGKILL');
    assert.equal(midway.status, 'FINALIZE_PENDING', 'killed too late to test anything');
    assert.ok(midway.numEntitiesCreated < total, JSON.stringify(midway));
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await getJob(a, id)).status, 'FINALIZE_PENDING');

    const second = await startWorker({ FINALIZE_BATCH_SIZE: '500' });
    const job = await waitForJob(a, id, (j) => j.done);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.equal(job.numEntitiesUploaded, total);
    assert.equal(job.numEntitiesCreated, total);
    assert.equal(job.numEntitiesUpdated, 0);
    assert.equal(job.numEntitiesDeleted, 1);
    assert.equal(job.numRelationshipsUploaded, total);
    assert.equal(job.numRelationshipsCreated, total);
    assert.equal(job.numRelationshipsUpdated, 0);
    assert.equal(job.numRelationshipCreateErrors, 0);
    const c = await scopeContents(a, 'crash');
    const live = c.entities.filter((e) => !e._deleted);
    assert.equal(live.length, total);
    assert.equal(new Set(live.map((e) => e._key)).size, total);
    assert.deepEqual(
      c.entities.filter((e) => e._deleted).map((e) => e._key),
      ['gone'],
    );
    assert.equal(c.relationships.length, total);
    assert.equal(new Set(c.relationships.map((r) => r._key)).size, total);
    assert.match(second.output, /finalization interrupted|sync job finalized/);
  });

  it('SIGTERM lets a worker finish the finalization it is running, then exit 0', async () => {
    const a = await freshAccount();
    const worker = await startWorker({ FINALIZE_BATCH_SIZE: '100' });
    const id = await startJob(a, 'term');
    const total = await uploadGraph(a, id, 10, 150);
    await finalizePending(a, id);
    await waitForJob(a, id, (j) => j.numEntitiesCreated > 0 || j.done, 60_000);
    const code = await worker.stop('SIGTERM', 60_000);
    assert.equal(code, 0, worker.output);
    const job = await getJob(a, id);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.equal(job.numEntitiesCreated, total);
    assert.equal(job.numRelationshipsCreated, total);
  });

  it('a job whose staged data is gone is retried, then ends ERROR with its reason', async () => {
    const a = await freshAccount();
    const id = await startJob(a, 'lost');
    await uploadGraph(a, id, 1, 5);
    await finalizePending(a, id);
    fs.rmSync(stagingDir(a, id), { recursive: true, force: true });
    const worker = await startWorker();
    const job = await waitForJob(a, id, (j) => j.done);
    assert.equal(job.status, 'ERROR');
    assert.match(job.error ?? '', /^Staged batch staging\/.+ is missing from the blob store$/);
    assert.equal(job.numEntitiesCreated, 0);
    assert.equal((await scopeContents(a, 'lost')).entities.length, 0);
    // Two attempts (FINALIZE_ATTEMPTS=2): one failure retried, then given up. The queue logs the
    // last failure just after the job was marked ERROR, so wait for it.
    await worker.waitFor(/attempt failed"[\s\S]*"msg":"finalization attempt failed"/, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(worker.output.match(/"msg":"finalization attempt failed"/g)?.length, 2);
  });

  it('a job whose staged data does not decode ends FAILED at once, without retries', async () => {
    const a = await freshAccount();
    const id = await startJob(a, 'corrupt');
    await uploadGraph(a, id, 1, 5);
    await finalizePending(a, id);
    const dir = stagingDir(a, id);
    for (const f of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, f), 'not gzip');
    const worker = await startWorker();
    const job = await waitForJob(a, id, (j) => j.done);
    assert.equal(job.status, 'FAILED');
    assert.match(job.error ?? '', /^Staged batch staging\/.+ is corrupt and cannot be applied/);
    await worker.waitFor(/"msg":"finalization attempt failed"/, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(worker.output.match(/"msg":"finalization attempt failed"/g)?.length, 1);
    assert.equal(fs.existsSync(dir), false, 'staged data is discarded');
  });

  function stagingDir(a: TestAccount, id: string): string {
    return path.join(cluster.api.dataDir, 'blobs', 'staging', a.accountId, id);
  }
});

describe('queue mode with Redis unreachable', function () {
  this.timeout(60_000);

  it('finalize answers 503 and leaves the job AWAITING_UPLOADS, to be finalized again', async () => {
    const api = await startTestApi({ REDIS_URL: 'redis://127.0.0.1:9', QUEUE_PREFIX: 'gs-dead' });
    try {
      const a = await freshAccount();
      const start = await request(api.url)
        .post(JOBS)
        .set(a.headers)
        .send({ source: 'api', scope: 's' });
      const id = (start.body as { job: Job }).job.id;
      const res = await request(api.url).post(`${JOBS}/${id}/finalize`).set(a.headers);
      assert.equal(res.status, 503, JSON.stringify(res.body));
      const job = await request(api.url).get(`${JOBS}/${id}`).set(a.headers);
      assert.equal((job.body as { job: Job }).job.status, 'AWAITING_UPLOADS');
    } finally {
      await api.close();
    }
  });
});
