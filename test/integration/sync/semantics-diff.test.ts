import assert from 'node:assert/strict';
import type express from 'express';
import { forEachBlobStore } from '../../helpers/blob-stores';
import { freshAccount, testApp, testSync } from '../../helpers/harness';
import {
  type Job,
  type Props,
  type ScopeContents,
  SyncClient,
  custom,
  deletedKeys,
  entity,
  expectCounters,
  find,
  holdScopeLock,
  liveKeys,
  range,
  rel,
  releaseScopeLock,
  scopeContents,
  sortedLabels,
} from './semantics-helpers';

/**
 * DIFF semantics through HTTP on real Neo4j: after finalize the live objects of (account, scope)
 * are exactly the upload, absent ones are soft deleted, unchanged ones are not rewritten, and the
 * counters say exactly what changed.
 */
forEachBlobStore('sync DIFF semantics (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function client(): Promise<{ c: SyncClient; accountId: string }> {
    const a = await freshAccount();
    return { c: new SyncClient(app, a.headers), accountId: a.accountId };
  }

  it('a first DIFF creates exactly the upload: properties flat, labels per class, system properties', async () => {
    const { c, accountId } = await client();
    const before = Date.now();
    const job = await c.diff(
      's',
      [
        entity('h1', { name: 'one', 'tag.Production': true, ports: [22, 443], score: 1.5 }),
        entity('h2', { _class: ['Host', 'Device'], name: 'two' }),
        { _key: 'u1', _type: 'user', _class: 'User', email: 'u@example.com', active: false },
      ],
      [
        rel('h1>h2', 'h1', 'h2', { weight: 3 }),
        {
          _key: 'u1>h1',
          _type: 'user_owns_host',
          _class: 'OWNS',
          _fromEntityKey: 'u1',
          _toEntityKey: 'h1',
        },
      ],
    );
    expectCounters(job, { numEntitiesCreated: 3, numRelationshipsCreated: 2 });
    assert.equal(job.numEntitiesUploaded, 3);
    assert.equal(job.numRelationshipsUploaded, 2);

    const g = await scopeContents(accountId, 's');
    assert.deepEqual(liveKeys(g.entities), ['h1', 'h2', 'u1']);
    assert.deepEqual(deletedKeys(g.entities), []);
    const h1 = find(g.entities, 'h1');
    assert.deepEqual(custom(h1), {
      name: 'one',
      'tag.Production': true,
      ports: [22, 443],
      score: 1.5,
    });
    assert.deepEqual(sortedLabels(h1), ['Entity', 'Host', 'host']);
    assert.deepEqual(sortedLabels(find(g.entities, 'h2')), ['Device', 'Entity', 'Host', 'host']);
    assert.deepEqual(find(g.entities, 'h2')._class, ['Host', 'Device']);
    assert.deepEqual(custom(find(g.entities, 'u1')), { email: 'u@example.com', active: false });
    for (const e of g.entities) {
      assert.equal(e._accountId, accountId);
      assert.equal(e._scope, 's');
      assert.equal(e._version, 1);
      assert.equal(e._deleted, false);
      assert.equal(e._source, 'api');
      assert.equal(e._lastSyncJobId, job.id);
      assert.equal(e._lastSyncOp, 'created');
      assert.match(e._id, /^[0-9a-f-]{36}$/);
      assert.ok((e._createdOn as number) >= before && e._createdOn === e._beginOn);
      assert.equal(e._endOn, undefined);
    }
    assert.equal(new Set(g.entities.map((e) => e._id)).size, 3);

    assert.deepEqual(liveKeys(g.relationships), ['h1>h2', 'u1>h1']);
    const r = find(g.relationships, 'h1>h2');
    assert.equal(r.type, 'USES');
    assert.equal(r._type, 'host_uses_host');
    assert.equal(r._class, 'USES');
    assert.deepEqual([r.fromKey, r.toKey], ['h1', 'h2']);
    assert.deepEqual(custom(r), { weight: 3 });
    assert.equal(r._scope, 's');
    assert.equal(r._accountId, accountId);
    assert.equal(r._version, 1);
    assert.equal(find(g.relationships, 'u1>h1').type, 'OWNS');
  });

  it('soft deletes absent entities and relationships, and leaves other scopes and accounts alone', async () => {
    const { c, accountId } = await client();
    const other = await freshAccount();
    const oc = new SyncClient(app, other.headers);
    const four = ['e1', 'e2', 'e3', 'e4'].map((k) => entity(k, { n: k }));
    const rels = [rel('r12', 'e1', 'e2'), rel('r34', 'e3', 'e4'), rel('r13', 'e1', 'e3')];
    expectCounters(await c.diff('s1', four, rels), {
      numEntitiesCreated: 4,
      numRelationshipsCreated: 3,
    });
    expectCounters(await c.diff('s2', four, rels), {
      numEntitiesCreated: 4,
      numRelationshipsCreated: 3,
    });
    expectCounters(await oc.diff('s1', four, rels), {
      numEntitiesCreated: 4,
      numRelationshipsCreated: 3,
    });
    const s2Before = await scopeContents(accountId, 's2');
    const otherBefore = await scopeContents(other.accountId, 's1');
    const s1Before = await scopeContents(accountId, 's1');

    const t0 = Date.now();
    const job = await c.diff('s1', four.slice(0, 2), [rels[0]!]);
    expectCounters(job, { numEntitiesDeleted: 2, numRelationshipsDeleted: 2 });

    const g = await scopeContents(accountId, 's1');
    assert.deepEqual(liveKeys(g.entities), ['e1', 'e2']);
    assert.deepEqual(deletedKeys(g.entities), ['e3', 'e4']);
    assert.deepEqual(liveKeys(g.relationships), ['r12']);
    assert.deepEqual(deletedKeys(g.relationships), ['r13', 'r34']);
    for (const o of [...g.entities, ...g.relationships]) {
      if (!o._deleted) continue;
      assert.ok((o._endOn as number) >= t0, `${o._key} has _endOn`);
      assert.equal(o._version, 2);
      assert.equal(o._lastSyncJobId, job.id);
      assert.equal(o._lastSyncOp, 'deleted');
    }
    // Soft delete keeps the node, its identity and its properties.
    const e3Before = find(s1Before.entities, 'e3');
    const e3 = find(g.entities, 'e3');
    assert.equal(e3._id, e3Before._id);
    assert.deepEqual(custom(e3), { n: 'e3' });
    // The kept ones were not rewritten.
    assert.deepEqual(find(g.entities, 'e1'), find(s1Before.entities, 'e1'));
    assert.deepEqual(find(g.relationships, 'r12'), find(s1Before.relationships, 'r12'));

    assert.deepEqual(await scopeContents(accountId, 's2'), s2Before);
    assert.deepEqual(await scopeContents(other.accountId, 's1'), otherBefore);
  });

  it('spares the types named in partialDatasets.types (entities and relationships)', async () => {
    const { c, accountId } = await client();
    const bucket = (k: string) => ({ _key: k, _type: 'aws_s3_bucket', _class: 'DataStore' });
    const bucketRel = {
      _key: 'b1>b2',
      _type: 'bucket_copies_bucket',
      _class: 'COPIES',
      _fromEntityKey: 'b1',
      _toEntityKey: 'b2',
    };
    await c.diff(
      's',
      [entity('h1'), entity('h2'), bucket('b1'), bucket('b2')],
      [rel('h1>h2', 'h1', 'h2'), bucketRel],
    );
    const job = await c.diff('s', [entity('h1')], [], {
      partialDatasets: { types: ['aws_s3_bucket', 'bucket_copies_bucket'] },
    });
    expectCounters(job, { numEntitiesDeleted: 1, numRelationshipsDeleted: 1 });
    assert.deepEqual(job.partialDatasetTypes, ['aws_s3_bucket', 'bucket_copies_bucket']);
    const g = await scopeContents(accountId, 's');
    assert.deepEqual(liveKeys(g.entities), ['b1', 'b2', 'h1']);
    assert.deepEqual(deletedKeys(g.entities), ['h2']);
    assert.deepEqual(liveKeys(g.relationships), ['b1>b2']);
    assert.deepEqual(deletedKeys(g.relationships), ['h1>h2']);

    // Without partialDatasets the next DIFF deletes them.
    expectCounters(await c.diff('s', [entity('h1')]), {
      numEntitiesDeleted: 2,
      numRelationshipsDeleted: 1,
    });
    const after = await scopeContents(accountId, 's');
    assert.deepEqual(liveKeys(after.entities), ['h1']);
    assert.deepEqual(liveKeys(after.relationships), []);
  });

  it('an unchanged re-run creates, updates and deletes nothing and does not rewrite any node', async () => {
    const { c, accountId } = await client();
    const entities = range(6).map((i) =>
      entity(`h${i}`, { i, name: `host ${i}`, tags: ['a', 'b'], nothing: null }),
    );
    const rels = range(5).map((i) => rel(`r${i}`, `h${i}`, `h${i + 1}`, { i }));
    const first = await c.diff('s', entities, rels);
    expectCounters(first, { numEntitiesCreated: 6, numRelationshipsCreated: 5 });
    const before = await scopeContents(accountId, 's');

    // Same content, different order of objects and of property keys.
    const shuffled = [...entities]
      .reverse()
      .map((e) => Object.fromEntries(Object.entries(e).reverse()));
    const again = await c.diff('s', shuffled, [...rels].reverse());
    expectCounters(again, {});
    assert.equal(again.numEntitiesUploaded, 6);
    assert.equal(again.numRelationshipsUploaded, 5);
    const after = await scopeContents(accountId, 's');
    // Every property of every node and relationship, _version/_beginOn/_hash/_lastSyncJobId included.
    assert.deepEqual(after, before);
    assert.ok(after.entities.every((e) => e._lastSyncJobId === first.id && e._version === 1));
  });

  it('a 10% change updates exactly the changed objects', async () => {
    const { c, accountId } = await client();
    const entities = range(20).map((i) => entity(`h${i}`, { i, state: 'ok' }));
    const rels = range(10).map((i) => rel(`r${i}`, `h${i}`, `h${i + 10}`, { w: i }));
    const first = await c.diff('s', entities, rels);
    expectCounters(first, { numEntitiesCreated: 20, numRelationshipsCreated: 10 });
    const before = await scopeContents(accountId, 's');

    const changed = new Set(['h3', 'h17']);
    const next = entities.map((e) => (changed.has(e._key as string) ? { ...e, state: 'bad' } : e));
    const nextRels = rels.map((r) => (r._key === 'r4' ? { ...r, w: 40 } : r));
    const job = await c.diff('s', next, nextRels);
    expectCounters(job, { numEntitiesUpdated: 2, numRelationshipsUpdated: 1 });

    const g = await scopeContents(accountId, 's');
    assert.equal(liveKeys(g.entities).length, 20);
    for (const e of g.entities) {
      if (changed.has(e._key)) {
        assert.equal(e.state, 'bad');
        assert.equal(e._version, 2);
        assert.equal(e._lastSyncJobId, job.id);
        assert.equal(e._lastSyncOp, 'updated');
        assert.equal(e._id, find(before.entities, e._key)._id);
        assert.equal(e._createdOn, find(before.entities, e._key)._createdOn);
        assert.ok((e._beginOn as number) > (e._createdOn as number));
        assert.notEqual(e._hash, find(before.entities, e._key)._hash);
      } else {
        assert.deepEqual(e, find(before.entities, e._key));
      }
    }
    for (const r of g.relationships) {
      if (r._key === 'r4') {
        assert.deepEqual(custom(r), { w: 40 });
        assert.equal(r._version, 2);
        assert.equal(r._id, find(before.relationships, 'r4')._id);
        assert.equal(r._lastSyncOp, 'updated');
      } else {
        assert.deepEqual(r, find(before.relationships, r._key));
      }
    }
    assert.equal(g.relationships.length, 10);
  });

  it('a property left out of the new upload is removed; null counts as absent', async () => {
    const { c, accountId } = await client();
    await c.diff(
      's',
      [entity('h1', { a: 1, b: 'x', c: [true] })],
      [rel('self', 'h1', 'h1', { p: 1, q: 'y' })],
    );
    const job = await c.diff('s', [entity('h1', { a: 1 })], [rel('self', 'h1', 'h1', { p: 1 })]);
    expectCounters(job, { numEntitiesUpdated: 1, numRelationshipsUpdated: 1 });
    let g = await scopeContents(accountId, 's');
    assert.deepEqual(custom(find(g.entities, 'h1')), { a: 1 });
    assert.deepEqual(custom(find(g.relationships, 'self')), { p: 1 });
    assert.equal(g.relationships.length, 1);

    // An explicit null is the same content as the property left out: nothing to do.
    const nulls = await c.diff(
      's',
      [entity('h1', { a: 1, b: null })],
      [rel('self', 'h1', 'h1', { p: 1, q: null })],
    );
    expectCounters(nulls, {});
    g = await scopeContents(accountId, 's');
    assert.deepEqual(custom(find(g.entities, 'h1')), { a: 1 });
    assert.equal(find(g.entities, 'h1')._version, 2);
  });

  it('a _class change moves the labels; a _type change is an update and moves the type label', async () => {
    const { c, accountId } = await client();
    await c.diff('s', [entity('h1', { _class: ['Host', 'Device'] }), entity('h2')]);
    const job = await c.diff('s', [
      entity('h1', { _class: ['Device', 'Server'] }),
      entity('h2', { _type: 'server' }),
    ]);
    expectCounters(job, { numEntitiesUpdated: 2 });
    const g = await scopeContents(accountId, 's');
    const h1 = find(g.entities, 'h1');
    assert.deepEqual(sortedLabels(h1), ['Device', 'Entity', 'Server', 'host']);
    assert.deepEqual(h1._class, ['Device', 'Server']);
    const h2 = find(g.entities, 'h2');
    assert.equal(h2._type, 'server');
    assert.deepEqual(sortedLabels(h2), ['Entity', 'Host', 'server']);
    assert.equal(g.entities.length, 2);
  });

  it('a soft-deleted entity uploaded again is revived with the same _id and counted as created', async () => {
    const { c, accountId } = await client();
    await c.diff('s', [entity('h1'), entity('h2', { v: 1, old: 'x' })], [rel('r', 'h1', 'h2')]);
    const first = await scopeContents(accountId, 's');
    expectCounters(await c.diff('s', [entity('h1')]), {
      numEntitiesDeleted: 1,
      numRelationshipsDeleted: 1,
    });
    const job = await c.diff('s', [entity('h1'), entity('h2', { v: 2 })], [rel('r', 'h1', 'h2')]);
    expectCounters(job, { numEntitiesCreated: 1, numRelationshipsCreated: 1 });

    const g = await scopeContents(accountId, 's');
    assert.equal(g.entities.length, 2, 'revived, not duplicated');
    const h2 = find(g.entities, 'h2');
    assert.equal(h2._deleted, false);
    assert.equal(h2._endOn, undefined);
    assert.equal(h2._id, find(first.entities, 'h2')._id);
    assert.equal(h2._version, 3);
    assert.equal(h2._lastSyncOp, 'created');
    assert.deepEqual(custom(h2), { v: 2 });
    assert.equal(g.relationships.length, 1, 'revived, not duplicated');
    const r = find(g.relationships, 'r');
    assert.equal(r._deleted, false);
    assert.equal(r._endOn, undefined);
    assert.equal(r._id, find(first.relationships, 'r')._id);
    assert.equal(r._version, 3);
  });

  describe('several batches and a small finalize chunk give the result of one batch', () => {
    const prior = {
      entities: range(10).map((i) => entity(`k${i}`, { v: 0 })),
      relationships: range(6).map((i) => rel(`r${i}`, `k${i}`, `k${i + 1}`, { w: 0 })),
    };
    const nextEntities = range(12, 2).map((i) => entity(`k${i}`, { v: i <= 4 ? 1 : 0 }));
    const nextRels = range(8, 2).map((i) =>
      rel(`r${i}`, `k${i}`, `k${i + 1}`, { w: i === 2 ? 1 : 0 }),
    );
    const expected = {
      numEntitiesCreated: 4, // k10..k13
      numEntitiesUpdated: 3, // k2..k4
      numEntitiesDeleted: 2, // k0, k1
      numRelationshipsCreated: 4, // r6..r9
      numRelationshipsUpdated: 1, // r2
      numRelationshipsDeleted: 2, // r0, r1
    };

    /** The graph without what differs between two accounts and two runs. */
    function normalized(g: ScopeContents): Props {
      const strip = (o: Props) =>
        Object.fromEntries(
          Object.entries(o).filter(
            ([k]) =>
              ![
                '_id',
                '_accountId',
                '_createdOn',
                '_beginOn',
                '_endOn',
                '_lastSyncJobId',
                'fromId',
                'toId',
              ].includes(k),
          ),
        );
      return { entities: g.entities.map(strip), relationships: g.relationships.map(strip) };
    }

    async function run(
      syncApp: express.Express,
      batches: Props[],
    ): Promise<{ accountId: string; job: Job }> {
      const a = await freshAccount();
      const c = new SyncClient(syncApp, a.headers);
      await c.diff('s', prior.entities, prior.relationships);
      const job = await c.sync({ source: 'api', scope: 's' }, batches);
      return { accountId: a.accountId, job };
    }

    it('relationships first, then three entity batches, chunk size 3', async () => {
      const chunked = await testApp({ syncJobs: (await testSync({ chunkSize: 3 })).service });
      const one = await run(app, [{ entities: nextEntities, relationships: nextRels }]);
      const many = await run(chunked, [
        { relationships: nextRels },
        { entities: nextEntities.slice(0, 5) },
        { entities: nextEntities.slice(5, 9) },
        { entities: nextEntities.slice(9) },
      ]);
      expectCounters(one.job, expected);
      expectCounters(many.job, expected);
      assert.equal(many.job.numEntitiesUploaded, 12);
      assert.equal(many.job.numRelationshipsUploaded, 8);

      const g1 = await scopeContents(one.accountId, 's');
      const g2 = await scopeContents(many.accountId, 's');
      assert.deepEqual(normalized(g2), normalized(g1));
      assert.deepEqual(liveKeys(g2.entities), nextEntities.map((e) => e._key as string).sort());
      assert.deepEqual(deletedKeys(g2.entities), ['k0', 'k1']);
      assert.deepEqual(liveKeys(g2.relationships), nextRels.map((r) => r._key as string).sort());
      assert.deepEqual(deletedKeys(g2.relationships), ['r0', 'r1']);
    });
  });

  describe('one finalization per (account, scope) at a time', () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('two DIFF jobs of one scope finalized together both finish, one after the other', async () => {
      const { c, accountId } = await client();
      const uploadA = [
        ...range(10).map((i) => entity(`a${i}`)),
        ...range(5).map((i) => entity(`c${i}`, { v: 'A' })),
      ];
      const uploadB = [
        ...range(5).map((i) => entity(`b${i}`)),
        ...range(5).map((i) => entity(`c${i}`, { v: 'B' })),
      ];
      const relsA = [rel('ac', 'a0', 'c0')];
      const relsB = [rel('bc', 'b0', 'c0')];
      const a = await c.start({ source: 'api', scope: 's' });
      await c.upload(a.id, { entities: uploadA, relationships: relsA });
      const b = await c.start({ source: 'api', scope: 's' });
      await c.upload(b.id, { entities: uploadB, relationships: relsB });

      // A finalizer (stand-in) holds the scope: both finalizations must wait for it.
      await holdScopeLock(accountId, 's');
      const finA = c.finalize(a.id);
      const finB = c.finalize(b.id);
      await sleep(700);
      assert.equal((await c.get(a.id)).status, 'FINALIZE_PENDING');
      assert.equal((await c.get(b.id)).status, 'FINALIZE_PENDING');
      assert.deepEqual(await scopeContents(accountId, 's'), { entities: [], relationships: [] });
      await releaseScopeLock(accountId, 's');
      const [ja, jb] = await Promise.all([finA, finB]);

      // Whichever got the scope first applied to the empty scope; the other one to its result.
      assert.notEqual(ja.endTimestamp, jb.endTimestamp);
      const aFirst = (ja.endTimestamp as number) < (jb.endTimestamp as number);
      const [first, second] = aFirst ? [ja, jb] : [jb, ja];
      const [firstUpload, secondUpload] = aFirst ? [uploadA, uploadB] : [uploadB, uploadA];
      const secondRels = aFirst ? relsB : relsA;
      expectCounters(first, {
        numEntitiesCreated: firstUpload.length,
        numRelationshipsCreated: 1,
      });
      expectCounters(second, {
        numEntitiesCreated: secondUpload.length - 5,
        numEntitiesUpdated: 5,
        numEntitiesDeleted: firstUpload.length - 5,
        numRelationshipsCreated: 1,
        numRelationshipsDeleted: 1,
      });
      const g = await scopeContents(accountId, 's');
      assert.deepEqual(liveKeys(g.entities), secondUpload.map((e) => e._key as string).sort());
      assert.deepEqual(liveKeys(g.relationships), [secondRels[0]!._key]);
      assert.equal(deletedKeys(g.entities).length, firstUpload.length - 5);
      // The second one created, updated or deleted every entity of the scope.
      assert.deepEqual(
        g.entities.filter((e) => e._lastSyncJobId !== second.id).map((e) => e._key),
        [],
      );
      assert.deepEqual(
        g.entities.filter((e) => e._key.startsWith('c')).map((e) => e.v),
        range(5).map(() => (aFirst ? 'B' : 'A')),
      );
    });

    it('jobs of different scopes do not wait for each other', async () => {
      const { c, accountId } = await client();
      const held = await c.start({ source: 'api', scope: 's1' });
      await c.upload(held.id, { entities: [entity('h1')] });
      const free = await c.start({ source: 'api', scope: 's2' });
      await c.upload(free.id, { entities: [entity('h1')] });

      await holdScopeLock(accountId, 's1');
      const finHeld = c.finalize(held.id);
      // s2 finalizes while s1 is held (its response is FINISHED, the s1 job still waits).
      expectCounters(await c.finalize(free.id), { numEntitiesCreated: 1 });
      assert.equal((await c.get(held.id)).status, 'FINALIZE_PENDING');
      assert.deepEqual(liveKeys((await scopeContents(accountId, 's2')).entities), ['h1']);
      assert.deepEqual((await scopeContents(accountId, 's1')).entities, []);
      await releaseScopeLock(accountId, 's1');
      expectCounters(await finHeld, { numEntitiesCreated: 1 });
      assert.deepEqual(liveKeys((await scopeContents(accountId, 's1')).entities), ['h1']);
    });
  });
});
