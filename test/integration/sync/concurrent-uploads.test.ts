import assert from 'node:assert/strict';
import request from 'supertest';
import type { Graph, Tx } from '../../../src/graph/graph';
import { freshAccount, startTestApi, testGraph, type TestAccount } from '../../helpers/harness';
import {
  type Body,
  bookkeeping,
  entity,
  JOBS,
  type JobBody,
  relationship,
  type Res,
  scopeContents,
} from './lifecycle-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Many uploads in flight to one job at once, as the JupiterOne SDK sends them (6 batches at a
 * time), through the real API process (local mode) on the real Neo4j: every upload answers 200
 * (no deadlock, no 503 once the retry budget runs out), each batch is staged and counted exactly
 * once, and finalize writes exactly the uploaded keys. The uploads must not merely get through on
 * the driver's retries: each upload's transaction runs once, with no DeadlockDetected to retry.
 */

type Route = 'upload' | 'entities' | 'relationships';

interface Batch {
  route: Route;
  body: { entities?: Body[]; relationships?: Body[] };
  correlationId?: string;
}

/** Batch `b`: `entities` entities e-b-i and `relationships` relationships r-b-i (e-b-i -> e-b-i+1). */
function batchOf(b: number, entities: number, relationships: number, v: number = b): Batch['body'] {
  return {
    ...(entities > 0
      ? {
          entities: range(entities).map((i) =>
            entity(`e-${b}-${i}`, { v, name: `host ${b}/${i}` }),
          ),
        }
      : {}),
    ...(relationships > 0
      ? {
          relationships: range(relationships).map((i) =>
            relationship(`r-${b}-${i}`, `e-${b}-${i}`, `e-${b}-${(i + 1) % entities}`, { v }),
          ),
        }
      : {}),
  };
}

function range(n: number, from = 0): number[] {
  return Array.from({ length: n }, (_, i) => from + i);
}

/**
 * Counts the write transactions of the Graph the API runs on (the tests' own, which startTestApi
 * passes to the API) and how often their work ran: the driver runs it again when Neo4j aborts the
 * transaction with a transient error such as DeadlockDetected.
 */
class WriteTxSpy {
  transactions = 0;
  runs = 0;
  readonly transientErrors: string[] = [];

  constructor(private readonly graph: Graph) {
    const original = graph.writeTx.bind(graph);
    graph.writeTx = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
      this.transactions += 1;
      return original(async (tx) => {
        this.runs += 1;
        try {
          return await work(tx);
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (typeof code === 'string' && code.startsWith('Neo.TransientError.')) {
            this.transientErrors.push(code);
          }
          throw err;
        }
      });
    };
  }

  reset(): void {
    this.transactions = 0;
    this.runs = 0;
    this.transientErrors.length = 0;
  }

  /** Every transaction since reset() ran its work exactly once. */
  assertNoRetries(): void {
    const codes = [...new Set(this.transientErrors)].join(', ');
    assert.equal(
      this.runs,
      this.transactions,
      `${this.transactions} write transactions ran ${this.runs} times: ${this.transientErrors.length} were aborted (${codes}) and retried`,
    );
  }

  uninstall(): void {
    Reflect.deleteProperty(this.graph, 'writeTx');
  }
}

forEachBlobStore('sync jobs: concurrent uploads to one job (API process, real Neo4j)', function () {
  this.timeout(180_000);
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let spy: WriteTxSpy;

  before(async () => {
    spy = new WriteTxSpy(await testGraph());
    api = await startTestApi();
  });

  after(async () => {
    await api.close();
    spy.uninstall();
  });

  async function start(account: TestAccount, body: Body): Promise<JobBody> {
    const res = await request(api.url).post(JOBS).set(account.headers).send(body);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: JobBody }).job;
  }

  function post(account: TestAccount, id: string, batch: Batch): Promise<Res> {
    return request(api.url)
      .post(`${JOBS}/${id}/${batch.route}`)
      .set(account.headers)
      .set(
        batch.correlationId === undefined
          ? {}
          : { 'JupiterOne-Correlation-Id': batch.correlationId },
      )
      .send(batch.body);
  }

  /** Sends every batch at once; returns the responses in order and how long they took. */
  async function sendAll(
    account: TestAccount,
    id: string,
    batches: Batch[],
  ): Promise<{ results: Res[]; ms: number }> {
    spy.reset();
    const started = Date.now();
    const results = await Promise.all(batches.map((batch) => post(account, id, batch)));
    const ms = Date.now() - started;
    return { results, ms };
  }

  function assertAllOk(results: Res[], ms: number): void {
    const failures = results
      .map((res, i) => ({ i, status: res.status, text: res.text.slice(0, 300) }))
      .filter((r) => r.status !== 200);
    assert.deepEqual(
      failures,
      [],
      `${failures.length}/${results.length} uploads failed after ${ms} ms: ${JSON.stringify(failures)}`,
    );
    spy.assertNoRetries();
  }

  async function job(account: TestAccount, id: string): Promise<JobBody> {
    const res = await request(api.url).get(`${JOBS}/${id}`).set(account.headers);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: JobBody }).job;
  }

  async function finalize(account: TestAccount, id: string): Promise<JobBody> {
    const res = await request(api.url).post(`${JOBS}/${id}/finalize`).set(account.headers);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: JobBody }).job;
  }

  /** The distinct entity and relationship keys of some batches, sorted. */
  function keysOf(batches: Batch[]): { entities: string[]; relationships: string[] } {
    const entities = new Set<string>();
    const relationships = new Set<string>();
    for (const { body } of batches) {
      for (const e of body.entities ?? []) entities.add(e._key as string);
      for (const r of body.relationships ?? []) relationships.add(r._key as string);
    }
    const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
    return { entities: sorted(entities), relationships: sorted(relationships) };
  }

  /** After a FINISHED finalize: the scope holds exactly these keys, none deleted. */
  async function assertScopeHolds(
    account: TestAccount,
    scope: string,
    expected: { entities: string[]; relationships: string[] },
  ): Promise<Awaited<ReturnType<typeof scopeContents>>> {
    const contents = await scopeContents(account.accountId, scope);
    assert.deepEqual(
      contents.entities.map((e) => e._key),
      expected.entities,
    );
    assert.deepEqual(
      contents.relationships.map((r) => r._key),
      expected.relationships,
    );
    assert.ok(contents.entities.every((e) => e._deleted !== true));
    assert.ok(contents.relationships.every((r) => r._deleted !== true));
    return contents;
  }

  it('stages 6 concurrent batches of 500 entities + 500 relationships, each exactly once', async () => {
    const account = await freshAccount();
    const scope = 'concurrent-6';
    const { id } = await start(account, { source: 'api', scope });
    const batches: Batch[] = range(6).map((b) => ({ route: 'upload', body: batchOf(b, 500, 500) }));

    const { results, ms } = await sendAll(account, id, batches);
    assertAllOk(results, ms);

    const keys = keysOf(batches);
    const uploaded = await job(account, id);
    assert.deepEqual(
      [uploaded.numEntitiesUploaded, uploaded.numRelationshipsUploaded],
      [keys.entities.length, keys.relationships.length],
    );
    assert.deepEqual(await bookkeeping(account.accountId, id), {
      jobs: 1,
      batches: 6,
      stagedKeys: keys.entities.length + keys.relationships.length,
    });
    // Every response answers a job that already counts its own batch.
    for (const res of results) {
      const counted = (res.body as { job: JobBody }).job.numEntitiesUploaded as number;
      assert.ok(counted >= 500 && counted <= 3000 && counted % 500 === 0, String(counted));
    }

    const done = await finalize(account, id);
    assert.deepEqual(
      [
        done.status,
        done.numEntitiesUploaded,
        done.numEntitiesCreated,
        done.numRelationshipsUploaded,
        done.numRelationshipsCreated,
        done.numRelationshipCreateErrors,
      ],
      ['FINISHED', 3000, 3000, 3000, 3000, 0],
    );
    await assertScopeHolds(account, scope, keys);
  });

  it('stages 12 concurrent uploads on every route once each, correlation-id re-sends included', async () => {
    const account = await freshAccount();
    const scope = 'concurrent-12';
    const { id } = await start(account, { source: 'api', scope });
    // 8 distinct batches: /upload with both lists, /entities, and /relationships whose ends are the
    // entities of the /entities batch before it.
    const distinct: Batch[] = range(8).map((b) => {
      const correlationId = `corr-${b}`;
      if (b % 4 === 2) return { route: 'entities', correlationId, body: batchOf(b, 500, 0) };
      if (b % 4 === 3) {
        const body = {
          relationships: range(500).map((i) =>
            relationship(`r-${b}-${i}`, `e-${b - 1}-${i}`, `e-${b - 1}-${(i + 1) % 500}`),
          ),
        };
        return { route: 'relationships', correlationId, body };
      }
      return { route: 'upload', correlationId, body: batchOf(b, 500, 500) };
    });
    // 4 re-sends (same correlation id, same body), interleaved with the first sends.
    const resent = [1, 2, 3, 4].map((b) => distinct[b]!);
    const requests = [...distinct.slice(0, 4), ...resent, ...distinct.slice(4)];
    assert.equal(requests.length, 12);

    const { results, ms } = await sendAll(account, id, requests);
    assertAllOk(results, ms);

    const keys = keysOf(distinct);
    const uploaded = await job(account, id);
    assert.deepEqual(
      [uploaded.numEntitiesUploaded, uploaded.numRelationshipsUploaded],
      [keys.entities.length, keys.relationships.length],
    );
    assert.deepEqual([keys.entities.length, keys.relationships.length], [3000, 3000]);
    assert.deepEqual(await bookkeeping(account.accountId, id), {
      jobs: 1,
      batches: 8,
      stagedKeys: keys.entities.length + keys.relationships.length,
    });

    // A late re-send of every batch changes nothing.
    const late = await sendAll(account, id, distinct);
    assertAllOk(late.results, late.ms);
    assert.deepEqual(await job(account, id), uploaded);

    const done = await finalize(account, id);
    assert.deepEqual(
      [
        done.status,
        done.numEntitiesCreated,
        done.numRelationshipsCreated,
        done.numRelationshipCreateErrors,
      ],
      ['FINISHED', 3000, 3000, 0],
    );
    await assertScopeHolds(account, scope, keys);
  });

  it('with ignoreDuplicates, 6 concurrent overlapping batches count each key once; the last staged wins', async () => {
    const account = await freshAccount();
    const scope = 'concurrent-overlap';
    const { id } = await start(account, { source: 'api', scope, ignoreDuplicates: true });
    // Batch b holds keys k-(300b) .. k-(300b+499+b): each overlaps the next by 200 or more keys, and
    // its size (500 + b) tells it apart in the job's batch list.
    const sizeOf = (b: number) => 500 + b;
    const batches: Batch[] = range(6).map((b) => ({
      route: 'upload',
      body: {
        entities: range(sizeOf(b), 300 * b).map((i) => entity(`k-${i}`, { v: b })),
        relationships: range(sizeOf(b), 300 * b).map((i) =>
          relationship(`rk-${i}`, `k-${i}`, `k-${300 * b}`, { v: b }),
        ),
      },
    }));

    const { results, ms } = await sendAll(account, id, batches);
    assertAllOk(results, ms);

    const keys = keysOf(batches);
    const uploaded = await job(account, id);
    assert.deepEqual(
      [uploaded.numEntitiesUploaded, uploaded.numRelationshipsUploaded],
      [keys.entities.length, keys.relationships.length],
    );
    assert.deepEqual(await bookkeeping(account.accountId, id), {
      jobs: 1,
      batches: 6,
      // One print per object of each batch (decision 0051): repeated keys too.
      stagedKeys: batches.reduce(
        (n, b) => n + (b.body.entities?.length ?? 0) + (b.body.relationships?.length ?? 0),
        0,
      ),
    });

    // Which batch each sequence number is (by its size), so the winner of each key is known: the
    // batch staged last among those that hold it.
    const graph = await testGraph();
    const staged = await graph.read<{ seq: number; entities: number }>('sync/list-batches', {
      jobId: id,
      afterSeq: 0,
    });
    const batchOfSeq = new Map(staged.map((s) => [s.seq, s.entities - 500]));
    assert.deepEqual(
      [...batchOfSeq.values()].sort((a, b) => a - b),
      range(6),
    );
    const winner = new Map<string, number>();
    for (const seq of [...batchOfSeq.keys()].sort((a, b) => a - b)) {
      const b = batchOfSeq.get(seq)!;
      for (const e of batches[b]!.body.entities ?? []) winner.set(e._key as string, b);
    }

    const done = await finalize(account, id);
    assert.deepEqual(
      [done.status, done.numEntitiesCreated, done.numRelationshipsCreated],
      ['FINISHED', keys.entities.length, keys.relationships.length],
    );
    const contents = await assertScopeHolds(account, scope, keys);
    const lost = contents.entities.filter((e) => e.v !== winner.get(e._key));
    assert.deepEqual(lost.slice(0, 5), [], `${lost.length} keys hold another batch's values`);
  });

  it('without ignoreDuplicates, of 6 concurrent batches sharing one key exactly one is staged', async () => {
    const account = await freshAccount();
    const scope = 'concurrent-dup';
    const { id } = await start(account, { source: 'api', scope });
    const batches: Batch[] = range(6).map((b) => ({
      route: 'entities',
      body: { entities: [...range(499).map((i) => entity(`e-${b}-${i}`)), entity('shared')] },
    }));

    const { results } = await sendAll(account, id, batches);
    const ok = results.filter((res) => res.status === 200);
    const rejected = results.filter((res) => res.status !== 200);
    assert.equal(ok.length, 1, results.map((res) => `${res.status} ${res.text}`).join('\n'));
    for (const res of rejected) {
      assert.deepEqual(
        { status: res.status, body: res.body },
        {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_ERROR',
              message:
                "/entities/499/_key 'shared' is a duplicate: an entity with this _key was already uploaded in this job",
            },
          },
        },
      );
    }
    spy.assertNoRetries();
    const winner = batches[results.indexOf(ok[0]!)]!;
    assert.equal((await job(account, id)).numEntitiesUploaded, 500);
    assert.deepEqual(await bookkeeping(account.accountId, id), {
      jobs: 1,
      batches: 1,
      stagedKeys: 500,
    });
    const done = await finalize(account, id);
    assert.deepEqual([done.status, done.numEntitiesCreated], ['FINISHED', 500]);
    await assertScopeHolds(account, scope, keysOf([winner]));
  });
});
