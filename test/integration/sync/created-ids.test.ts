import assert from 'node:assert/strict';
import { freshAccount, testApp } from '../../helpers/harness';
import { statementRuns as runs } from '../../helpers/statement-runs';
import { entity, expectCounters, find, rel, scopeContents, SyncClient } from './semantics-helpers';

/**
 * A DIFF into a new scope finds its relationships' ends among the entities it just created, in
 * memory (decision 0055): the same relationships and the same errors as reading them back, and no
 * read of the ends.
 */
describe('relationship ends of a DIFF into a new scope, found in memory (real Neo4j)', () => {
  it('connects the entities the job created, refuses a missing end, and reads no end', async () => {
    const a = await freshAccount();
    const c = new SyncClient(await testApp(), a.headers);
    const reads = await runs('sync/resolve-relationship-ends');
    const creates = await runs('sync/create-relationships');
    const job = await c.diff(
      'fresh',
      [entity('h1'), entity('h2'), entity('h3')],
      [rel('r12', 'h1', 'h2'), rel('r31', 'h3', 'h1'), rel('r1x', 'h1', 'missing')],
    );
    expectCounters(job, {
      numEntitiesCreated: 3,
      numRelationshipsCreated: 2,
      numRelationshipCreateErrors: 1,
    });
    assert.deepEqual(
      job.errors?.map((e) => [e.key, e.message]),
      [['r1x', "Relationship not created: _toEntityKey 'missing' matches no entity"]],
    );
    const { entities, relationships } = await scopeContents(a.accountId, 'fresh');
    const id = (key: string) => find(entities, key)._id;
    assert.deepEqual(
      ['r12', 'r31'].map((k) => [find(relationships, k).fromId, find(relationships, k).toId]),
      [
        [id('h1'), id('h2')],
        [id('h3'), id('h1')],
      ],
    );
    assert.equal(await runs('sync/resolve-relationship-ends'), reads);
    assert.ok((await runs('sync/create-relationships')) > creates);
  });
});
