import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp } from '../../helpers/harness';
import {
  JOBS,
  SyncClient,
  custom,
  entity,
  expectCounters,
  find,
  range,
  scopeContents,
} from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * OVERRIDE through HTTP on real Neo4j (decision 0011): each entity names an existing entity by
 * `_id`, or `_type` + `_key` (+ `_scope`); its values are written and pinned (`_overrides`), so
 * that later PUT, PATCH and DIFF writes keep them; a null unpins. Entities only, at most 10000 per
 * job, and only for accounts with the OVERRIDE flag.
 */
const OVERRIDE = { source: 'api', syncMode: 'OVERRIDE' };

forEachBlobStore('sync OVERRIDE semantics (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function seeded() {
    const a = await freshAccount(['OVERRIDE', 'PUT']);
    const c = new SyncClient(app, a.headers);
    await c.diff('s', [
      entity('h1', { owner: 'team-a', env: 'dev', n: 1 }),
      entity('h2', { owner: 'team-a' }),
    ]);
    await c.diff('t', [entity('h1', { owner: 'team-t' })]);
    const h2 = find((await scopeContents(a.accountId, 's')).entities, 'h2');
    return { c, accountId: a.accountId, headers: a.headers, h2Id: h2._id };
  }

  it('pins values by _type + _key + _scope and by _id; the owner’s later DIFF, PUT and PATCH keep them', async () => {
    const { c, accountId, h2Id } = await seeded();
    const job = await c.sync(OVERRIDE, [
      {
        entities: [
          { _type: 'host', _key: 'h1', _scope: 's', owner: 'security', tags: ['x', 'y'] },
          { _id: h2Id, owner: 'platform' },
        ],
      },
    ]);
    expectCounters(job, { numEntitiesUpdated: 2 });
    let s = await scopeContents(accountId, 's');
    const h1 = find(s.entities, 'h1');
    assert.deepEqual(custom(h1), { owner: 'security', tags: ['x', 'y'], env: 'dev', n: 1 });
    assert.deepEqual(h1._overrides, ['owner', 'tags']);
    assert.equal(h1._version, 2);
    assert.deepEqual(find(s.entities, 'h2')._overrides, ['owner']);
    // The same _key in scope 't' was not named.
    assert.deepEqual(custom(find((await scopeContents(accountId, 't')).entities, 'h1')), {
      owner: 'team-t',
    });

    // The owner's DIFF changes other values and drops 'tags': pinned values stay.
    const diff = await c.diff('s', [
      entity('h1', { owner: 'team-b', env: 'prod', n: 2 }),
      entity('h2', { owner: 'team-b' }),
    ]);
    expectCounters(diff, { numEntitiesUpdated: 2 });
    s = await scopeContents(accountId, 's');
    assert.deepEqual(custom(find(s.entities, 'h1')), {
      owner: 'security',
      tags: ['x', 'y'],
      env: 'prod',
      n: 2,
    });
    assert.deepEqual(custom(find(s.entities, 'h2')), { owner: 'platform' });

    // PUT and PATCH of a pinned property: kept, and not counted as an update.
    const put = await c.sync(
      {
        source: 'integration-managed',
        scope: undefined,
        syncMode: 'PUT',
        integrationInstanceId: 'x',
      },
      [{ entities: [entity('other', { a: 1 })] }],
    );
    expectCounters(put, { numEntitiesCreated: 1 });
    const putS = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
      { entities: [{ _key: 'h1', owner: null, tags: ['z'], env: 'qa' }] },
    ]);
    expectCounters(putS, { numEntitiesUpdated: 1 });
    const patched = find((await scopeContents(accountId, 's')).entities, 'h1');
    assert.deepEqual(custom(patched), { owner: 'security', tags: ['x', 'y'], env: 'qa', n: 2 });
    const samePatch = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
      { entities: [{ _key: 'h1', owner: 'ignored' }] },
    ]);
    expectCounters(samePatch, {});
  });

  it('PUT keeps pinned values', async () => {
    const a = await freshAccount(['OVERRIDE', 'PUT']);
    const c = new SyncClient(app, a.headers);
    const putStart = {
      source: 'integration-managed',
      syncMode: 'PUT',
      integrationInstanceId: 'inst',
    };
    await c.sync(putStart, [{ entities: [entity('p1', { owner: 'a', v: 1 })] }]);
    const pin = await c.sync(OVERRIDE, [
      { entities: [{ _type: 'host', _key: 'p1', owner: 'pinned' }] },
    ]);
    expectCounters(pin, { numEntitiesUpdated: 1 });
    const again = await c.sync(putStart, [{ entities: [entity('p1', { owner: 'b', v: 2 })] }]);
    expectCounters(again, { numEntitiesUpdated: 1 });
    const p1 = find((await scopeContents(a.accountId, 'inst')).entities, 'p1');
    assert.deepEqual(custom(p1), { owner: 'pinned', v: 2 });
    // Only the pinned value differs from what is stored: not an update.
    const same = await c.sync(putStart, [{ entities: [entity('p1', { owner: 'c', v: 2 })] }]);
    expectCounters(same, {});
  });

  it('a null unpins: the owner’s next write, even of unchanged content, restores its own value', async () => {
    const { c, accountId } = await seeded();
    await c.sync(OVERRIDE, [
      { entities: [{ _type: 'host', _key: 'h1', _scope: 's', owner: 'sec', env: 'x' }] },
    ]);
    const unpin = await c.sync(OVERRIDE, [
      { entities: [{ _type: 'host', _key: 'h1', _scope: 's', owner: null }] },
    ]);
    expectCounters(unpin, { numEntitiesUpdated: 1 });
    let h1 = find((await scopeContents(accountId, 's')).entities, 'h1');
    assert.deepEqual(h1._overrides, ['env']);
    assert.equal(h1.owner, 'sec', 'the value stays until the owner writes again');
    const diff = await c.diff('s', [
      entity('h1', { owner: 'team-a', env: 'dev', n: 1 }),
      entity('h2', { owner: 'team-a' }),
    ]);
    expectCounters(diff, { numEntitiesUpdated: 1 });
    h1 = find((await scopeContents(accountId, 's')).entities, 'h1');
    assert.deepEqual(custom(h1), { owner: 'team-a', env: 'x', n: 1 });
    // Unpinning the last pin removes _overrides.
    await c.sync(OVERRIDE, [{ entities: [{ _type: 'host', _key: 'h1', _scope: 's', env: null }] }]);
    h1 = find((await scopeContents(accountId, 's')).entities, 'h1');
    assert.equal(h1._overrides, undefined);
  });

  it('the same override again is unchanged; a missing, deleted or ambiguous target is an update error', async () => {
    const { c, accountId } = await seeded();
    const first = await c.sync(OVERRIDE, [
      { entities: [{ _type: 'host', _key: 'h2', owner: 'x' }] },
    ]);
    expectCounters(first, { numEntitiesUpdated: 1 });
    const again = await c.sync(OVERRIDE, [
      { entities: [{ _type: 'host', _key: 'h2', owner: 'x' }] },
    ]);
    expectCounters(again, {});
    await c.diff('s', [entity('h1', { owner: 'team-a', env: 'dev', n: 1 })]); // deletes h2
    const job = await c.sync(OVERRIDE, [
      {
        entities: [
          { _type: 'host', _key: 'h1', owner: 'x' },
          { _type: 'host', _key: 'h2', owner: 'x' },
          { _id: 'no-such-id', owner: 'x' },
          { _type: 'app', _key: 'h1', _scope: 's', owner: 'x' },
        ],
      },
    ]);
    expectCounters(job, { numEntityUpdateErrors: 4 });
    assert.deepEqual(
      job.errors?.map((e) => e.message),
      [
        "2 entities match _type 'host' and _key 'h1' (scopes 's', 't'): name the one meant with _scope or _id",
        "No entity with _type 'host' and _key 'h2' in this account: OVERRIDE pins values on existing entities only",
        "No entity with _id 'no-such-id' in this account: OVERRIDE pins values on existing entities only",
        "No entity with _type 'app' and _key 'h1' in scope 's' in this account: OVERRIDE pins values on existing entities only",
      ],
    );
    assert.equal(find((await scopeContents(accountId, 's')).entities, 'h1').owner, 'team-a');
  });

  describe('rejections', () => {
    const expect400 = (res: request.Response, message: string) => {
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.deepEqual(res.body, { error: { code: 'VALIDATION_ERROR', message } });
    };

    it('an account without the OVERRIDE flag', async () => {
      const a = await freshAccount(['PUT']);
      expect400(
        await request(app).post(JOBS).set(a.headers).send(OVERRIDE),
        'OVERRIDE sync mode is not enabled for this account',
      );
    });

    it('relationships, on /upload and /relationships, and an entity naming no target', async () => {
      const a = await freshAccount(['OVERRIDE']);
      const c = new SyncClient(app, a.headers);
      const job = await c.start(OVERRIDE);
      const post = (route: string, body: object) =>
        request(app).post(`${JOBS}/${job.id}/${route}`).set(a.headers).send(body);
      const relationship = {
        _key: 'r',
        _type: 't',
        _class: 'HAS',
        _fromEntityKey: 'a',
        _toEntityKey: 'b',
      };
      const msg = 'Relationship uploads are not allowed for OVERRIDE sync jobs';
      expect400(await post('upload', { relationships: [relationship] }), msg);
      expect400(await post('relationships', { relationships: [relationship] }), msg);
      expect400(
        await post('entities', { entities: [{ _key: 'k', owner: 'x' }] }),
        '/entities/0/_id is required',
      );
      expect400(
        await post('entities', { entities: [{ _id: 'i', _internal: 1 }] }),
        "/entities/0 (entity key: 'undefined') has invalid property name '_internal'",
      );
      const after = await c.get(job.id);
      assert.equal(after.numEntitiesUploaded, 0);
    });

    it('more than 10000 entities in one job, counted across batches', async () => {
      const a = await freshAccount(['OVERRIDE']);
      const c = new SyncClient(app, a.headers);
      const job = await c.start(OVERRIDE);
      const batch = (from: number, n: number) => ({
        entities: range(n, from).map((i) => ({ _type: 'host', _key: `k${i}`, owner: 'x' })),
      });
      await c.upload(job.id, batch(0, 6000));
      const over = await request(app)
        .post(`${JOBS}/${job.id}/upload`)
        .set(a.headers)
        .send(batch(6000, 4001));
      expect400(over, 'OVERRIDE sync jobs are limited to 10000 entities per job');
      assert.equal((await c.get(job.id)).numEntitiesUploaded, 6000);
      const fits = await c.upload(job.id, batch(6000, 4000));
      assert.equal(fits.numEntitiesUploaded, 10000);
      expect400(
        await request(app).post(`${JOBS}/${job.id}/upload`).set(a.headers).send(batch(10000, 1)),
        'OVERRIDE sync jobs are limited to 10000 entities per job',
      );
      const done = await c.finalize(job.id);
      expectCounters(done, { numEntityUpdateErrors: 10000 });
    });
  });
});
