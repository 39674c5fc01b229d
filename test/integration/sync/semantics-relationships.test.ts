import assert from 'node:assert/strict';
import type express from 'express';
import { freshAccount, testApp } from '../../helpers/harness';
import {
  SyncClient,
  custom,
  deletedKeys,
  entity,
  expectCounters,
  find,
  liveKeys,
  rel,
  scopeContents,
} from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Relationship semantics through HTTP on real Neo4j: ends resolved at finalize (after every
 * entity of the job) by `_key` in the job's scope or `_id` in the account; a missing or
 * soft-deleted end means no relationship and a numRelationshipCreateErrors count; DIFF deletes
 * absent relationships and those of deleted entities.
 */
forEachBlobStore('sync relationship semantics (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function client(features: Array<'PUT'> = []) {
    const a = await freshAccount(features);
    return { c: new SyncClient(app, a.headers), accountId: a.accountId };
  }

  it('resolves ends by _key in the job scope only; a missing end is a create error named in errors', async () => {
    const { c, accountId } = await client();
    await c.diff('other', [entity('x1'), entity('x2')], [rel('x', 'x1', 'x2')]);
    const otherBefore = await scopeContents(accountId, 'other');

    const job = await c.diff(
      's',
      [entity('h1'), entity('h2')],
      [rel('ok', 'h1', 'h2'), rel('half', 'h1', 'x1'), rel('none', 'x1', 'x2')],
    );
    expectCounters(job, {
      numEntitiesCreated: 2,
      numRelationshipsCreated: 1,
      numRelationshipCreateErrors: 2,
    });
    assert.deepEqual(job.errors, [
      {
        kind: 'relationship',
        key: 'half',
        message: "Relationship not created: _toEntityKey 'x1' matches no entity",
      },
      {
        kind: 'relationship',
        key: 'none',
        message:
          "Relationship not created: _fromEntityKey 'x1' matches no entity and _toEntityKey 'x2' matches no entity",
      },
    ]);
    const g = await scopeContents(accountId, 's');
    assert.deepEqual(
      g.relationships.map((r) => [r._key, r.fromKey, r.toKey, r._deleted]),
      [['ok', 'h1', 'h2', false]],
    );
    assert.deepEqual(await scopeContents(accountId, 'other'), otherBefore);
  });

  it('an end soft deleted by the same DIFF: the relationship is not created, the stored one is deleted', async () => {
    const { c, accountId } = await client();
    await c.diff(
      's',
      [entity('h1'), entity('h2'), entity('h3')],
      [rel('r12', 'h1', 'h2'), rel('r13', 'h1', 'h3')],
    );
    const job = await c.diff(
      's',
      [entity('h1'), entity('h2')],
      [rel('r12', 'h1', 'h2'), rel('r13', 'h1', 'h3'), rel('r31', 'h3', 'h1')],
    );
    expectCounters(job, {
      numEntitiesDeleted: 1,
      numRelationshipsDeleted: 1,
      numRelationshipCreateErrors: 2,
    });
    assert.deepEqual(
      job.errors?.map((e) => [e.key, e.message]),
      [
        ['r13', "Relationship not created: _toEntityKey 'h3' names a deleted entity"],
        ['r31', "Relationship not created: _fromEntityKey 'h3' names a deleted entity"],
      ],
    );
    const g = await scopeContents(accountId, 's');
    assert.deepEqual(liveKeys(g.relationships), ['r12']);
    assert.deepEqual(deletedKeys(g.relationships), ['r13']);
    assert.deepEqual(deletedKeys(g.entities), ['h3']);
  });

  it('a PUT relationship to a soft-deleted _key is a create error; a deleted relationship PUT again is revived as uploaded', async () => {
    const { c, accountId } = await client(['PUT']);
    await c.diff(
      's',
      [entity('h1'), entity('h2'), entity('h3')],
      [rel('r12', 'h1', 'h2', { w: 1, old: 'x' })],
    );
    await c.diff('s', [entity('h1'), entity('h2')]); // r12 soft deleted; h3 too
    const deleted = find((await scopeContents(accountId, 's')).relationships, 'r12');
    assert.equal(deleted._deleted, true);

    const job = await c.sync({ source: 'api', scope: 's', syncMode: 'PUT' }, [
      { relationships: [rel('r12', 'h1', 'h2', { w: 2 }), rel('r13', 'h1', 'h3')] },
    ]);
    expectCounters(job, { numRelationshipsCreated: 1, numRelationshipCreateErrors: 1 });
    assert.deepEqual(
      job.errors?.map((e) => [e.key, e.message]),
      [['r13', "Relationship not created: _toEntityKey 'h3' names a deleted entity"]],
    );
    const g = await scopeContents(accountId, 's');
    assert.equal(g.relationships.length, 1);
    const r12 = find(g.relationships, 'r12');
    assert.equal(r12._deleted, false);
    assert.equal(r12._endOn, undefined);
    assert.equal(r12._id, deleted._id);
    assert.equal(r12._version, 3);
    assert.deepEqual(custom(r12), { w: 2 });
  });

  it('relationships uploaded before their entities (/relationships, then /entities batches) apply', async () => {
    const { c, accountId } = await client();
    const job = await c.start({ source: 'api', scope: 's' });
    await c.post(job.id, 'relationships', {
      relationships: [rel('r12', 'h1', 'h2', { w: 1 }), rel('r23', 'h2', 'h3')],
    });
    await c.post(job.id, 'entities', { entities: [entity('h1'), entity('h2')] });
    const up = await c.post(job.id, 'entities', { entities: [entity('h3')] });
    assert.equal(up.numEntitiesUploaded, 3);
    assert.equal(up.numRelationshipsUploaded, 2);
    // Nothing is applied before finalize.
    assert.deepEqual(await scopeContents(accountId, 's'), { entities: [], relationships: [] });
    const fin = await c.finalize(job.id);
    expectCounters(fin, { numEntitiesCreated: 3, numRelationshipsCreated: 2 });
    const g = await scopeContents(accountId, 's');
    assert.deepEqual(
      g.relationships.map((r) => [r._key, r.type, r.fromKey, r.toKey, r._deleted]),
      [
        ['r12', 'USES', 'h1', 'h2', false],
        ['r23', 'USES', 'h2', 'h3', false],
      ],
    );
    assert.equal(find(g.relationships, 'r12').fromId, find(g.entities, 'h1')._id);
  });

  it('a property change updates in place; a _class change recreates it under the new type with the same _id', async () => {
    const { c, accountId } = await client();
    await c.diff(
      's',
      [entity('h1'), entity('h2')],
      [rel('p', 'h1', 'h2', { w: 1 }), rel('k', 'h2', 'h1', { w: 1 })],
    );
    const before = await scopeContents(accountId, 's');
    const job = await c.diff(
      's',
      [entity('h1'), entity('h2')],
      [
        rel('p', 'h1', 'h2', { w: 2 }),
        rel('k', 'h2', 'h1', { w: 1, _class: 'MANAGES', _type: 'host_manages_host' }),
      ],
    );
    expectCounters(job, { numRelationshipsUpdated: 2 });
    const g = await scopeContents(accountId, 's');
    assert.equal(g.relationships.length, 2);
    const p = find(g.relationships, 'p');
    assert.deepEqual(custom(p), { w: 2 });
    assert.equal(p.type, 'USES');
    assert.equal(p._version, 2);
    assert.equal(p._id, find(before.relationships, 'p')._id);
    const k = find(g.relationships, 'k');
    assert.equal(k.type, 'MANAGES');
    assert.equal(k._class, 'MANAGES');
    assert.equal(k._type, 'host_manages_host');
    assert.deepEqual([k.fromKey, k.toKey], ['h2', 'h1']);
    assert.equal(k._id, find(before.relationships, 'k')._id);
    assert.equal(k._createdOn, find(before.relationships, 'k')._createdOn);
    assert.equal(k._version, 2);
    assert.equal(k._deleted, false);
    // Unchanged afterwards.
    expectCounters(
      await c.diff(
        's',
        [entity('h1'), entity('h2')],
        [
          rel('p', 'h1', 'h2', { w: 2 }),
          rel('k', 'h2', 'h1', { w: 1, _class: 'MANAGES', _type: 'host_manages_host' }),
        ],
      ),
      {},
    );
  });

  it('DIFF: a _key moved to other ends is created there and the old one soft deleted', async () => {
    const { c, accountId } = await client();
    await c.diff('s', [entity('h1'), entity('h2'), entity('h3')], [rel('r', 'h1', 'h2')]);
    const job = await c.diff(
      's',
      [entity('h1'), entity('h2'), entity('h3')],
      [rel('r', 'h1', 'h3')],
    );
    expectCounters(job, { numRelationshipsCreated: 1, numRelationshipsDeleted: 1 });
    const g = await scopeContents(accountId, 's');
    const live = find(g.relationships, 'r', { deleted: false });
    assert.deepEqual([live.fromKey, live.toKey], ['h1', 'h3']);
    const old = find(g.relationships, 'r', { deleted: true });
    assert.deepEqual([old.fromKey, old.toKey], ['h1', 'h2']);
  });

  it('DIFF deletes the live relationships of a deleted entity, even of a partialDatasets type', async () => {
    const { c, accountId } = await client();
    const bucket = { _key: 'b1', _type: 'aws_s3_bucket', _class: 'DataStore' };
    const hasBucket = {
      _key: 'h1>b1',
      _type: 'host_has_bucket',
      _class: 'HAS',
      _fromEntityKey: 'h1',
      _toEntityKey: 'b1',
    };
    await c.diff('s', [entity('h1'), entity('h2'), bucket], [rel('r12', 'h1', 'h2'), hasBucket]);
    const partial = { partialDatasets: { types: ['host_has_bucket'] } };
    // host_has_bucket is partial: its absence means nothing while both ends live.
    expectCounters(await c.diff('s', [entity('h1'), bucket], [], partial), {
      numEntitiesDeleted: 1,
      numRelationshipsDeleted: 1,
    });
    let g = await scopeContents(accountId, 's');
    assert.deepEqual(liveKeys(g.relationships), ['h1>b1']);
    // Now h1 goes: its partial-type relationship cannot stay live on a deleted end.
    const job = await c.diff('s', [bucket], [], partial);
    expectCounters(job, { numEntitiesDeleted: 1, numRelationshipsDeleted: 1 });
    g = await scopeContents(accountId, 's');
    assert.deepEqual(liveKeys(g.entities), ['b1']);
    assert.deepEqual(liveKeys(g.relationships), []);
    assert.deepEqual(deletedKeys(g.relationships), ['h1>b1', 'r12']);
    assert.equal(find(g.relationships, 'h1>b1')._lastSyncJobId, job.id);
  });

  it('DIFF after PUT: relationships equal to the upload are neither updated nor deleted', async () => {
    const { c, accountId } = await client(['PUT']);
    const put = { source: 'api', scope: 's', syncMode: 'PUT' };
    await c.sync(put, [
      { entities: [entity('h1'), entity('h2')], relationships: [rel('r', 'h1', 'h2', { w: 1 })] },
    ]);
    // A PUT update merges, so the stored relationship no longer has a known content hash.
    expectCounters(await c.sync(put, [{ relationships: [rel('r', 'h1', 'h2', { x: 'y' })] }]), {
      numRelationshipsUpdated: 1,
    });
    const before = await scopeContents(accountId, 's');
    const same = [rel('r', 'h1', 'h2', { w: 1, x: 'y' })];
    expectCounters(await c.diff('s', [entity('h1'), entity('h2')], same), {});
    expectCounters(await c.diff('s', [entity('h1'), entity('h2')], same), {});
    const g = await scopeContents(accountId, 's');
    const r = find(g.relationships, 'r');
    assert.equal(r._deleted, false);
    assert.equal(r._version, find(before.relationships, 'r')._version);
    assert.equal(r._lastSyncJobId, find(before.relationships, 'r')._lastSyncJobId);
    // A different content is an update, not a delete.
    expectCounters(
      await c.diff('s', [entity('h1'), entity('h2')], [rel('r', 'h1', 'h2', { w: 1 })]),
      { numRelationshipsUpdated: 1 },
    );
    assert.deepEqual(custom(find((await scopeContents(accountId, 's')).relationships, 'r')), {
      w: 1,
    });
  });
});
