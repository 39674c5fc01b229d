import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { redisUrl } from '../helpers/harness';
import {
  chainGraph,
  type Job,
  QueueCluster,
  scopeDiff,
  uploadInBatches,
} from '../helpers/queue-cluster';
import { PrivateRedis } from '../helpers/redis-server';

/**
 * The faults of issue 18, each reproduced against queue mode as it runs in production: the API,
 * real `graphsync worker` processes, real Neo4j and Redis (a private redis-server where the test
 * pauses or empties it). Each ends by reading the scope back from Neo4j: every uploaded key live
 * exactly once with its uploaded content, nothing else live, and exact counters.
 * See docs/reliability.md and docs/decisions/0028-fenced-ordered-finalization.md.
 */
describe('finalization under faults (queue mode, real worker processes)', function () {
  this.timeout(240_000);
  let cluster: QueueCluster | undefined;
  let redis: PrivateRedis | undefined;

  afterEach(async () => {
    await cluster?.close();
    await redis?.stop();
    cluster = undefined;
    redis = undefined;
  });

  const exact = (job: Job, expected: Partial<Job>) => {
    const keys = Object.keys(expected) as Array<keyof Job>;
    assert.deepEqual(
      Object.fromEntries(keys.map((k) => [k, job[k]])),
      expected,
      JSON.stringify(job),
    );
  };

  it('a worker frozen mid-run while another runs the same job: the stale run stops, nothing is lost', async () => {
    // Lock 2 s: the frozen worker loses its BullMQ lock quickly and the other one starts a second
    // run of the same job while the first is still in the middle of it.
    cluster = await QueueCluster.start({
      redisUrl: redisUrl(),
      workerEnv: { QUEUE_LOCK_DURATION: '2s', FINALIZE_BATCH_SIZE: '100' },
    });
    const a = await cluster.account();
    const graph = chainGraph(3000);
    const id = await cluster.startJob(a, 'freeze');
    await uploadInBatches(cluster, a, id, graph);
    const first = await cluster.startWorker();
    await cluster.finalizePending(a, id);
    await cluster.waitForJob(a, id, (j) => j.numEntitiesCreated >= 300 || j.done);
    first.child.kill('SIGSTOP');
    const second = await cluster.startWorker();
    // Frozen until the second worker has begun its own run of the job: its claim shows in Neo4j,
    // unless the frozen run holds the job's lock in an open write, which the claim then waits for
    // (the lock expires in 2 s and the stalled check runs every 0.5 s: 30 s is long past both,
    // even on a busy 2-core machine).
    await Promise.race([
      cluster.waitForNode(id, (n) => n.runs >= 2, 60_000).catch(() => undefined),
      second
        .waitFor(/"msg":"finalization picked up"/, 60_000)
        .then(() => sleep(1000))
        .catch(() => undefined),
      sleep(30_000),
    ]);
    first.child.kill('SIGCONT');
    const job = await cluster.waitForJob(a, id, (j) => j.done);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    exact(job, {
      numEntitiesCreated: 3000,
      numEntitiesUpdated: 0,
      numEntitiesDeleted: 0,
      numRelationshipsCreated: 3000,
      numRelationshipsUpdated: 0,
      numRelationshipsDeleted: 0,
    });
    assert.equal(scopeDiff(await cluster.scopeContents(a, 'freeze'), graph), '');
    assert.equal((await cluster.jobNode(id)).runs, 2, 'two runs of the job were started');
    // The older run found itself superseded at its next write, unless it was done writing.
    await sleep(1000);
    assert.match(
      first.output,
      /finalization run superseded; stopped|"msg":"finalization picked up"/,
      first.output,
    );
  });

  it('jobs of one scope apply in finalize order: a killed earlier job keeps its place', async () => {
    cluster = await QueueCluster.start({
      redisUrl: redisUrl(),
      workerEnv: { QUEUE_LOCK_DURATION: '2s', FINALIZE_BATCH_SIZE: '100', WORKER_CONCURRENCY: '2' },
    });
    const a = await cluster.account();
    const older = chainGraph(2000, 'A');
    // B drops the last 200 keys of A and changes every entity.
    const newer = chainGraph(1800, 'B');
    const ja = await cluster.startJob(a, 'order');
    await uploadInBatches(cluster, a, ja, older);
    const jb = await cluster.startJob(a, 'order');
    await uploadInBatches(cluster, a, jb, newer);
    const first = await cluster.startWorker();
    await cluster.finalizePending(a, ja);
    await cluster.finalizePending(a, jb);
    await cluster.waitForJob(a, ja, (j) => j.numEntitiesCreated >= 300 || j.done);
    // B waits behind A, untouched, while A is under way.
    assert.equal((await cluster.jobNode(jb)).runs, 0);
    first.child.kill('SIGKILL');
    await cluster.startWorker();
    const doneA = await cluster.waitForJob(a, ja, (j) => j.done);
    const doneB = await cluster.waitForJob(a, jb, (j) => j.done);
    assert.equal(doneA.status, 'FINISHED', JSON.stringify(doneA));
    assert.equal(doneB.status, 'FINISHED', JSON.stringify(doneB));
    exact(doneA, { numEntitiesCreated: 2000, numRelationshipsCreated: 2000 });
    exact(doneB, {
      numEntitiesCreated: 0,
      numEntitiesUpdated: 1800,
      numEntitiesDeleted: 200,
      // r1799 now ends at e0 instead of e1800: a new relationship, the old one deleted with
      // r1800.. (their ends are gone).
      numRelationshipsCreated: 1,
      numRelationshipsUpdated: 0,
      numRelationshipsDeleted: 201,
    });
    assert.equal(scopeDiff(await cluster.scopeContents(a, 'order'), newer), '');
    assert.ok(
      (doneA as Job & { endTimestamp: number }).endTimestamp <
        (doneB as Job & { endTimestamp: number }).endTimestamp,
    );
  });

  it('an earlier job of the scope that fails and is retried still applies before the later one', async () => {
    cluster = await QueueCluster.start({
      redisUrl: redisUrl(),
      workerEnv: { QUEUE_LOCK_DURATION: '2s', WORKER_CONCURRENCY: '2' },
    });
    const a = await cluster.account();
    const older = chainGraph(300, 'A');
    const newer = chainGraph(250, 'B');
    const ja = await cluster.startJob(a, 'retry-order');
    await uploadInBatches(cluster, a, ja, older);
    const jb = await cluster.startJob(a, 'retry-order');
    await uploadInBatches(cluster, a, jb, newer);
    // A's staged data is out of reach for a while (a blob store hiccup): its first attempt fails
    // and is retried after the queue's backoff.
    const staged = path.join(cluster.api.dataDir, 'blobs', 'staging', a.accountId, ja);
    fs.renameSync(staged, `${staged}.away`);
    const worker = await cluster.startWorker();
    await cluster.finalizePending(a, ja);
    await cluster.finalizePending(a, jb);
    await worker.waitFor(
      new RegExp(`"jobId":"${ja}[^"]*"[^\n]*finalization attempt failed`),
      60_000,
    );
    await sleep(1000);
    assert.equal((await cluster.getJob(a, jb)).status, 'FINALIZE_PENDING', 'B must wait for A');
    assert.equal((await cluster.scopeContents(a, 'retry-order')).entities.length, 0);
    fs.renameSync(`${staged}.away`, staged);
    const doneA = await cluster.waitForJob(a, ja, (j) => j.done);
    const doneB = await cluster.waitForJob(a, jb, (j) => j.done);
    assert.equal(doneA.status, 'FINISHED', JSON.stringify(doneA));
    assert.equal(doneB.status, 'FINISHED', JSON.stringify(doneB));
    exact(doneA, { numEntitiesCreated: 300, numRelationshipsCreated: 300 });
    exact(doneB, {
      numEntitiesCreated: 0,
      numEntitiesUpdated: 250,
      numEntitiesDeleted: 50,
      numRelationshipsCreated: 1,
      numRelationshipsDeleted: 51,
    });
    assert.equal(scopeDiff(await cluster.scopeContents(a, 'retry-order'), newer), '');
  });

  it('Redis restarted empty: accepted finalizations are queued again and finish', async () => {
    redis = await PrivateRedis.start();
    cluster = await QueueCluster.start({
      redisUrl: redis.url,
      workerEnv: { QUEUE_LOCK_DURATION: '2s', FINALIZE_BATCH_SIZE: '100' },
    });
    const a = await cluster.account();
    const graphs = ['s1', 's2', 's3'].map((scope, i) => ({ scope, graph: chainGraph(600 + i) }));
    const ids: string[] = [];
    for (const { scope, graph } of graphs) {
      const id = await cluster.startJob(a, scope);
      await uploadInBatches(cluster, a, id, graph);
      ids.push(id);
    }
    await cluster.startWorker();
    for (const id of ids) await cluster.finalizePending(a, id);
    // One running, two queued-not-running when Redis loses everything.
    await cluster.waitForJob(a, ids[0]!, (j) => j.numEntitiesCreated > 0 || j.done);
    await redis.restartEmpty();
    for (const [i, id] of ids.entries()) {
      const job = await cluster.waitForJob(a, id, (j) => j.done);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      const { scope, graph } = graphs[i]!;
      exact(job, {
        numEntitiesCreated: graph.entities.length,
        numRelationshipsCreated: graph.relationships.length,
      });
      assert.equal(scopeDiff(await cluster.scopeContents(a, scope), graph), '');
    }
  });

  it('Redis unresponsive while finalize is called: the client retry finalizes the job', async () => {
    redis = await PrivateRedis.start();
    cluster = await QueueCluster.start({
      redisUrl: redis.url,
      workerEnv: { QUEUE_LOCK_DURATION: '2s' },
    });
    const a = await cluster.account();
    const graph = chainGraph(200);
    const id = await cluster.startJob(a, 'slow');
    await uploadInBatches(cluster, a, id, graph);
    await cluster.startWorker();
    redis.pause();
    // Sent now (a supertest request goes out when it is awaited or then-ed).
    const answered = cluster.finalize(a, id).then((res) => res);
    await sleep(9000); // well past the API's 5 s enqueue timeout, however slow the request
    redis.resume();
    const first = await answered;
    assert.equal(first.status, 503, JSON.stringify(first.body));
    assert.equal((await cluster.getJob(a, id)).status, 'AWAITING_UPLOADS');
    // The late enqueue reaches Redis and the worker finds the job handed back: a no-op.
    await sleep(3000);
    // What a client does: finalize again.
    const retry = await cluster.finalize(a, id);
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    const job = await cluster.waitForJob(a, id, (j) => j.done, 60_000);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    exact(job, { numEntitiesCreated: 200, numRelationshipsCreated: 200 });
    assert.equal(scopeDiff(await cluster.scopeContents(a, 'slow'), graph), '');
  });

  it('a killed worker is taken over within the default lock and resumes from its checkpoint', async () => {
    // Default QUEUE_LOCK_DURATION (10 s): the stalled check runs every 2.5 s, so the job is free
    // again within 12.5 s of the kill; the bound below adds a wide margin for a busy machine.
    cluster = await QueueCluster.start({
      redisUrl: redisUrl(),
      workerEnv: { FINALIZE_BATCH_SIZE: '100' },
    });
    const a = await cluster.account();
    const graph = chainGraph(3000);
    const id = await cluster.startJob(a, 'takeover');
    await uploadInBatches(cluster, a, id, graph);
    const first = await cluster.startWorker();
    await cluster.finalizePending(a, id);
    await cluster.waitForJob(a, id, (j) => j.numEntitiesCreated >= 300 || j.done);
    // Killed as soon as it has applied a few chunks, then looked at: a dead worker changes nothing
    // more, so what the node says is what the takeover must resume from. (Starting the second
    // worker first gave the first one seconds more on a busy machine, time enough to finish.)
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    const node = await cluster.jobNode(id);
    assert.equal(node.status, 'FINALIZE_PENDING', 'killed too late to test anything');
    const second = await cluster.startWorker();
    const startupMs = Date.now() - killedAt;
    await cluster.waitForNode(id, (n) => n.runs >= 2 || n.status !== 'FINALIZE_PENDING', 60_000);
    const takeoverMs = Date.now() - killedAt;
    // The job is free within 12.5 s of the kill; a worker that came up later takes it at once.
    assert.ok(
      takeoverMs < 25_000 + startupMs,
      `taken over ${takeoverMs} ms after the kill (the second worker was up after ${startupMs} ms)`,
    );
    const job = await cluster.waitForJob(a, id, (j) => j.done);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    exact(job, {
      numEntitiesCreated: 3000,
      numEntitiesUpdated: 0,
      numRelationshipsCreated: 3000,
      numRelationshipsUpdated: 0,
    });
    assert.equal(scopeDiff(await cluster.scopeContents(a, 'takeover'), graph), '');
    // This job's line: the workers also pick up pending jobs other tests left in the database,
    // whose checkpoints may be at their start.
    const resumed = new RegExp(
      `"jobId":"${id}"[^\\n]*"applied":\\{"e":(\\d+),"r":(\\d+)\\}[^\\n]*finalization resumed from its checkpoint`,
    ).exec(second.output);
    assert.ok(resumed !== null, second.output);
    // It went on from at least where the killed run was when the test looked.
    assert.ok(Number(resumed[1]) >= (node.checkpoint?.applied.e ?? 1), resumed[0]);
  });
});
