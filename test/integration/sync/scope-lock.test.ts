import assert from 'node:assert/strict';
import { acquireScopeLock } from '../../../src/sync/scope-lock';
import { freshAccount, testGraph } from '../../helpers/harness';

/** The finalize lease on (account, scope), against real Neo4j and real concurrency. */
describe('scope lock (real Neo4j)', () => {
  it('of 20 jobs racing for a free scope, exactly one gets the lease', async () => {
    const graph = await testGraph();
    const a = await freshAccount();
    const now = Date.now();
    // The lock node exists and is free (the usual case: an earlier job released it).
    const params = { accountId: a.accountId, scope: 'race', jobId: 'earlier' };
    await graph.write('sync/acquire-scope-lock', { ...params, now, leaseMs: 60_000 });
    await graph.write('sync/release-scope-lock', params);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        graph.write('sync/acquire-scope-lock', {
          accountId: a.accountId,
          scope: 'race',
          jobId: `job-${i}`,
          now,
          leaseMs: 60_000,
        }),
      ),
    );
    assert.equal(results.filter((rows) => rows.length === 1).length, 1);
  });

  it('a second job waits until the first releases; an expired lease is taken over', async () => {
    const graph = await testGraph();
    const a = await freshAccount();
    const lock = (jobId: string, now = Date.now) =>
      acquireScopeLock({
        graph,
        accountId: a.accountId,
        scope: 's',
        jobId,
        leaseMs: 1000,
        pollMs: 20,
        now,
      });
    const first = await lock('one');
    let secondHasIt = false;
    const second = lock('two').then((l) => {
      secondHasIt = true;
      return l;
    });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(secondHasIt, false, 'the second job must wait while the first holds the lease');
    await first.release();
    const held = await second;
    assert.equal(secondHasIt, true);
    // 'two' now holds it and renews it; a job that sees it expired (a clock 10 s ahead) takes it.
    const third = await lock('three', () => Date.now() + 10_000);
    await third.release();
    await held.release();
  });
});
