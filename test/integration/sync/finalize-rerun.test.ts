import assert from 'node:assert/strict';
import { freshAccount, testGraph, testSync, uploadJson } from '../../helpers/harness';

/**
 * A finalization that runs again after its worker died must report what the earlier run already
 * did. Here the earlier run is played by the real soft-delete statement, run as that run would
 * have, before the worker "died"; the re-run then finds nothing left to delete and must still
 * count the delete (it recounts from the job's stamps when `finalizeRuns` says it is a re-run).
 */
describe('finalize re-run after an interrupted run (real Neo4j)', () => {
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
    // The interrupted run: it had started (finalizeRuns 1) and soft deleted 'gone'.
    await sync.jobs.update(second, { finalizeRuns: 1 });
    const [deleted] = await graph.write<{ deleted: number }>('sync/soft-delete-absent-entities', {
      accountId: a.accountId,
      scope: 's',
      jobId: second.jobId,
      partialTypes: [],
      now: Date.now(),
      limit: 10_000,
    });
    assert.equal(deleted!.deleted, 1);

    const rerun = await sync.finalizer.run(second);
    assert.equal(rerun.status, 'FINISHED');
    assert.equal(rerun.numEntitiesDeleted, 1);
    assert.equal(rerun.numEntitiesCreated, 0);
    assert.equal(rerun.numEntitiesUpdated, 0);
  });
});
