import assert from 'node:assert/strict';
import type express from 'express';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';
import {
  SyncClient,
  custom,
  entity,
  expectCounters,
  find,
  rel,
  scopeContents,
} from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * A job with a scope (given `scope`, or for an integration job without one its integration
 * instance) writes only data of that scope (docs/guide/sync-jobs.md, "Sync modes"): an entity it
 * names by `_id` (PATCH, OVERRIDE) or by `_type` + `_key` + `_scope` (OVERRIDE) in another scope is
 * not written, nor is its `_rawData` stored, and counts in numEntityUpdateErrors, named in the
 * job's errors. Relationships may end at entities of other scopes (named by `_id`), but the
 * relationship itself belongs to the job's scope: a relationship of another scope with the same
 * `_key` is neither updated nor deleted.
 */
const RAW = [{ name: 'default', rawData: { leaked: true } }];

forEachBlobStore('sync scope isolation (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function seeded(features: Array<'OVERRIDE' | 'PUT'> = []) {
    const a = await freshAccount(features);
    const c = new SyncClient(app, a.headers);
    await c.diff('s', [entity('h1', { a: 1 }), entity('shared', { a: 's' })]);
    await c.diff('other', [entity('o1', { z: 0 }), entity('shared', { a: 'other' })]);
    const s = await scopeContents(a.accountId, 's');
    const other = await scopeContents(a.accountId, 'other');
    return {
      c,
      accountId: a.accountId,
      h1: find(s.entities, 'h1')._id,
      o1: find(other.entities, 'o1')._id,
      otherBefore: other,
    };
  }

  async function versionsOf(accountId: string, entityId: string): Promise<unknown[]> {
    const graph = await testGraph();
    const rows = await graph.read<{ entityId: string }>('rawdata/test-account-versions', {
      accountId,
    });
    return rows.filter((v) => v.entityId === entityId);
  }

  describe('PATCH', () => {
    it('with a scope, an _id of another scope is not written: an update error named in errors', async () => {
      const { c, accountId, h1, o1, otherBefore } = await seeded();
      const job = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
        {
          entities: [
            { _id: o1, z: 1 },
            { _id: h1, a: 2 },
          ],
        },
      ]);
      expectCounters(job, { numEntitiesUpdated: 1, numEntityUpdateErrors: 1 });
      assert.deepEqual(job.errors, [
        {
          kind: 'entity',
          key: null,
          message: `No entity with _id '${o1}' in scope 's': PATCH updates existing entities of the job's scope only`,
        },
      ]);
      assert.deepEqual(await scopeContents(accountId, 'other'), otherBefore);
      assert.deepEqual(custom(find((await scopeContents(accountId, 's')).entities, 'h1')), {
        a: 2,
      });
    });

    it('an integration job without a scope is confined to its integration instance’s data', async () => {
      const { c, accountId, o1, otherBefore } = await seeded();
      const integration = { source: 'integration-external', integrationInstanceId: 'inst-1' };
      await c.sync({ ...integration, syncMode: 'DIFF' }, [{ entities: [entity('i1', { n: 0 })] }]);
      const i1 = find((await scopeContents(accountId, 'inst-1')).entities, 'i1')._id;

      const job = await c.sync({ ...integration, syncMode: 'PATCH' }, [
        {
          entities: [
            { _id: o1, z: 1 },
            { _id: i1, n: 1 },
          ],
        },
      ]);
      expectCounters(job, { numEntitiesUpdated: 1, numEntityUpdateErrors: 1 });
      assert.match(job.errors?.[0]?.message ?? '', new RegExp(`_id '${o1}' in scope 'inst-1'`));
      assert.deepEqual(await scopeContents(accountId, 'other'), otherBefore);
      assert.deepEqual(custom(find((await scopeContents(accountId, 'inst-1')).entities, 'i1')), {
        n: 1,
      });
    });

    it('with a scope, the _rawData of an _id of another scope is not stored on that entity', async () => {
      const { c, accountId, o1 } = await seeded();
      const job = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
        { entities: [{ _id: o1, z: 1, _rawData: RAW }] },
      ]);
      expectCounters(job, { numEntityUpdateErrors: 1 });
      assert.deepEqual(await versionsOf(accountId, o1), []);
    });
  });

  describe('OVERRIDE', () => {
    const override = { source: 'api', scope: 's', syncMode: 'OVERRIDE' };

    it('with a scope, only entities of that scope are pinned; _id, _type + _key and _scope elsewhere are update errors', async () => {
      const { c, accountId, h1, o1, otherBefore } = await seeded(['OVERRIDE']);
      const job = await c.sync(override, [
        {
          entities: [
            { _id: o1, owner: 'x' },
            { _type: 'host', _key: 'o1', owner: 'x' },
            { _type: 'host', _key: 'shared', _scope: 'other', owner: 'x' },
            // Held by 's' and 'other': the job's scope decides, so it is not ambiguous.
            { _type: 'host', _key: 'shared', owner: 'pinned' },
            { _id: h1, owner: 'pinned' },
          ],
        },
      ]);
      expectCounters(job, { numEntitiesUpdated: 2, numEntityUpdateErrors: 3 });
      assert.deepEqual(
        job.errors?.map((e) => [e.key, e.message]),
        [
          [
            null,
            `No entity with _id '${o1}' in scope 's': an OVERRIDE job with a scope pins values on entities of that scope only`,
          ],
          [
            'o1',
            "No entity with _type 'host' and _key 'o1' in scope 's': an OVERRIDE job with a scope pins values on entities of that scope only",
          ],
          [
            'shared',
            "_scope 'other' is not the job's scope 's': an OVERRIDE job with a scope pins values on entities of that scope only",
          ],
        ],
      );
      assert.deepEqual(await scopeContents(accountId, 'other'), otherBefore);
      const s = await scopeContents(accountId, 's');
      assert.deepEqual(find(s.entities, 'shared')._overrides, ['owner']);
      assert.equal(find(s.entities, 'shared').owner, 'pinned');
      assert.deepEqual(find(s.entities, 'h1')._overrides, ['owner']);
    });

    it('with a scope, the _rawData of a target in another scope is not stored', async () => {
      const { c, accountId, o1 } = await seeded(['OVERRIDE']);
      // One job per way of naming the target.
      for (const named of [{ _id: o1 }, { _type: 'host', _key: 'o1' }]) {
        const job = await c.sync(override, [
          { entities: [{ ...named, owner: 'x', _rawData: RAW }] },
        ]);
        expectCounters(job, { numEntityUpdateErrors: 1 });
      }
      assert.deepEqual(await versionsOf(accountId, o1), []);
    });
  });

  describe('relationships', () => {
    it('PUT ends by _id in another scope: the relationship is the job scope’s; another scope’s with that _key, or ending in the scope, is neither updated nor deleted', async () => {
      const { c, accountId, o1 } = await seeded(['PUT']);
      const sharedS = find((await scopeContents(accountId, 's')).entities, 'shared')._id;
      await c.diff(
        'other',
        [entity('o1', { z: 0 }), entity('shared', { a: 'other' })],
        [rel('r', 'o1', 'shared', { w: 1 })],
      );
      const sharedOther = find((await scopeContents(accountId, 'other')).entities, 'shared')._id;
      // A relationship of 'other' ending at an entity of 's'.
      const into = await c.sync({ source: 'api', scope: 'other', syncMode: 'PUT' }, [
        {
          relationships: [
            { ...rel('into-s', 'o1', 'x'), _toEntityKey: undefined, _toEntityId: sharedS },
          ],
        },
      ]);
      expectCounters(into, { numRelationshipsCreated: 1 });
      const otherBefore = await scopeContents(accountId, 'other');

      const job = await c.sync({ source: 'api', scope: 's', syncMode: 'PUT' }, [
        {
          relationships: [
            { ...rel('r', 'h1', 'x', { w: 2 }), _toEntityKey: undefined, _toEntityId: sharedOther },
            { ...rel('o1-out', 'x', 'h1'), _fromEntityKey: undefined, _fromEntityId: o1 },
          ],
        },
      ]);
      expectCounters(job, { numRelationshipsCreated: 2 });
      assert.deepEqual(await scopeContents(accountId, 'other'), otherBefore);
      const s = await scopeContents(accountId, 's');
      assert.deepEqual(
        s.relationships.map((r) => [r._key, r._scope, r.fromId, r.toId, r.w ?? null]),
        [
          ['o1-out', 's', o1, find(s.entities, 'h1')._id, null],
          ['r', 's', find(s.entities, 'h1')._id, sharedOther, 2],
        ],
      );

      // The DIFF of 's' deletes its own relationships and 'shared'; the relationships of 'other',
      // one of them ending at the deleted 'shared', stay as they were.
      const diff = await c.diff('s', [entity('h1', { a: 1 })]);
      expectCounters(diff, { numEntitiesDeleted: 1, numRelationshipsDeleted: 2 });
      assert.deepEqual(await scopeContents(accountId, 'other'), otherBefore);
    });
  });
});
