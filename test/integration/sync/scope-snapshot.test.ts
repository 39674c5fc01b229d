import assert from 'node:assert/strict';
import { freshAccount, testGraph, testSync, uploadJson } from '../../helpers/harness';
import { keyHash } from '../../../src/graph/key-hash';
import { ScopeSnapshot } from '../../../src/sync/finalize/scope-snapshot';
import { find, scopeContents } from './semantics-helpers';

/**
 * A DIFF re-run drops the uploaded objects it finds unchanged before classifying them (issue 26):
 * exactly those the classifying query would leave out. Stored live, same content hash, not
 * written by this job; a relationship also of the same class, on two live ends.
 */
describe('scope snapshot: what a DIFF re-run takes as unchanged (real Neo4j)', () => {
  const entity = (key: string) => ({ _key: key, _type: 't', _class: 'Thing', v: key });

  it('an object stored live with the same hash, not by this job; a relationship of its class on live ends', async () => {
    const graph = await testGraph();
    const a = await freshAccount();
    const sync = await testSync();
    const job = await sync.service.start({
      accountId: a.accountId,
      body: { source: 'api', scope: 's' },
    });
    const ref = { accountId: a.accountId, jobId: job.id };
    await uploadJson(sync, ref, {
      entities: [entity('a'), entity('b'), entity('c')],
      relationships: [
        { _key: 'a-b', _type: 't_has_t', _class: 'HAS', _fromEntityKey: 'a', _toEntityKey: 'b' },
        { _key: 'a-c', _type: 't_has_t', _class: 'HAS', _fromEntityKey: 'a', _toEntityKey: 'c' },
      ],
    });
    const done = await sync.service.finalize({ ...ref, body: {} });
    assert.equal(done.status, 'FINISHED');
    await graph.write('sync/test-mark-entity-deleted', {
      accountId: a.accountId,
      scope: 's',
      key: 'c',
    });
    const { entities, relationships } = await scopeContents(a.accountId, 's');
    const hashOf = (o: object) => String((o as { _hash?: unknown })._hash);

    const later = new ScopeSnapshot(graph, { accountId: a.accountId, scope: 's', jobId: 'later' });
    await later.load('e', 1);
    assert.equal(later.unchangedEntity(keyHash('a'), hashOf(find(entities, 'a'))), true);
    assert.equal(
      later.unchangedEntity(keyHash('a'), hashOf(find(entities, 'b'))),
      false,
      'other content',
    );
    assert.equal(
      later.unchangedEntity(keyHash('c'), hashOf(find(entities, 'c'))),
      false,
      'deleted',
    );
    assert.equal(
      later.unchangedEntity(keyHash('x'), hashOf(find(entities, 'a'))),
      false,
      'not stored',
    );
    await later.load('r', 1);
    const ab = find(relationships, 'a-b');
    assert.equal(later.unchangedRelationship(keyHash('a-b'), hashOf(ab), 'HAS'), true);
    assert.equal(
      later.unchangedRelationship(keyHash('a-b'), hashOf(ab), 'OWNS'),
      false,
      'other class',
    );
    const ac = find(relationships, 'a-c');
    assert.equal(
      later.unchangedRelationship(keyHash('a-c'), hashOf(ac), 'HAS'),
      false,
      'deleted end',
    );

    // What this job wrote is never taken as unchanged (a resumed run re-reads it).
    const same = new ScopeSnapshot(graph, { accountId: a.accountId, scope: 's', jobId: job.id });
    await same.load('e', 1);
    assert.equal(same.unchangedEntity(keyHash('a'), hashOf(find(entities, 'a'))), false);
    await same.load('r', 1);
    assert.equal(same.unchangedRelationship(keyHash('a-b'), hashOf(ab), 'HAS'), false);
  });
});
