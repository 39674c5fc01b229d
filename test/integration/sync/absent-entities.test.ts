import assert from 'node:assert/strict';
import { freshAccount, testApp } from '../../helpers/harness';
import { statementRuns as runs } from '../../helpers/statement-runs';
import {
  deletedKeys,
  entity,
  expectCounters,
  liveKeys,
  scopeContents,
  SyncClient,
} from './semantics-helpers';

/**
 * A DIFF re-run finds the entities it did not receive in the read of the scope its entity step
 * makes anyway (decision 0057): the same deletes, partial types spared, and no second read of the
 * scope. A run that read no entity (it uploaded none) scans as before.
 */
describe('entities a DIFF re-run did not receive, found by its entity read (real Neo4j)', () => {
  it('deletes them, spares partial types, and does not scan the scope again', async () => {
    const a = await freshAccount();
    const c = new SyncClient(await testApp(), a.headers);
    const bucket = { _key: 'b1', _type: 'aws_s3_bucket', _class: 'DataStore' };
    await c.diff('s', [entity('h1'), entity('h2'), entity('h3'), bucket]);
    const scans = await runs('sync/scan-scope-entities');
    const reads = await runs('sync/snapshot-scope-entities');
    const job = await c.diff('s', [entity('h1'), entity('h3', { changed: true })], [], {
      partialDatasets: { types: ['aws_s3_bucket'] },
    });
    expectCounters(job, { numEntitiesUpdated: 1, numEntitiesDeleted: 1 });
    const g = await scopeContents(a.accountId, 's');
    assert.deepEqual(liveKeys(g.entities), ['b1', 'h1', 'h3']);
    assert.deepEqual(deletedKeys(g.entities), ['h2']);
    assert.equal(await runs('sync/snapshot-scope-entities'), reads + 1);
    assert.equal(await runs('sync/scan-scope-entities'), scans);
  });

  it('scans when the run read no entity (a re-run that uploaded none)', async () => {
    const a = await freshAccount();
    const c = new SyncClient(await testApp(), a.headers);
    await c.diff('s', [entity('h1'), entity('h2')]);
    const scans = await runs('sync/scan-scope-entities');
    const job = await c.sync({ source: 'api', scope: 's', syncMode: 'DIFF' }, []);
    expectCounters(job, { numEntitiesDeleted: 2 });
    assert.deepEqual(deletedKeys((await scopeContents(a.accountId, 's')).entities), ['h1', 'h2']);
    assert.equal(await runs('sync/scan-scope-entities'), scans + 1);
  });
});
