import assert from 'node:assert/strict';
import { freshAccount, testGraph, testSync, uploadJson } from '../../helpers/harness';
import { keyHash } from '../../../src/graph/key-hash';
import { JobKeys } from '../../../src/sync/finalize/job-keys';
import { ScopeSnapshot } from '../../../src/sync/finalize/scope-snapshot';
import { fingerprintOf } from '../../../src/sync/staging/fingerprint-set';
import { find, scopeContents } from './semantics-helpers';

/**
 * A DIFF re-run drops the uploaded objects it finds unchanged before classifying them (issue 26):
 * exactly those the classifying query would leave out. Stored live, same content hash, not
 * written by this job; a relationship also of the same class, on two live ends.
 */
describe('scope snapshot: what a DIFF re-run takes as unchanged (real Neo4j)', () => {
  const entity = (key: string) => ({ _key: key, _type: 't', _class: 'Thing', v: key });

  /** A DIFF of scope `s` in a fresh account, finished; then entity `c` marked deleted. */
  async function syncedScope(body: object): Promise<{ accountId: string; jobId: string }> {
    const graph = await testGraph();
    const a = await freshAccount();
    const sync = await testSync();
    const job = await sync.service.start({
      accountId: a.accountId,
      body: { source: 'api', scope: 's' },
    });
    const ref = { accountId: a.accountId, jobId: job.id };
    await uploadJson(sync, ref, body);
    assert.equal((await sync.service.finalize({ ...ref, body: {} })).status, 'FINISHED');
    await graph.write('sync/test-mark-entity-deleted', {
      accountId: a.accountId,
      scope: 's',
      key: 'c',
    });
    return ref;
  }

  it('an object stored live with the same hash, not by this job; a relationship of its class on live ends', async () => {
    const graph = await testGraph();
    const { accountId, jobId } = await syncedScope({
      entities: [entity('a'), entity('b'), entity('c')],
      relationships: [
        { _key: 'a-b', _type: 't_has_t', _class: 'HAS', _fromEntityKey: 'a', _toEntityKey: 'b' },
        { _key: 'a-c', _type: 't_has_t', _class: 'HAS', _fromEntityKey: 'a', _toEntityKey: 'c' },
      ],
    });
    const { entities, relationships } = await scopeContents(accountId, 's');
    const hashOf = (o: object) => String((o as { _hash?: unknown })._hash);

    const noKeys = { keys: undefined, partialTypes: [] };
    const later = new ScopeSnapshot(graph, { accountId, scope: 's', jobId: 'later' }, noKeys);
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
    const same = new ScopeSnapshot(graph, { accountId, scope: 's', jobId }, noKeys);
    await same.load('e', 1);
    assert.equal(same.unchangedEntity(keyHash('a'), hashOf(find(entities, 'a'))), false);
    await same.load('r', 1);
    assert.equal(same.unchangedRelationship(keyHash('a-b'), hashOf(ab), 'HAS'), false);
    // Without the job's keys, the entity read tells nothing absent: the delete step scans.
    assert.equal(same.takeAbsentEntities(), undefined);
  });

  it('the entity read finds the live entities the job did not upload, sparing partial types (decision 0057)', async () => {
    const graph = await testGraph();
    const a = await syncedScope({
      entities: [entity('a'), entity('b'), entity('c'), { ...entity('p'), _type: 'partial' }],
    });
    // A later job that uploaded `a` only, and named type `partial` partial.
    const keys = new JobKeys({ entities: 1, relationships: 1 });
    keys.add('e', 1, fingerprintOf(keyHash('a')), [0, 0]);
    const later = new ScopeSnapshot(
      graph,
      { accountId: a.accountId, scope: 's', jobId: 'later' },
      { keys, partialTypes: ['partial'] },
    );
    assert.equal(later.takeAbsentEntities(), undefined, 'nothing read yet');
    await later.load('e', 1);
    const { entities } = await scopeContents(a.accountId, 's');
    const absent = later.takeAbsentEntities();
    // `b` only: `a` was uploaded, `c` is deleted, `p` is of a partial type.
    assert.deepEqual(
      absent?.map((e) => e.keyHash),
      [keyHash('b')],
    );
    const [row] = await graph.readGenerated<{ key: string }>(
      'MATCH (n:Entity) WHERE elementId(n) = $id RETURN n._key AS key',
      { id: absent[0]!.id },
      { timeoutMs: 30_000 },
    );
    assert.equal(row?.key, 'b');
    assert.equal(find(entities, 'b')._deleted, false);
    assert.equal(later.takeAbsentEntities(), undefined, 'given once');
  });
});
