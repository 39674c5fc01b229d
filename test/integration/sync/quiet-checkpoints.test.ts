import assert from 'node:assert/strict';
import { freshAccount, testApp, testSync } from '../../helpers/harness';
import { statementRuns as runs } from '../../helpers/statement-runs';
import { entity, expectCounters, SyncClient } from './semantics-helpers';

/**
 * A chunk that changed no counter saves no checkpoint unless the last one is a second old
 * (finalize-progress.ts): an unchanged DIFF re-run of ten chunks writes about ten fewer
 * checkpoints than one that changes every chunk, with the same steps otherwise.
 */
describe('checkpoints of chunks that changed nothing (real Neo4j)', () => {
  it('an unchanged re-run saves a checkpoint per changed chunk only', async () => {
    const a = await freshAccount();
    const app = await testApp({ syncJobs: (await testSync({ chunkSize: 2 })).service });
    const c = new SyncClient(app, a.headers);
    const keys = Array.from({ length: 20 }, (_, i) => `h${String(i).padStart(2, '0')}`);
    await c.diff(
      's',
      keys.map((k) => entity(k)),
    );

    const saves = async (version: number, updated: number) => {
      const before = await runs('sync/update-job');
      const job = await c.diff(
        's',
        keys.map((k) => entity(k, { version })),
      );
      expectCounters(job, { numEntitiesUpdated: updated });
      return (await runs('sync/update-job')) - before;
    };
    // The first run wrote no `version`: version 1 changes all ten chunks; 1 again changes none.
    const changedAll = await saves(1, 20);
    const unchanged = await saves(1, 0);
    // Ten chunks; a slow machine may spend a second or two on them, each second one quiet save.
    const fewer = changedAll - unchanged;
    assert.ok(fewer >= 8 && fewer <= 10, `${changedAll} saves changed, ${unchanged} unchanged`);
  });
});
