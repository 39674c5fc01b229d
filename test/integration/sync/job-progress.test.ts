import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { FINALIZE_PHASES } from '../../../src/sync/jobs/job-progress';
import { freshAccount, redisUrl, startTestApi, type TestAccount } from '../../helpers/harness';
import {
  chainGraph,
  JOBS,
  type Job,
  QueueCluster,
  uploadInBatches,
} from '../../helpers/queue-cluster';
import { readSse, type SseEvent } from '../../helpers/sse';

/** The data of a progress event (openapi.yaml's SyncJobProgressEvent). */
interface Progress {
  jobId: string;
  status: string;
  phase: string | null;
  percent: number | null;
  phases: Array<{ name: string; done: number; total: number | null }>;
  counters: Record<string, number>;
  final: boolean;
}

const COUNTERS = [
  'numEntitiesUploaded',
  'numEntitiesCreated',
  'numEntitiesUpdated',
  'numEntitiesDeleted',
  'numEntityUpdateErrors',
  'numRelationshipsUploaded',
  'numRelationshipsCreated',
  'numRelationshipsUpdated',
  'numRelationshipsDeleted',
  'numRelationshipCreateErrors',
  'numMappedRelationshipsUploaded',
  'numRawDataVersionsCreated',
];

const dataOf = (e: SseEvent): Progress => JSON.parse(e.data) as Progress;

function countersOf(job: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(COUNTERS.map((c) => [c, job[c] as number]));
}

/** Every event is `progress`, numbered 1, 2, ... in order, with one line of JSON. */
function assertWellFormed(events: SseEvent[]): void {
  events.forEach((e, i) => {
    assert.equal(e.event, 'progress');
    assert.equal(e.id, String(i + 1));
    assert.ok(!e.data.includes('\n'));
  });
}

describe('sync job progress stream (real HTTP, Neo4j, Redis)', function () {
  this.timeout(300_000);

  describe('local mode', () => {
    let api: Awaited<ReturnType<typeof startTestApi>>;
    let a: TestAccount;

    before(async () => {
      api = await startTestApi();
    });
    after(async () => {
      await api.close();
    });
    beforeEach(async () => {
      a = await freshAccount();
    });

    async function finishedJob(): Promise<Job & Record<string, unknown>> {
      const start = await request(api.url)
        .post(JOBS)
        .set(a.headers)
        .send({ source: 'api', scope: 'progress-local' });
      const id = (start.body as { job: Job }).job.id;
      const graph = chainGraph(3);
      await request(api.url).post(`${JOBS}/${id}/upload`).set(a.headers).send(graph).expect(200);
      const fin = await request(api.url).post(`${JOBS}/${id}/finalize`).set(a.headers).send({});
      assert.equal((fin.body as { job: Job }).job.status, 'FINISHED');
      return (fin.body as { job: Job & Record<string, unknown> }).job;
    }

    it('sends one final event for a finished job and ends the response', async () => {
      const job = await finishedJob();
      const res = await readSse(`${api.url}${JOBS}/${job.id}/progress`, a.headers);
      assert.equal(res.status, 200);
      assert.equal(res.contentType, 'text/event-stream; charset=utf-8');
      assert.equal(res.ended, true);
      assertWellFormed(res.events);
      assert.equal(res.events.length, 1);
      assert.deepEqual(dataOf(res.events[0]!), {
        jobId: job.id,
        status: 'FINISHED',
        phase: null,
        percent: null,
        phases: [
          { name: 'entities', done: 3, total: 3 },
          { name: 'delete-entities', done: 0, total: 0 },
          { name: 'relationships', done: 3, total: 3 },
          { name: 'delete-relationships', done: 0, total: 0 },
          { name: 'finish', done: 1, total: 1 },
        ],
        counters: countersOf(job),
        final: true,
      });
      assert.equal(job.numEntitiesCreated, 3);
    });

    it('answers 404 with the usual error body for an unknown job, before any event', async () => {
      const id = randomUUID();
      const res = await request(api.url).get(`${JOBS}/${id}/progress`).set(a.headers);
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, {
        error: { code: 'NOT_FOUND', message: `Sync job '${id}' not found` },
      });
    });

    it("does not show another account's job", async () => {
      const job = await finishedJob();
      const other = await freshAccount();
      const res = await request(api.url).get(`${JOBS}/${job.id}/progress`).set(other.headers);
      assert.equal(res.status, 404);
    });

    it('follows a job from before finalize to its final event', async () => {
      const start = await request(api.url)
        .post(JOBS)
        .set(a.headers)
        .send({ source: 'api', scope: 'progress-follow' });
      const id = (start.body as { job: Job }).job.id;
      await request(api.url)
        .post(`${JOBS}/${id}/upload`)
        .set(a.headers)
        .send(chainGraph(2))
        .expect(200);
      let finalized: Promise<unknown> | undefined;
      const res = await readSse(`${api.url}${JOBS}/${id}/progress`, a.headers, {
        onEvent: () => {
          // (supertest sends only once awaited: then() sends it now.)
          finalized ??= request(api.url)
            .post(`${JOBS}/${id}/finalize`)
            .set(a.headers)
            .send({})
            .then((r) => assert.equal(r.status, 200));
        },
      });
      await finalized;
      assertWellFormed(res.events);
      const data = res.events.map(dataOf);
      assert.equal(data[0]!.status, 'AWAITING_UPLOADS');
      assert.deepEqual(data[0]!.phases, []);
      assert.equal(data[0]!.percent, null);
      const last = data[data.length - 1]!;
      assert.equal(last.final, true);
      assert.equal(last.status, 'FINISHED');
      assert.equal(res.ended, true);
      const job = (await request(api.url).get(`${JOBS}/${id}`).set(a.headers)).body as {
        job: Record<string, unknown>;
      };
      assert.deepEqual(last.counters, countersOf(job.job));
    });
  });

  describe('the cap on streams per process (PROGRESS_MAX_STREAMS=1)', () => {
    let api: Awaited<ReturnType<typeof startTestApi>>;
    before(async () => {
      api = await startTestApi({ PROGRESS_MAX_STREAMS: '1', PROGRESS_POLL_INTERVAL: '50ms' });
    });
    after(async () => {
      await api.close();
    });

    it('answers 429 past the cap, and a client that goes away gives its slot back', async () => {
      const a = await freshAccount();
      const start = await request(api.url)
        .post(JOBS)
        .set(a.headers)
        .send({ source: 'api', scope: 'progress-cap' });
      const id = (start.body as { job: Job }).job.id;
      const url = `${api.url}${JOBS}/${id}/progress`;
      // The job awaits uploads: its stream stays open until the client leaves.
      const first = await readSse(url, a.headers, { stopWhen: (events) => events.length === 1 });
      assert.equal(first.ended, false);
      assert.equal(dataOf(first.events[0]!).status, 'AWAITING_UPLOADS');
      // The client went away: the server notices, stops following the job and frees the slot,
      // so a new stream is served (tried until then; a slot still held answers 429 at once).
      let probe = first;
      for (let i = 0; i < 50; i++) {
        probe = await readSse(url, a.headers, { stopWhen: (events) => events.length === 1 });
        if (probe.status === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(probe.status, 200);
      // One stream open: the next is refused.
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      const held = readSse(url, a.headers, { onEvent: () => opened(), timeoutMs: 5000 });
      await open;
      const refused = await request(api.url).get(`${JOBS}/${id}/progress`).set(a.headers);
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.body, {
        error: {
          code: 'TOO_MANY_CONCURRENT_REQUESTS',
          message:
            'This API process already serves 1 progress streams, at most 1 at once (PROGRESS_MAX_STREAMS); try again later',
        },
      });
      assert.equal(refused.headers['retry-after'], '5');
      await held.catch(() => undefined);
    });

    it('a burst of opens at once gets one stream and four 429s; an unknown job takes no slot', async () => {
      const a = await freshAccount();
      const start = await request(api.url)
        .post(JOBS)
        .set(a.headers)
        .send({ source: 'api', scope: 'progress-burst' });
      const url = `${api.url}${JOBS}/${(start.body as { job: Job }).job.id}/progress`;
      const slotFree = async (): Promise<void> => {
        for (let i = 0; i < 100; i++) {
          const probe = await readSse(url, a.headers, { stopWhen: (e) => e.length === 1 });
          if (probe.status === 200) return;
          await new Promise((r) => setTimeout(r, 100));
        }
        assert.fail('the slot was never given back');
      };
      await slotFree(); // the earlier test's streams are gone
      const clients = Array.from({ length: 5 }, () => new AbortController());
      const statuses = await Promise.all(
        clients.map((c) =>
          fetch(url, { headers: a.headers, signal: c.signal }).then((r) => r.status),
        ),
      );
      for (const c of clients) c.abort();
      assert.deepEqual(
        statuses.sort(),
        [200, 429, 429, 429, 429],
        'the cap held under a burst of opens',
      );
      await slotFree();
      for (let i = 0; i < 3; i++) {
        const unknown = await request(api.url)
          .get(`${JOBS}/${randomUUID()}/progress`)
          .set(a.headers);
        assert.equal(unknown.status, 404);
      }
      await slotFree(); // three 404s left the one slot free
    });
  });

  describe('queue mode: followed through a second API process', () => {
    let cluster: QueueCluster;
    let apiB: Awaited<ReturnType<typeof startTestApi>>;

    before(async () => {
      cluster = await QueueCluster.start({ redisUrl: redisUrl() });
      apiB = await startTestApi({
        REDIS_URL: redisUrl(),
        QUEUE_PREFIX: cluster.prefix,
        PROGRESS_POLL_INTERVAL: '50ms',
      });
    });
    after(async () => {
      await apiB?.close();
      await cluster?.close();
    });

    it('moves through the fixed phases in order and ends FINISHED with the job counters', async () => {
      const a = await cluster.account();
      const worker = await cluster.startWorker({ FINALIZE_BATCH_SIZE: '100' });
      const id = await cluster.startJob(a, `progress-queue-${randomUUID()}`);
      await uploadInBatches(cluster, a, id, chainGraph(3000), 1000);
      let paused: Job | undefined;
      let pausing: Promise<void> | undefined;
      const stream = readSse(`${apiB.url}${JOBS}/${id}/progress`, a.headers, {
        timeoutMs: 240_000,
        onEvent: (e) => {
          const d = dataOf(e);
          // Mid-run, the worker is held still: the job resource (through API A) shows its
          // phase and percent.
          if (d.phase !== null && pausing === undefined) {
            pausing = (async () => {
              worker.child.kill('SIGSTOP');
              try {
                paused = await cluster.getJob(a, id);
              } finally {
                worker.child.kill('SIGCONT');
              }
            })();
          }
        },
      });
      await cluster.finalizePending(a, id);
      const res = await stream;
      await pausing;
      assert.equal(res.status, 200);
      assert.equal(res.ended, true);
      assertWellFormed(res.events);
      const data = res.events.map(dataOf);

      // Phases only move forward, through the fixed ids; percent never goes back.
      const order = data
        .filter((d) => d.phase !== null)
        .map((d) => FINALIZE_PHASES.indexOf(d.phase as never));
      assert.ok(order.length > 0, 'no event showed a phase');
      assert.ok(order.every((i) => i >= 0));
      assert.deepEqual(
        order,
        [...order].sort((x, y) => x - y),
      );
      const percents = data.filter((d) => d.percent !== null).map((d) => d.percent!);
      assert.deepEqual(
        percents,
        [...percents].sort((x, y) => x - y),
      );
      assert.ok(percents.every((p) => p >= 0 && p <= 100));

      const last = data[data.length - 1]!;
      assert.equal(last.final, true);
      assert.equal(last.status, 'FINISHED');
      assert.equal(data.filter((d) => d.final).length, 1);
      const job = await cluster.getJob(a, id);
      assert.deepEqual(last.counters, countersOf(job as unknown as Record<string, unknown>));
      assert.equal(job.numEntitiesCreated, 3000);
      assert.equal(job.numRelationshipsCreated, 3000);
      assert.deepEqual(last.phases, [
        { name: 'entities', done: 3000, total: 3000 },
        { name: 'delete-entities', done: 0, total: 0 },
        { name: 'relationships', done: 3000, total: 3000 },
        { name: 'delete-relationships', done: 0, total: 0 },
        { name: 'finish', done: 1, total: 1 },
      ]);

      // The resource while the worker was held: FINALIZE_PENDING in a phase, with a percent.
      assert.ok(paused !== undefined);
      const held = paused as Job & { phase?: string; percent?: number };
      assert.equal(held.status, 'FINALIZE_PENDING');
      assert.ok(FINALIZE_PHASES.includes(held.phase as never), JSON.stringify(held));
      assert.equal(typeof held.percent, 'number');
      assert.ok(held.percent! >= 0 && held.percent! <= 100, JSON.stringify(held));
      // ...and once finished, neither.
      assert.equal((job as Job & { phase?: string }).phase, undefined);
      assert.equal((job as Job & { percent?: number }).percent, undefined);
    });
  });
});
