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
  sortedLabels,
} from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * PATCH and PUT semantics through HTTP on real Neo4j: PATCH updates existing entities only (by
 * `_key` in scope or `_id`, null clears); PUT upserts by `_key` (present properties written,
 * nulls stripped, nothing deleted, relationships upserted, re-runs are no-ops).
 */
forEachBlobStore('sync PATCH and PUT semantics (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  describe('PATCH', () => {
    async function seeded() {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      await c.diff(
        's',
        [entity('h1', { a: 1, b: 2, c: 'x' }), entity('h2', { a: 1 }), entity('gone', { a: 1 })],
        [rel('r12', 'h1', 'h2', { w: 1 })],
      );
      await c.diff('other', [entity('h1', { a: 'other scope' }), entity('o1', { z: 0 })]);
      // 'gone' soft deleted.
      await c.diff(
        's',
        [entity('h1', { a: 1, b: 2, c: 'x' }), entity('h2', { a: 1 })],
        [rel('r12', 'h1', 'h2', { w: 1 })],
      );
      return { c, accountId: a.accountId, headers: a.headers };
    }
    const patch = (scope?: string) => ({
      source: 'api',
      syncMode: 'PATCH',
      ...(scope === undefined ? {} : { scope }),
    });

    it('updates only the given entities by _key in scope: null clears, other properties kept, nothing deleted', async () => {
      const { c, accountId } = await seeded();
      const before = await scopeContents(accountId, 's');
      const otherBefore = await scopeContents(accountId, 'other');
      const job = await c.sync(patch('s'), [
        { entities: [{ _key: 'h1', a: 10, b: null, d: ['p', 'q'] }] },
      ]);
      expectCounters(job, { numEntitiesUpdated: 1 });
      assert.equal(job.errors, undefined);

      const g = await scopeContents(accountId, 's');
      const h1 = find(g.entities, 'h1');
      assert.deepEqual(custom(h1), { a: 10, c: 'x', d: ['p', 'q'] });
      assert.equal(h1._version, 2);
      assert.equal(h1._id, find(before.entities, 'h1')._id);
      assert.equal(h1._type, 'host');
      assert.deepEqual(sortedLabels(h1), ['Entity', 'Host', 'host']);
      assert.equal(h1._lastSyncJobId, job.id);
      assert.equal(h1._lastSyncOp, 'updated');
      assert.equal(h1._deleted, false);
      // Nothing else in the scope moved, the relationship included; the same _key elsewhere neither.
      assert.deepEqual(find(g.entities, 'h2'), find(before.entities, 'h2'));
      assert.deepEqual(find(g.entities, 'gone'), find(before.entities, 'gone'));
      assert.deepEqual(g.relationships, before.relationships);
      assert.deepEqual(liveKeys(g.entities), ['h1', 'h2']);
      assert.deepEqual(await scopeContents(accountId, 'other'), otherBefore);
    });

    it('matches by _id in the job scope, or in any scope of the account without a job scope', async () => {
      const { c, accountId } = await seeded();
      const o1 = find((await scopeContents(accountId, 'other')).entities, 'o1');
      const h2 = find((await scopeContents(accountId, 's')).entities, 'h2');

      // An _id of another scope: semantics-scope-isolation.test.ts.
      const scoped = await c.sync(patch('s'), [{ entities: [{ _id: h2._id, a: 2 }] }]);
      expectCounters(scoped, { numEntitiesUpdated: 1 });
      const unscoped = await c.sync(patch(), [
        {
          entities: [
            { _id: h2._id, a: 3 },
            { _id: o1._id, z: 2, y: true },
          ],
        },
      ]);
      expectCounters(unscoped, { numEntitiesUpdated: 2 });

      const other = find((await scopeContents(accountId, 'other')).entities, 'o1');
      assert.deepEqual(custom(other), { z: 2, y: true });
      assert.equal(other._scope, 'other', 'PATCH by _id does not move the entity');
      assert.equal(other._version, 2);
      const h2After = find((await scopeContents(accountId, 's')).entities, 'h2');
      assert.deepEqual(custom(h2After), { a: 3 });
      assert.equal(h2After._version, 3);
    });

    it('does not create missing, soft-deleted or foreign entities: each counts as an update error, named in errors', async () => {
      const { c, accountId } = await seeded();
      const stranger = await freshAccount();
      await new SyncClient(app, stranger.headers).diff('s', [entity('h1', { a: 'theirs' })]);
      const theirs = find((await scopeContents(stranger.accountId, 's')).entities, 'h1');
      const before = await scopeContents(accountId, 's');
      const strangerBefore = await scopeContents(stranger.accountId, 's');
      const unknownId = '00000000-0000-4000-8000-000000000000';

      const job = await c.sync(patch('s'), [
        {
          entities: [
            { _key: 'h2', a: 5 },
            { _key: 'nope', a: 1 },
            { _key: 'gone', a: 2 },
            { _key: 'o1', a: 3 }, // exists, but in another scope
            { _id: unknownId, a: 4 },
            { _id: theirs._id, a: 6 }, // another account's entity
          ],
        },
      ]);
      expectCounters(job, { numEntitiesUpdated: 1, numEntityUpdateErrors: 5 });
      assert.deepEqual(
        job.errors?.map((e) => [e.kind, e.key]),
        [
          ['entity', 'nope'],
          ['entity', 'gone'],
          ['entity', 'o1'],
          ['entity', null],
          ['entity', null],
        ],
      );
      assert.match(job.errors[0]!.message, /'nope'/);
      assert.match(job.errors[3]!.message, new RegExp(unknownId));
      assert.match(job.errors[4]!.message, new RegExp(theirs._id));

      const g = await scopeContents(accountId, 's');
      assert.deepEqual(liveKeys(g.entities), ['h1', 'h2']);
      assert.deepEqual(deletedKeys(g.entities), ['gone']);
      assert.deepEqual(find(g.entities, 'gone'), find(before.entities, 'gone'));
      assert.equal(find(g.entities, 'h2').a, 5);
      assert.deepEqual(await scopeContents(stranger.accountId, 's'), strangerBefore);
      assert.equal(
        (await scopeContents(accountId, 'other')).entities.some((e) => e.a === 3),
        false,
      );
    });

    it('a PATCH that changes nothing counts nothing and writes nothing', async () => {
      const { c, accountId } = await seeded();
      const before = await scopeContents(accountId, 's');
      const job = await c.sync(patch('s'), [
        { entities: [{ _key: 'h1', a: 1, c: 'x', never: null }] },
      ]);
      expectCounters(job, {});
      assert.deepEqual(await scopeContents(accountId, 's'), before);
    });

    it('a later DIFF with the same content as the patched entity counts nothing', async () => {
      const { c, accountId } = await seeded();
      await c.sync(patch('s'), [{ entities: [{ _key: 'h1', b: null }] }]);
      const patched = await scopeContents(accountId, 's');
      const job = await c.diff(
        's',
        [entity('h1', { a: 1, c: 'x' }), entity('h2', { a: 1 })],
        [rel('r12', 'h1', 'h2', { w: 1 })],
      );
      expectCounters(job, {});
      const g = await scopeContents(accountId, 's');
      assert.deepEqual(custom(find(g.entities, 'h1')), { a: 1, c: 'x' });
      assert.equal(find(g.entities, 'h1')._version, find(patched.entities, 'h1')._version);
      assert.equal(
        find(g.entities, 'h1')._lastSyncJobId,
        find(patched.entities, 'h1')._lastSyncJobId,
      );
    });
  });

  describe('PUT', () => {
    async function putClient() {
      const a = await freshAccount(['PUT']);
      return { c: new SyncClient(app, a.headers), accountId: a.accountId };
    }
    const put = (scope = 's') => ({ source: 'api', scope, syncMode: 'PUT' });

    it('upserts by _key: present properties written, others kept, nulls stripped, nothing deleted', async () => {
      const { c, accountId } = await putClient();
      const first = await c.sync(put(), [
        { entities: [entity('h1', { a: 1, b: 2, c: 'keep' }), entity('h2', { a: 1 })] },
      ]);
      expectCounters(first, { numEntitiesCreated: 2 });
      const before = await scopeContents(accountId, 's');

      const job = await c.sync(put(), [
        { entities: [entity('h1', { b: 3, c: null, d: 'new' }), entity('h3', { x: null, y: 1 })] },
      ]);
      expectCounters(job, { numEntitiesCreated: 1, numEntitiesUpdated: 1 });

      const g = await scopeContents(accountId, 's');
      assert.deepEqual(liveKeys(g.entities), ['h1', 'h2', 'h3']);
      const h1 = find(g.entities, 'h1');
      assert.deepEqual(custom(h1), { a: 1, b: 3, c: 'keep', d: 'new' });
      assert.equal(h1._version, 2);
      assert.equal(h1._id, find(before.entities, 'h1')._id);
      assert.equal(h1._lastSyncOp, 'updated');
      assert.deepEqual(custom(find(g.entities, 'h3')), { y: 1 });
      assert.deepEqual(find(g.entities, 'h2'), find(before.entities, 'h2'));
      assert.equal(find(g.entities, 'h3')._source, 'api');
    });

    it('upserts relationships and deletes none; an identical re-run counts 0 and rewrites nothing', async () => {
      const { c, accountId } = await putClient();
      const upload = {
        entities: [entity('h1', { a: 1 }), entity('h2', { a: 2 }), entity('h3')],
        relationships: [rel('r12', 'h1', 'h2', { w: 1, x: 'a' }), rel('r23', 'h2', 'h3')],
      };
      const first = await c.sync(put(), [upload]);
      expectCounters(first, { numEntitiesCreated: 3, numRelationshipsCreated: 2 });

      const second = await c.sync(put(), [
        {
          entities: [entity('h1', { a: 1 })],
          relationships: [rel('r12', 'h1', 'h2', { w: 2, x: null }), rel('r31', 'h3', 'h1')],
        },
      ]);
      expectCounters(second, { numRelationshipsCreated: 1, numRelationshipsUpdated: 1 });
      let g = await scopeContents(accountId, 's');
      assert.deepEqual(liveKeys(g.relationships), ['r12', 'r23', 'r31']);
      assert.deepEqual(custom(find(g.relationships, 'r12')), { w: 2, x: 'a' });
      assert.equal(find(g.relationships, 'r12')._version, 2);
      assert.deepEqual(liveKeys(g.entities), ['h1', 'h2', 'h3']);

      const before = g;
      for (const batch of [upload, upload]) {
        // The first upload again: r12's w goes back to 1, then the repeat is a no-op.
        await c.sync(put(), [batch]);
      }
      g = await scopeContents(accountId, 's');
      assert.deepEqual(custom(find(g.relationships, 'r12')), { w: 1, x: 'a' });
      const steady = g;
      const again = await c.sync(put(), [upload]);
      expectCounters(again, {});
      assert.deepEqual(await scopeContents(accountId, 's'), steady);
      assert.notDeepEqual(steady, before);
    });

    it('an identical PUT after a DIFF counts 0 (only given properties are compared)', async () => {
      const { c, accountId } = await putClient();
      await c.diff(
        's',
        [entity('h1', { a: 1, b: 2 }), entity('h2')],
        [rel('r', 'h1', 'h2', { w: 1 })],
      );
      const before = await scopeContents(accountId, 's');
      const job = await c.sync(put(), [
        {
          entities: [entity('h1', { a: 1, gone: null })],
          relationships: [rel('r', 'h1', 'h2', { w: 1 })],
        },
      ]);
      expectCounters(job, {});
      assert.deepEqual(await scopeContents(accountId, 's'), before);
    });

    it('a _class change through PUT moves the labels', async () => {
      const { c, accountId } = await putClient();
      await c.sync(put(), [{ entities: [entity('h1', { _class: ['Host', 'Device'], a: 1 })] }]);
      const job = await c.sync(put(), [{ entities: [entity('h1', { _class: 'Server' })] }]);
      expectCounters(job, { numEntitiesUpdated: 1 });
      const h1 = find((await scopeContents(accountId, 's')).entities, 'h1');
      assert.deepEqual(sortedLabels(h1), ['Entity', 'Server', 'host']);
      assert.deepEqual(h1._class, ['Server']);
      assert.equal(h1.a, 1);
    });

    it('revives a soft-deleted entity as created, with exactly the uploaded properties', async () => {
      const { c, accountId } = await putClient();
      await c.diff('s', [entity('h1'), entity('h2', { old: 'x', a: 1 })]);
      await c.diff('s', [entity('h1')]);
      const deleted = find((await scopeContents(accountId, 's')).entities, 'h2');
      assert.equal(deleted._deleted, true);
      const job = await c.sync(put(), [{ entities: [entity('h2', { a: 5 })] }]);
      expectCounters(job, { numEntitiesCreated: 1 });
      const g = await scopeContents(accountId, 's');
      const h2 = find(g.entities, 'h2');
      assert.equal(h2._deleted, false);
      assert.equal(h2._endOn, undefined);
      assert.equal(h2._id, deleted._id);
      assert.equal(h2._version, 3);
      assert.deepEqual(custom(h2), { a: 5 });
      assert.equal(g.entities.length, 2);
    });

    it('resolves relationship ends by _id out of scope; a foreign or deleted _id end is a create error', async () => {
      const { c, accountId } = await putClient();
      const stranger = await freshAccount();
      await new SyncClient(app, stranger.headers).diff('s', [entity('t1')]);
      const foreign = find((await scopeContents(stranger.accountId, 's')).entities, 't1');
      await c.diff('elsewhere', [entity('x1'), entity('x2')]);
      await c.diff('elsewhere', [entity('x1')]); // x2 soft deleted
      const elsewhere = await scopeContents(accountId, 'elsewhere');
      const x1 = find(elsewhere.entities, 'x1');
      const x2 = find(elsewhere.entities, 'x2');

      const job = await c.sync(put(), [
        {
          entities: [entity('h1')],
          relationships: [
            { ...rel('h1>x1', 'h1', ''), _toEntityKey: undefined, _toEntityId: x1._id },
            { ...rel('x1>h1', '', 'h1'), _fromEntityKey: undefined, _fromEntityId: x1._id },
            { ...rel('h1>x2', 'h1', ''), _toEntityKey: undefined, _toEntityId: x2._id },
            { ...rel('h1>t1', 'h1', ''), _toEntityKey: undefined, _toEntityId: foreign._id },
          ],
        },
      ]);
      expectCounters(job, {
        numEntitiesCreated: 1,
        numRelationshipsCreated: 2,
        numRelationshipCreateErrors: 2,
      });
      assert.deepEqual(
        job.errors?.map((e) => [e.kind, e.key, e.message]),
        [
          [
            'relationship',
            'h1>x2',
            `Relationship not created: _toEntityId '${x2._id}' names a deleted entity`,
          ],
          [
            'relationship',
            'h1>t1',
            `Relationship not created: _toEntityId '${foreign._id}' matches no entity`,
          ],
        ],
      );
      const g = await scopeContents(accountId, 's');
      assert.deepEqual(liveKeys(g.relationships), ['h1>x1', 'x1>h1']);
      const out = find(g.relationships, 'h1>x1');
      assert.equal(out.toId, x1._id);
      assert.equal(out._toEntityId, x1._id);
      assert.equal(out._scope, 's');
      assert.equal(find(g.relationships, 'x1>h1').fromId, x1._id);
      // The relationships belong to the job's scope, not to the other end's.
      assert.deepEqual((await scopeContents(accountId, 'elsewhere')).relationships, []);
    });

    it('an integration PUT job without scope writes _scope = integrationInstanceId', async () => {
      const { c, accountId } = await putClient();
      const start = {
        source: 'integration-external',
        integrationInstanceId: 'inst-1',
        syncMode: 'PUT',
      };
      const job = await c.sync(start, [{ entities: [entity('h1', { a: 1 })] }]);
      expectCounters(job, { numEntitiesCreated: 1 });
      const h1 = find((await scopeContents(accountId, 'inst-1')).entities, 'h1');
      assert.equal(h1._integrationInstanceId, 'inst-1');
      assert.equal(h1._source, 'integration-external');
      expectCounters(await c.sync(start, [{ entities: [entity('h1', { a: 1 })] }]), {});
    });
  });
});
