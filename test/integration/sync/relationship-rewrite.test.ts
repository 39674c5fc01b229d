import assert from 'node:assert/strict';
import type express from 'express';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';
import { SyncClient, entity, expectCounters, find, rel, scopeContents } from './semantics-helpers';

/**
 * How the finalize rewrites a stored relationship (sync/update-relationships): in place when its
 * class (the Neo4j type) stays, recreated between the same ends with the same _id and _createdOn
 * when the class changes; either way one 'updated' change is recorded.
 */
describe('relationship rewrite (real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function elementIds(accountId: string, scope: string): Promise<Map<string, string>> {
    const graph = await testGraph();
    const rows = await graph.read<{ key: string; elementId: string }>(
      'sync/test-relationship-element-ids',
      { accountId, scope },
    );
    return new Map(rows.map((r) => [r.key, r.elementId]));
  }

  async function relationshipChanges(accountId: string) {
    const graph = await testGraph();
    const [row] = await graph.read<{ changes: Array<Record<string, unknown>> }>(
      'history/test-account-changes',
      { accountId },
    );
    return (row?.changes ?? []).filter((c) => c.objectKind === 'relationship');
  }

  it('a changed property rewrites in place; a changed class recreates with the same _id, _createdOn and ends', async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    const ents = [entity('h1'), entity('h2'), entity('h3')];
    await c.diff('s', ents, [
      rel('same', 'h1', 'h2', { weight: 1 }),
      rel('prop', 'h1', 'h3', { weight: 1 }),
      rel('cls', 'h2', 'h3', { weight: 1 }),
    ]);
    const before = await scopeContents(a.accountId, 's');
    const idsBefore = await elementIds(a.accountId, 's');

    const job = await c.diff('s', ents, [
      rel('same', 'h1', 'h2', { weight: 1 }),
      rel('prop', 'h1', 'h3', { weight: 2 }),
      rel('cls', 'h2', 'h3', { weight: 1, _class: 'HAS' }),
    ]);
    expectCounters(job, {
      numRelationshipsUpdated: 2,
    });

    const after = await scopeContents(a.accountId, 's');
    const idsAfter = await elementIds(a.accountId, 's');
    assert.equal(idsAfter.get('same'), idsBefore.get('same'));
    assert.equal(idsAfter.get('prop'), idsBefore.get('prop'), 'rewritten in place');
    assert.notEqual(idsAfter.get('cls'), idsBefore.get('cls'), 'recreated with the new type');
    for (const key of ['same', 'prop', 'cls']) {
      const was = find(before.relationships, key);
      const is = find(after.relationships, key);
      assert.deepEqual(
        [is._id, is._createdOn, is.fromKey, is.toKey, is._deleted],
        [was._id, was._createdOn, was.fromKey, was.toKey, false],
        key,
      );
    }
    const prop = find(after.relationships, 'prop');
    assert.deepEqual([prop.type, prop.weight, prop._version], ['USES', 2, 2]);
    const cls = find(after.relationships, 'cls');
    assert.deepEqual([cls.type, cls._class, cls.weight, cls._version], ['HAS', 'HAS', 1, 2]);
    assert.equal(find(after.relationships, 'same')._version, 1);

    const updated = (await relationshipChanges(a.accountId)).filter((x) => x.kind === 'updated');
    assert.deepEqual(
      updated.map((x) => [x.key, x.props]).sort(),
      [
        ['cls', ['_class']],
        ['prop', ['weight']],
      ].sort(),
    );
  });
});
