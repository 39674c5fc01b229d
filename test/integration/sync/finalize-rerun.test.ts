import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshAccount, startTestApi, testGraph, testSync, uploadJson } from '../../helpers/harness';
import { forEachBlobStore } from '../../helpers/blob-stores';
import { changeParams } from '../../../src/model/change-record';
import { localFinalizeOwner } from '../../../src/sync/finalize/finalize-owner';

/**
 * A finalization that runs again after its worker died must report what the earlier run already
 * did. Here the earlier run is played by the real soft-delete statement, run as that run would
 * have, before the worker "died"; the re-run then finds nothing left to delete and must still
 * count the delete (it recounts from the job's stamps when `finalizeRuns` says it is a re-run).
 */
forEachBlobStore('finalize re-run after an interrupted run (real Neo4j)', () => {
  it('counts the soft deletes of the interrupted run', async () => {
    const graph = await testGraph();
    const a = await freshAccount();
    // No dispatcher: finalize leaves the job FINALIZE_PENDING, as a queue would.
    const sync = await testSync({ queued: true });
    const entity = (key: string) => ({ _key: key, _type: 't', _class: 'Thing' });
    const runJob = async (keys: string[]) => {
      const job = await sync.service.start({
        accountId: a.accountId,
        body: { source: 'api', scope: 's' },
      });
      const ref = { accountId: a.accountId, jobId: job.id };
      await uploadJson(sync, ref, { entities: keys.map(entity) });
      await sync.service.finalize({ ...ref, body: {} });
      return ref;
    };

    const first = await runJob(['keep', 'gone']);
    assert.equal((await sync.finalizer.run(first)).numEntitiesCreated, 2);

    const second = await runJob(['keep']);
    // The interrupted run: it had started (finalizeRuns 1), found 'gone' absent from the job
    // (decision 0051: one scan of the scope) and soft deleted it.
    await sync.jobs.update(second, { finalizeRuns: 1 });
    const scanned: Array<{ id: string; key: string; keyHash: string }> = [];
    await graph.readEach<{ id: string; key: string; keyHash: string }>(
      'sync/scan-scope-entities',
      { accountId: a.accountId, scope: 's' },
      () => (row) => scanned.push(row),
    );
    const gone = scanned.filter((r) => r.key === 'gone');
    assert.equal(gone.length, 1);
    const now = Date.now();
    const [deleted] = await graph.write<{ deleted: number }>('sync/soft-delete-entities', {
      accountId: a.accountId,
      scope: 's',
      jobId: second.jobId,
      rows: gone.map((r) => ({ id: r.id, keyHash: r.keyHash })),
      now,
      history: changeParams({ source: 'sync', jobId: second.jobId, at: now }),
    });
    assert.equal(deleted!.deleted, 1);

    const rerun = await sync.finalizer.run(second);
    assert.equal(rerun.status, 'FINISHED');
    assert.equal(rerun.numEntitiesDeleted, 1);
    assert.equal(rerun.numEntitiesCreated, 0);
    assert.equal(rerun.numEntitiesUpdated, 0);
  });
});

forEachBlobStore(
  'finalize bookkeeping: hand-back, claims and local-mode resume (real Neo4j)',
  () => {
    const entity = (key: string) => ({ _key: key, _type: 't', _class: 'Thing' });

    it('hands an accepted finalize back only while no run has claimed it', async () => {
      const a = await freshAccount();
      const sync = await testSync({ queued: true });
      const start = async () => {
        const job = await sync.service.start({
          accountId: a.accountId,
          body: { source: 'api', scope: `s-${Math.random()}` },
        });
        const ref = { accountId: a.accountId, jobId: job.id };
        await uploadJson(sync, ref, { entities: [entity('k')] });
        await sync.service.finalize({ ...ref, body: {} });
        return ref;
      };
      const unclaimed = await start();
      const back = await sync.jobs.returnUnclaimedFinalize(unclaimed);
      assert.equal(back?.status, 'AWAITING_UPLOADS');

      const claimed = await start();
      const claim = await sync.jobs.claimRun(claimed);
      assert.deepEqual([claim.mine, claim.earlier, claim.job.finalizeRuns], [true, null, 1]);
      assert.equal(await sync.jobs.returnUnclaimedFinalize(claimed), undefined);
      assert.equal((await sync.jobs.get(claimed)).status, 'FINALIZE_PENDING');
      // Accepted again after a hand-back, a job takes a new place in its scope's order.
      await sync.service.finalize({ ...unclaimed, body: {} });
      const again = await sync.jobs.get(unclaimed);
      assert.equal(again.status, 'FINALIZE_PENDING');
      assert.equal(again.finalizeSeq, 2);
    });

    it('a later job of the scope cannot claim a run while an earlier one is pending', async () => {
      const a = await freshAccount();
      const sync = await testSync({ queued: true });
      const refs = [];
      for (const key of ['first', 'second']) {
        const job = await sync.service.start({
          accountId: a.accountId,
          body: { source: 'api', scope: 'ordered' },
        });
        const ref = { accountId: a.accountId, jobId: job.id };
        await uploadJson(sync, ref, { entities: [entity(key)] });
        await sync.service.finalize({ ...ref, body: {} });
        refs.push(ref);
      }
      const [first, second] = refs as [(typeof refs)[0], (typeof refs)[0]];
      const blocked = await sync.jobs.claimRun(second);
      assert.deepEqual(
        [blocked.mine, blocked.earlier, blocked.job.finalizeRuns],
        [false, first.jobId, 0],
      );
      assert.equal((await sync.finalizer.attempt(second)).status, 'waiting');
      assert.equal((await sync.finalizer.run(first)).status, 'FINISHED');
      const done = await sync.finalizer.run(second);
      assert.equal(done.status, 'FINISHED');
      assert.equal(done.numEntitiesDeleted, 1);
    });

    it('a local-mode API finishes the finalizations its deployment left pending when it starts, and no other deployment’s', async () => {
      const a = await freshAccount();
      const apiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-resume-'));
      const ownSync = await testSync({ queued: true, owner: localFinalizeOwner(apiDir) });
      const foreignSync = await testSync({ queued: true, owner: 'queue:elsewhere' });
      const sync = await testSync({ queued: true });
      const startJob = async (scope: string, s = sync) => {
        const job = await s.service.start({
          accountId: a.accountId,
          body: { source: 'api', scope },
        });
        return { accountId: a.accountId, jobId: job.id };
      };
      const first = await startJob('resume');
      await uploadJson(sync, first, { entities: [entity('old')] });
      await sync.service.finalize({ ...first, body: {} });
      assert.equal((await sync.finalizer.run(first)).numEntitiesCreated, 1);
      // Left pending by a process that stopped: an empty DIFF, which deletes 'old' when it runs.
      // Accepted without an owner (as before owners were recorded): any deployment takes it up.
      // (No uploads: the API under test keeps its staged data in a data directory of its own.)
      const left = await startJob('resume');
      await sync.service.finalize({ ...left, body: {} });
      // Accepted by the API's own deployment (its DATA_DIR) before it restarted.
      const own = await startJob('resume-own', ownSync);
      await ownSync.service.finalize({ ...own, body: {} });
      // Accepted by another deployment sharing this Neo4j: not this API's to finish.
      const foreign = await startJob('resume-foreign', foreignSync);
      await foreignSync.service.finalize({ ...foreign, body: {} });
      for (const ref of [left, own, foreign]) {
        assert.equal((await sync.jobs.get(ref)).status, 'FINALIZE_PENDING');
      }
      const pending = async (owner: string | undefined) =>
        (await sync.jobs.findFinalizePending(Date.now() + 1, 10_000, owner))
          .map((j) => j.jobId)
          .filter((id) => [left, own, foreign].some((r) => r.jobId === id));
      assert.deepEqual(await pending(localFinalizeOwner(apiDir)), [left.jobId, own.jobId]);
      assert.deepEqual(await pending('queue:elsewhere'), [left.jobId, foreign.jobId]);
      assert.deepEqual(await pending(undefined), [left.jobId, own.jobId, foreign.jobId]);

      const api = await startTestApi({ DATA_DIR: apiDir });
      try {
        const deadline = Date.now() + 45_000; // the start-up pass runs finalizes on Neo4j
        const settled = async () =>
          (await sync.jobs.get(left)).status !== 'FINALIZE_PENDING' &&
          (await sync.jobs.get(own)).status !== 'FINALIZE_PENDING';
        while (Date.now() < deadline && !(await settled())) {
          await new Promise((r) => setTimeout(r, 100));
        }
        const done = await sync.jobs.get(left);
        assert.equal(done.status, 'FINISHED', JSON.stringify(done));
        assert.equal(done.numEntitiesDeleted, 1);
        assert.equal((await sync.jobs.get(own)).status, 'FINISHED');
        const untouched = await sync.jobs.get(foreign);
        assert.deepEqual([untouched.status, untouched.finalizeRuns], ['FINALIZE_PENDING', 0]);
      } finally {
        await api.close();
        fs.rmSync(apiDir, { recursive: true, force: true });
      }
      // Its own deployment finishes it.
      assert.equal((await foreignSync.finalizer.run(foreign)).status, 'FINISHED');
    });
  },
);
