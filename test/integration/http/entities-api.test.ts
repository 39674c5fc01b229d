import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { EntityService } from '../../../src/entities/entity-service';
import { freshAccount, testApp, testGraph, type TestAccount } from '../../helpers/harness';
import {
  SyncClient,
  custom,
  entity,
  expectCounters,
  find,
  rel,
  scopeContents,
  type Props,
  type StoredEntity,
} from '../sync/semantics-helpers';

/**
 * The entity mutation API on real Neo4j: GET, PATCH and DELETE /entities/{entityId} and
 * GET /entities/{entityId}/relationships. Data is seeded with DIFF jobs over HTTP and every write
 * is read back from Neo4j. The service runs on a fixed clock so that times are exact.
 */
const NOW = Date.UTC(2030, 0, 2, 3, 4, 5, 678);
const NOW_ISO = '2030-01-02T03:04:05.678Z';
const SCOPE = 's';
const VALID_TYPES =
  'Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.';

const H1 = entity('h1', {
  _class: ['Host', 'Device'],
  displayName: 'Host 1',
  owner: 'team-a',
  'tag.Production': true,
  ports: [22, 443],
});
const ENTITIES = [H1, entity('h2', { owner: 'team-b' }), entity('h3')];
const RELATIONSHIPS = [
  rel('r12', 'h1', 'h2', { weight: 5, displayName: 'h1 uses h2' }),
  rel('r31', 'h3', 'h1'),
  rel('r23', 'h2', 'h3'),
  rel('r11', 'h1', 'h1'),
];

interface Seeded {
  a: TestAccount;
  c: SyncClient;
  ids: Record<string, string>;
  relIds: Record<string, string>;
}

describe('entity API: /entities/{entityId} (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp({
      entities: new EntityService({ graph: await testGraph(), now: () => NOW }),
    });
  });

  /** h1..h3 in scope 's' with r12, r31, r23, the self-loop r11, and r21 deleted by a later DIFF. */
  async function seeded(features: Array<'OVERRIDE'> = []): Promise<Seeded> {
    const a = await freshAccount(features);
    const c = new SyncClient(app, a.headers);
    await c.diff(SCOPE, ENTITIES, [...RELATIONSHIPS, rel('r21', 'h2', 'h1')]);
    await c.diff(SCOPE, ENTITIES, RELATIONSHIPS);
    const s = await scopeContents(a.accountId, SCOPE);
    const ids = Object.fromEntries(s.entities.map((e) => [e._key, e._id]));
    const relIds = Object.fromEntries(s.relationships.map((r) => [r._key, r._id]));
    assert.equal(find(s.relationships, 'r21')._deleted, true);
    return { a, c, ids, relIds };
  }

  async function stored(accountId: string, key: string): Promise<StoredEntity> {
    return find((await scopeContents(accountId, SCOPE)).entities, key);
  }

  const get = (a: TestAccount, id: string) => request(app).get(`/entities/${id}`).set(a.headers);
  const patch = (a: TestAccount, id: string, body: unknown) =>
    request(app)
      .patch(`/entities/${id}`)
      .set(a.headers)
      .send(body as object);
  const del = (a: TestAccount, id: string) => request(app).delete(`/entities/${id}`).set(a.headers);
  const list = (a: TestAccount, id: string, query: Record<string, string | number> = {}) =>
    request(app).get(`/entities/${id}/relationships`).query(query).set(a.headers);

  function expectError(res: request.Response, status: number, code: string, message: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.deepEqual(res.body, { error: { code, message } });
  }

  const notFound = (id: string) => `No entity with _id '${id}' in this account`;
  const iso = (ms: unknown) => new Date(ms as number).toISOString();

  describe('GET /entities/{entityId}', () => {
    it('answers the vertex: id is _id, metadata with array _type/_class and ISO times, no bookkeeping, flat dotted properties', async () => {
      const { a, ids } = await seeded();
      const s = await stored(a.accountId, 'h1');
      // The bookkeeping exists in Neo4j, and is not shown.
      assert.equal(typeof s._hash, 'string');
      assert.equal(typeof s._lastSyncJobId, 'string');
      assert.equal(s._lastSyncOp, 'created');
      const res = await get(a, ids.h1!);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, {
        id: ids.h1,
        entity: {
          _id: ids.h1,
          _key: 'h1',
          _type: ['host'],
          _class: ['Host', 'Device'],
          _accountId: a.accountId,
          _scope: SCOPE,
          _source: 'api',
          _version: 1,
          _deleted: false,
          _createdOn: iso(s._createdOn),
          _beginOn: iso(s._beginOn),
          displayName: 'Host 1',
        },
        properties: { owner: 'team-a', 'tag.Production': true, ports: [22, 443] },
      });
    });

    it('404 ENTITY_NOT_FOUND for an unknown id', async () => {
      const a = await freshAccount();
      const id = '00000000-0000-4000-8000-000000000000';
      expectError(await get(a, id), 404, 'ENTITY_NOT_FOUND', notFound(id));
      expectError(await get(a, 'not-a-uuid'), 404, 'ENTITY_NOT_FOUND', notFound('not-a-uuid'));
    });
  });

  describe('another account', () => {
    it('cannot read, patch, delete or list an entity: 404, as if it did not exist, and nothing changes', async () => {
      const { a, ids } = await seeded();
      const b = await freshAccount();
      const id = ids.h1!;
      const before = await scopeContents(a.accountId, SCOPE);
      expectError(await get(b, id), 404, 'ENTITY_NOT_FOUND', notFound(id));
      expectError(
        await patch(b, id, { properties: { owner: 'mallory' } }),
        404,
        'ENTITY_NOT_FOUND',
        notFound(id),
      );
      expectError(await del(b, id), 404, 'ENTITY_NOT_FOUND', notFound(id));
      expectError(await list(b, id), 404, 'ENTITY_NOT_FOUND', notFound(id));
      assert.deepEqual(await scopeContents(a.accountId, SCOPE), before);
    });
  });

  describe('PATCH /entities/{entityId}', () => {
    it('sets and removes custom properties as a new version; _hash is forgotten, the sync bookkeeping kept', async () => {
      const { a, ids } = await seeded();
      const before = await stored(a.accountId, 'h1');
      const res = await patch(a, ids.h1!, {
        properties: { owner: 'team-z', 'tag.Production': null, 'tag.Owner': 'z', tags: ['x', 'y'] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.properties, {
        owner: 'team-z',
        'tag.Owner': 'z',
        tags: ['x', 'y'],
        ports: [22, 443],
      });
      assert.equal(res.body.entity._version, 2);
      assert.equal(res.body.entity._beginOn, NOW_ISO);
      assert.equal(res.body.entity._createdOn, iso(before._createdOn));

      const after = await stored(a.accountId, 'h1');
      assert.deepEqual(custom(after), {
        displayName: 'Host 1',
        owner: 'team-z',
        'tag.Owner': 'z',
        tags: ['x', 'y'],
        ports: [22, 443],
      });
      assert.equal(after._version, 2);
      assert.equal(after._beginOn, NOW);
      assert.equal(after._createdOn, before._createdOn);
      assert.equal(after._hash, undefined);
      assert.equal(after._lastSyncJobId, before._lastSyncJobId);
      assert.equal(after._lastSyncOp, before._lastSyncOp);
      assert.deepEqual(after.labels.sort(), ['Device', 'Entity', 'Host', 'host']);
      // The answer is what GET now reads.
      assert.deepEqual((await get(a, ids.h1!)).body, res.body);
    });

    it('writes nothing when every given value already holds (no new version)', async () => {
      const { a, ids } = await seeded();
      const before = await stored(a.accountId, 'h1');
      const res = await patch(a, ids.h1!, {
        properties: { owner: 'team-a', ports: [22, 443], 'tag.Production': true, absent: null },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.entity._version, 1);
      assert.deepEqual(await stored(a.accountId, 'h1'), before);
    });

    it('400 for a body that breaks the property rules, pointing at the property; nothing is written', async () => {
      const { a, ids } = await seeded();
      const before = await stored(a.accountId, 'h1');
      const cases: Array<[body: unknown, message: string]> = [
        [{ properties: {} }, '/properties must name at least one property'],
        [
          { properties: { owner: 'x', _type: 'other' } },
          "/properties/_type has invalid property name '_type': system properties cannot be patched",
        ],
        [
          { properties: { _deleted: true } },
          "/properties/_deleted has invalid property name '_deleted': system properties cannot be patched",
        ],
        [
          { properties: { nested: { a: 1 } } },
          `/properties/nested has invalid type. ${VALID_TYPES}`,
        ],
        [{ properties: { mixed: [1, 'a'] } }, `/properties/mixed has invalid type. ${VALID_TYPES}`],
        [{ properties: { deep: [[1]] } }, `/properties/deep has invalid type. ${VALID_TYPES}`],
        [
          { properties: { 'a/b~c': { x: 1 } } },
          `/properties/a~1b~0c has invalid type. ${VALID_TYPES}`,
        ],
        [
          { properties: { '': 1 } },
          "/properties/ has invalid property name '': it must not be empty or hold a NUL character",
        ],
        // The outline is openapi.yaml's: the validator's wording.
        [{}, "/properties must have required property 'properties'"],
        [{ properties: 'owner' }, '/properties must be object'],
        [{ properties: { owner: 'x' }, extra: 1 }, '/extra must NOT have additional properties'],
      ];
      for (const [body, message] of cases) {
        expectError(await patch(a, ids.h1!, body), 400, 'VALIDATION_ERROR', message);
      }
      assert.deepEqual(await stored(a.accountId, 'h1'), before);
    });

    it('409 PROPERTY_PINNED for a property an OVERRIDE job pinned, naming it; nothing is written until it is unpinned', async () => {
      const { a, c, ids } = await seeded(['OVERRIDE']);
      const override = { source: 'api', syncMode: 'OVERRIDE' };
      await c.sync(override, [{ entities: [{ _id: ids.h1, owner: 'security', tags: ['p'] }] }]);
      const pinned = await stored(a.accountId, 'h1');
      assert.deepEqual(pinned._overrides, ['owner', 'tags']);
      const shown = await get(a, ids.h1!);
      assert.deepEqual(shown.body.entity._overrides, ['owner', 'tags']);

      expectError(
        await patch(a, ids.h1!, { properties: { other: 1, owner: 'team-z' } }),
        409,
        'PROPERTY_PINNED',
        `Property 'owner' of entity '${ids.h1}' is pinned by an OVERRIDE job: an OVERRIDE job that sets it to null unpins it`,
      );
      // Even when the value given is the pinned one: the client is told who owns the value.
      expectError(
        await patch(a, ids.h1!, { properties: { tags: null, owner: 'security' } }),
        409,
        'PROPERTY_PINNED',
        `Properties 'tags', 'owner' of entity '${ids.h1}' are pinned by an OVERRIDE job: an OVERRIDE job that sets them to null unpins them`,
      );
      assert.deepEqual(await stored(a.accountId, 'h1'), pinned);

      // As the message says: an OVERRIDE job with null unpins, then PATCH writes.
      await c.sync(override, [{ entities: [{ _id: ids.h1, owner: null }] }]);
      const res = await patch(a, ids.h1!, { properties: { owner: 'team-z' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = await stored(a.accountId, 'h1');
      assert.equal(after.owner, 'team-z');
      assert.deepEqual(after._overrides, ['tags']);
    });

    it('409 ENTITY_DELETED for a soft-deleted entity; nothing is written', async () => {
      const { a, ids } = await seeded();
      assert.equal((await del(a, ids.h3!)).status, 200);
      const before = await stored(a.accountId, 'h3');
      expectError(
        await patch(a, ids.h3!, { properties: { owner: 'x' } }),
        409,
        'ENTITY_DELETED',
        `Entity '${ids.h3}' is deleted: a deleted entity cannot be patched (a sync job that uploads it again revives it)`,
      );
      assert.deepEqual(await stored(a.accountId, 'h3'), before);
    });

    it("the owner's next DIFF of the same content restores patched values and removes added ones; the one after changes nothing", async () => {
      const { a, c, ids } = await seeded();
      const res = await patch(a, ids.h1!, { properties: { owner: 'team-z', added: 'x' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));

      const diff = await c.diff(SCOPE, ENTITIES, RELATIONSHIPS);
      expectCounters(diff, { numEntitiesUpdated: 1 });
      const restored = await stored(a.accountId, 'h1');
      assert.deepEqual(custom(restored), {
        displayName: 'Host 1',
        owner: 'team-a',
        'tag.Production': true,
        ports: [22, 443],
      });
      assert.equal(restored._version, 3);
      assert.equal(typeof restored._hash, 'string');

      expectCounters(await c.diff(SCOPE, ENTITIES, RELATIONSHIPS), {});
      assert.equal((await stored(a.accountId, 'h1'))._version, 3);
    });

    it('a DIFF after a patch that was undone counts nothing: the content compares equal', async () => {
      const { a, c, ids } = await seeded();
      assert.equal((await patch(a, ids.h1!, { properties: { owner: 'team-z' } })).status, 200);
      assert.equal((await patch(a, ids.h1!, { properties: { owner: 'team-a' } })).status, 200);
      const patched = await stored(a.accountId, 'h1');
      assert.equal(patched._version, 3);
      assert.equal(patched._hash, undefined);

      expectCounters(await c.diff(SCOPE, ENTITIES, RELATIONSHIPS), {});
      const after = await stored(a.accountId, 'h1');
      assert.equal(after._version, 3);
      assert.deepEqual(custom(after), custom(patched));
    });
  });

  describe('DELETE /entities/{entityId}', () => {
    it('soft deletes the entity, its live relationships in both directions and its raw-data versions, in one go', async () => {
      const { a, c, ids, relIds } = await seeded();
      // Raw data on h1 (two entries) and h2, stored by a PATCH job as by any sync.
      const patched = await c.sync({ source: 'api', syncMode: 'PATCH' }, [
        {
          entities: [
            { _id: ids.h1, _rawData: { default: { body: 1 }, other: { body: 2 } } },
            { _id: ids.h2, _rawData: { default: { body: 3 } } },
          ],
        },
      ]);
      assert.equal(patched.numRawDataVersionsCreated, 3);
      const before = await scopeContents(a.accountId, SCOPE);
      const r21 = find(before.relationships, 'r21');

      const res = await del(a, ids.h1!);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      // r12 (outgoing), r31 (incoming), the self-loop r11 once; r21 was deleted already.
      assert.equal(res.body.numRelationshipsDeleted, 3);
      assert.equal(res.body.deletedEntity.id, ids.h1);
      assert.equal(res.body.deletedEntity.entity._deleted, true);
      assert.equal(res.body.deletedEntity.entity._endOn, NOW_ISO);
      assert.equal(res.body.deletedEntity.entity._version, 2);
      assert.deepEqual(res.body.deletedEntity.properties, {
        owner: 'team-a',
        'tag.Production': true,
        ports: [22, 443],
      });

      const s = await scopeContents(a.accountId, SCOPE);
      const h1 = find(s.entities, 'h1');
      assert.deepEqual(
        { deleted: h1._deleted, endOn: h1._endOn, version: h1._version },
        { deleted: true, endOn: NOW, version: 2 },
      );
      assert.equal(h1._lastSyncOp, 'created');
      for (const key of ['h2', 'h3']) {
        const e = find(s.entities, key);
        assert.deepEqual([e._deleted, e._version], [false, 1], key);
      }
      for (const key of ['r12', 'r31', 'r11']) {
        const r = find(s.relationships, key);
        assert.deepEqual(
          { deleted: r._deleted, endOn: r._endOn, version: r._version, id: r._id },
          { deleted: true, endOn: NOW, version: 2, id: relIds[key] },
          key,
        );
      }
      const r23 = find(s.relationships, 'r23');
      assert.deepEqual([r23._deleted, r23._version], [false, 1]);
      assert.deepEqual(find(s.relationships, 'r21'), r21);

      const graph = await testGraph();
      const versions = await graph.read<{ entityId: string; name: string; deleted: boolean }>(
        'rawdata/test-account-versions',
        { accountId: a.accountId },
      );
      const of = (id: string | undefined) =>
        versions
          .filter((v) => v.entityId === id)
          .map((v) => ({ name: v.name, deleted: v.deleted }));
      assert.deepEqual(of(ids.h1), [
        { name: 'default', deleted: true },
        { name: 'other', deleted: true },
      ]);
      assert.deepEqual(of(ids.h2), [{ name: 'default', deleted: false }]);

      // GET still finds it, deleted.
      const shown = await get(a, ids.h1!);
      assert.equal(shown.status, 200);
      assert.deepEqual(shown.body, res.body.deletedEntity);
    });

    it('is idempotent: deleting again answers 200 with the entity as it is and 0 relationships, and changes nothing', async () => {
      const { a, ids } = await seeded();
      const first = await del(a, ids.h2!);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.numRelationshipsDeleted, 2);
      const after = await scopeContents(a.accountId, SCOPE);

      const again = await del(a, ids.h2!);
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.deepEqual(again.body, {
        deletedEntity: first.body.deletedEntity,
        numRelationshipsDeleted: 0,
      });
      assert.deepEqual(await scopeContents(a.accountId, SCOPE), after);
    });

    it('404 ENTITY_NOT_FOUND for an unknown id', async () => {
      const a = await freshAccount();
      const id = '00000000-0000-4000-8000-000000000001';
      expectError(await del(a, id), 404, 'ENTITY_NOT_FOUND', notFound(id));
    });

    it("the owner's next DIFF with the entity revives it (its relationships too)", async () => {
      const { a, c, ids } = await seeded();
      assert.equal((await del(a, ids.h1!)).status, 200);
      const diff = await c.diff(SCOPE, ENTITIES, RELATIONSHIPS);
      expectCounters(diff, { numEntitiesCreated: 1, numRelationshipsCreated: 3 });
      const s = await scopeContents(a.accountId, SCOPE);
      assert.equal(find(s.entities, 'h1')._deleted, false);
      for (const key of ['r12', 'r31', 'r11'])
        assert.equal(find(s.relationships, key)._deleted, false);
    });
  });

  describe('GET /entities/{entityId}/relationships', () => {
    type Item = { id: string; direction: string; relationship: Props };
    const summary = (items: Item[]) => items.map((r) => [r.relationship._key, r.direction]);
    const byId = (keys: string[], relIds: Record<string, string>) =>
      keys.map((k) => [k, relIds[k]!] as const).sort((x, y) => (x[1] < y[1] ? -1 : 1));

    it('lists live relationships in both directions by _id, each with the edge and the vertex at the other end', async () => {
      const { a, ids, relIds } = await seeded();
      const res = await list(a, ids.h1!);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const expected = byId(['r12', 'r31', 'r11'], relIds).map(([k]) => [
        k,
        k === 'r31' ? 'INCOMING' : 'OUTGOING',
      ]);
      assert.deepEqual(summary(res.body.relationships), expected);
      assert.equal(res.body.totalCount, 3);
      assert.equal(res.body.cursor, undefined);

      const r12 = find((await scopeContents(a.accountId, SCOPE)).relationships, 'r12');
      const item = res.body.relationships.find((r: Item) => r.id === relIds.r12);
      assert.deepEqual(item, {
        id: relIds.r12,
        direction: 'OUTGOING',
        fromVertexId: ids.h1,
        toVertexId: ids.h2,
        relationship: {
          _id: relIds.r12,
          _key: 'r12',
          _type: 'host_uses_host',
          _class: 'USES',
          _fromEntityKey: 'h1',
          _toEntityKey: 'h2',
          _accountId: a.accountId,
          _scope: SCOPE,
          _source: 'api',
          _version: 1,
          _deleted: false,
          _createdOn: iso(r12._createdOn),
          _beginOn: iso(r12._beginOn),
          displayName: 'h1 uses h2',
        },
        properties: { weight: 5 },
        vertex: (await get(a, ids.h2!)).body,
      });
      const r31 = res.body.relationships.find((r: Item) => r.id === relIds.r31);
      assert.deepEqual([r31.fromVertexId, r31.toVertexId, r31.vertex.id], [ids.h3, ids.h1, ids.h3]);
      const r11 = res.body.relationships.find((r: Item) => r.id === relIds.r11);
      assert.deepEqual([r11.fromVertexId, r11.toVertexId, r11.vertex.id], [ids.h1, ids.h1, ids.h1]);
    });

    it('filters by direction, and shows deleted relationships only with includeDeleted=true', async () => {
      const { a, ids, relIds } = await seeded();
      const out = await list(a, ids.h1!, { direction: 'OUTGOING' });
      assert.deepEqual(
        summary(out.body.relationships),
        byId(['r12', 'r11'], relIds).map(([k]) => [k, 'OUTGOING']),
      );
      assert.equal(out.body.totalCount, 2);
      const inc = await list(a, ids.h1!, { direction: 'INCOMING' });
      assert.deepEqual(
        summary(inc.body.relationships),
        byId(['r31', 'r11'], relIds).map(([k]) => [k, 'INCOMING']),
      );
      assert.equal((await list(a, ids.h1!, { direction: 'BOTH' })).body.totalCount, 3);

      const all = await list(a, ids.h1!, { includeDeleted: 'true' });
      assert.deepEqual(
        summary(all.body.relationships),
        byId(['r12', 'r31', 'r11', 'r21'], relIds).map(([k]) => [
          k,
          k === 'r31' || k === 'r21' ? 'INCOMING' : 'OUTGOING',
        ]),
      );
      assert.equal(all.body.totalCount, 4);
      const r21 = all.body.relationships.find((r: Item) => r.id === relIds.r21);
      assert.equal(r21.relationship._deleted, true);
      assert.equal(typeof r21.relationship._endOn, 'string');
      assert.equal((await list(a, ids.h1!, { includeDeleted: 'false' })).body.totalCount, 3);

      // After DELETE of h2, h1 keeps only r31 and r11 live.
      assert.equal((await del(a, ids.h2!)).status, 200);
      const left = await list(a, ids.h1!);
      assert.deepEqual(left.body.relationships.map((r: Item) => r.relationship._key).sort(), [
        'r11',
        'r31',
      ]);
    });

    it('pages by cursor in _id order: every relationship exactly once, no cursor on the last page', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const spokes = ['s1', 's2', 's3', 's4', 's5', 's6', 's7'];
      await c.diff(
        SCOPE,
        [entity('hub'), ...spokes.map((k) => entity(k))],
        spokes.map((k, i) => (i % 2 === 0 ? rel(`r-${k}`, 'hub', k) : rel(`r-${k}`, k, 'hub'))),
      );
      const s = await scopeContents(a.accountId, SCOPE);
      const hub = find(s.entities, 'hub')._id;
      const sorted = s.relationships.map((r) => r._id).sort();
      assert.equal(sorted.length, 7);

      const pages: string[][] = [];
      let cursor: string | undefined = undefined;
      do {
        const res = await list(a, hub, { limit: 3, ...(cursor === undefined ? {} : { cursor }) });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.totalCount, 7);
        pages.push(res.body.relationships.map((r: Item) => r.id));
        cursor = res.body.cursor as string | undefined;
      } while (cursor !== undefined && pages.length < 10);
      assert.deepEqual(pages, [sorted.slice(0, 3), sorted.slice(3, 6), sorted.slice(6)]);

      // A page that ends exactly at the last relationship has no cursor.
      const exact = await list(a, hub, { limit: 7 });
      assert.deepEqual(
        exact.body.relationships.map((r: Item) => r.id),
        sorted,
      );
      assert.equal(exact.body.cursor, undefined);
      // The default page holds up to 100.
      assert.equal((await list(a, hub)).body.relationships.length, 7);
    });

    it('400 for a malformed cursor or out-of-range parameters; 404 for an unknown entity', async () => {
      const { a, ids } = await seeded();
      const cursorMessage =
        "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given";
      for (const cursor of ['not-a-cursor', '!!!', Buffer.from('hello').toString('base64url')]) {
        expectError(await list(a, ids.h1!, { cursor }), 400, 'VALIDATION_ERROR', cursorMessage);
      }
      // A real cursor, lengthened or cut.
      const page = await list(a, ids.h1!, { limit: 1 });
      const cursor = page.body.cursor as string;
      for (const tampered of [`${cursor}A`, cursor.slice(0, -4)]) {
        expectError(
          await list(a, ids.h1!, { cursor: tampered }),
          400,
          'VALIDATION_ERROR',
          cursorMessage,
        );
      }
      const invalid: Array<[Record<string, string | number>, string]> = [
        [{ limit: 0 }, "query parameter 'limit' must be >= 1"],
        [{ limit: 1001 }, "query parameter 'limit' must be <= 1000"],
        [{ limit: 'ten' }, "query parameter 'limit' must be integer"],
        [
          { direction: 'SIDEWAYS' },
          "query parameter 'direction' must be equal to one of the allowed values: BOTH, OUTGOING, INCOMING",
        ],
        [{ includeDeleted: 'yes' }, "query parameter 'includeDeleted' must be boolean"],
        [{ cursor: '' }, "query parameter 'cursor' Empty value found for query parameter 'cursor'"],
      ];
      for (const [query, message] of invalid) {
        expectError(await list(a, ids.h1!, query), 400, 'VALIDATION_ERROR', message);
      }
      const unknown = '00000000-0000-4000-8000-000000000002';
      expectError(await list(a, unknown), 404, 'ENTITY_NOT_FOUND', notFound(unknown));
    });
  });
});
