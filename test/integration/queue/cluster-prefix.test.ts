import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { loadConfig } from '../../../src/config/config';
import { UnavailableError } from '../../../src/errors/app-error';
import { openFinalizeQueue } from '../../../src/queue/finalize-queue';
import { type RunningWorker, startWorker } from '../../../src/worker';
import {
  TEST_SECRETS_KEY,
  freshAccount,
  neo4jUri,
  silentLogger,
  startTestApi,
  testGraph,
} from '../../helpers/harness';
import { RedisClusterNode } from '../../helpers/redis-cluster-node';

/**
 * Queue mode on Redis Cluster (docs/operations/scaling.md): BullMQ's scripts touch several keys
 * of a queue at once, which Redis Cluster allows only within one hash slot. A QUEUE_PREFIX that
 * opens with a hash tag (`{name}`) puts every key graphsync writes in the slot of `name`. The
 * cluster here is one real `redis-server --cluster-enabled yes` node owning every slot: it applies
 * the same one-slot rule as a cluster of many.
 */
describe('queue mode on a Redis Cluster node: a hash-tagged QUEUE_PREFIX', function () {
  this.timeout(180_000);
  const JOBS = '/persister/synchronization/jobs';
  let node: RedisClusterNode;

  before(async () => {
    node = await RedisClusterNode.start();
  });

  after(async () => {
    await node?.stop();
  });

  it('a job is finalized by a worker, and every key written is under the prefix, in one slot', async () => {
    const prefix = `{gs-${randomUUID().slice(0, 8)}}`;
    const api = await startTestApi({ REDIS_URL: node.url, QUEUE_PREFIX: prefix });
    let worker: RunningWorker | undefined;
    const redis = node.client();
    try {
      const config = loadConfig({
        NEO4J_URI: neo4jUri(),
        NEO4J_USER: process.env.NEO4J_USER,
        NEO4J_PASSWORD: process.env.NEO4J_PASSWORD,
        NEO4J_DATABASE: process.env.NEO4J_DATABASE,
        REDIS_URL: node.url,
        QUEUE_PREFIX: prefix,
        DATA_DIR: api.dataDir,
        LOG_LEVEL: 'silent',
        INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
      });
      worker = await startWorker({ config, logger: silentLogger, graph: await testGraph() });
      const a = await freshAccount();
      const http = request(api.url);
      const started = await http.post(JOBS).set(a.headers).send({ source: 'api', scope: 'slot' });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const id = (started.body as { job: { id: string } }).job.id;
      const entities = ['a', 'b'].map((k) => ({ _key: k, _type: 'slot_host', _class: 'Host' }));
      const relationships = [
        {
          _key: 'a-b',
          _type: 'slot_host_connects_host',
          _class: 'CONNECTS',
          _fromEntityKey: 'a',
          _toEntityKey: 'b',
        },
      ];
      const uploaded = await http
        .post(`${JOBS}/${id}/upload`)
        .set(a.headers)
        .send({ entities, relationships });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      const pending = await http.post(`${JOBS}/${id}/finalize`).set(a.headers).send({});
      assert.equal(pending.status, 200, JSON.stringify(pending.body));
      assert.equal((pending.body as { job: { status: string } }).job.status, 'FINALIZE_PENDING');
      const job = await waitUntilDone(api.url, a.headers, id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual(
        [job.numEntitiesCreated, job.numRelationshipsCreated],
        [2, 1],
        JSON.stringify(job),
      );
      const [stored] = await (
        await testGraph()
      ).read<{ entities: Array<{ _key: string }>; relationships: Array<{ _key: string }> }>(
        'sync/test-scope-contents',
        { accountId: a.accountId, scope: 'slot' },
      );
      assert.deepEqual(stored!.entities.map((e) => e._key).sort(), ['a', 'b']);
      assert.deepEqual(
        stored!.relationships.map((r) => r._key),
        ['a-b'],
      );

      const keys = (await redis.keys('*')).sort();
      assert.ok(
        keys.some((k) => k.startsWith(`${prefix}:finalize:`)),
        `no finalize queue keys among ${JSON.stringify(keys)}`,
      );
      assert.ok(
        keys.some((k) => k.startsWith(`${prefix}:limits:`)),
        `no rate limit keys among ${JSON.stringify(keys)}`,
      );
      assert.deepEqual(
        keys.filter((k) => !k.startsWith(`${prefix}:`)),
        [],
      );
      const slots = new Set<number>();
      for (const k of keys) slots.add(Number(await redis.call('CLUSTER', 'KEYSLOT', k)));
      const tagSlot = Number(await redis.call('CLUSTER', 'KEYSLOT', prefix.slice(1, -1)));
      assert.deepEqual([...slots], [tagSlot]);
    } finally {
      await worker?.close();
      await api.close();
      redis.disconnect();
    }
  });

  it('without a hash tag the cluster refuses the queue (CROSSSLOT): why the tag is needed', async () => {
    const queue = openFinalizeQueue({
      redisUrl: node.url,
      prefix: `gs-${randomUUID().slice(0, 8)}`,
      attempts: 1,
    });
    try {
      await assert.rejects(
        queue.enqueue({ accountId: randomUUID(), jobId: randomUUID(), seq: 1 }),
        (err: unknown) =>
          err instanceof UnavailableError &&
          err.message === 'The finalization could not be queued: Redis is unavailable' &&
          /CROSSSLOT/.test(String((err.cause as Error | undefined)?.message)),
      );
    } finally {
      await queue.close();
    }
  });
});

interface DoneJob {
  status: string;
  done: boolean;
  numEntitiesCreated: number;
  numRelationshipsCreated: number;
}

async function waitUntilDone(
  url: string,
  headers: Record<string, string>,
  id: string,
): Promise<DoneJob> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await request(url).get(`/persister/synchronization/jobs/${id}`).set(headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = (res.body as { job: DoneJob }).job;
    if (job.done) return job;
    if (Date.now() > deadline) throw new Error(`job never finished: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
