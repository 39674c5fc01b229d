import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp } from '../../helpers/harness';
import {
  JOBS,
  SyncClient,
  custom,
  deletedKeys,
  entity,
  expectCounters,
  find,
  liveKeys,
  scopeContents,
} from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * CROSS_SCOPE through HTTP on real Neo4j: relationships only, between entities of two different
 * scopes named by (scope, _key); each job's relationships replace, DIFF-style, those that earlier
 * CROSS_SCOPE jobs of the same job scope wrote; entities and relationships elsewhere stay.
 */
const CROSS = { source: 'api', scope: 'links', syncMode: 'CROSS_SCOPE' };

function xrel(key: string, from: [string, string], to: [string, string], extra = {}) {
  return {
    _key: key,
    _type: 'host_uses_app',
    _class: 'USES',
    _fromEntityScope: from[0],
    _fromEntityKey: from[1],
    _toEntityScope: to[0],
    _toEntityKey: to[1],
    ...extra,
  };
}

forEachBlobStore('sync CROSS_SCOPE semantics (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function seeded() {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    await c.diff('hosts', [entity('h1'), entity('h2'), entity('shared')]);
    await c.diff('apps', [
      entity('a1', { _type: 'app', _class: 'Application' }),
      entity('a2', { _type: 'app', _class: 'Application' }),
      entity('shared', { _type: 'app', _class: 'Application' }),
    ]);
    return { c, accountId: a.accountId, headers: a.headers };
  }

  it('creates relationships between entities of two scopes, matched by (scope, _key)', async () => {
    const { c, accountId } = await seeded();
    const job = await c.sync(CROSS, [
      {
        relationships: [
          xrel('h1-a1', ['hosts', 'h1'], ['apps', 'a1'], { weight: 3 }),
          // The same _key in both scopes: each end is the one of the scope named.
          xrel('shared-shared', ['apps', 'shared'], ['hosts', 'shared']),
        ],
      },
    ]);
    expectCounters(job, { numRelationshipsCreated: 2 });
    assert.equal(job.numRelationshipsUploaded, 2);
    const { relationships, entities } = await scopeContents(accountId, 'links');
    assert.deepEqual(entities, [], 'a CROSS_SCOPE job creates no entity');
    const r = find(relationships, 'h1-a1');
    assert.equal(r.type, 'USES');
    assert.deepEqual([r.fromScope, r.fromKey, r.toScope, r.toKey], ['hosts', 'h1', 'apps', 'a1']);
    assert.equal(r._scope, 'links');
    assert.equal(r._fromEntityScope, 'hosts');
    assert.equal(r._toEntityScope, 'apps');
    assert.deepEqual(custom(r), { weight: 3 });
    const s = find(relationships, 'shared-shared');
    assert.deepEqual([s.fromScope, s.toScope], ['apps', 'hosts']);
    // The scopes of the ends are untouched.
    assert.deepEqual(liveKeys((await scopeContents(accountId, 'hosts')).entities), [
      'h1',
      'h2',
      'shared',
    ]);
  });

  it('a later job of the same scope replaces the earlier relationships: absent ones deleted, changed ones updated, same ones unchanged', async () => {
    const { c, accountId } = await seeded();
    await c.sync(CROSS, [
      {
        relationships: [
          xrel('keep', ['hosts', 'h1'], ['apps', 'a1']),
          xrel('change', ['hosts', 'h2'], ['apps', 'a1'], { v: 1 }),
          xrel('drop', ['hosts', 'h2'], ['apps', 'a2']),
        ],
      },
    ]);
    // Another CROSS_SCOPE scope is a different set: never deleted by jobs of 'links'.
    await c.sync({ ...CROSS, scope: 'other-links' }, [
      { relationships: [xrel('other', ['hosts', 'h1'], ['apps', 'a2'])] },
    ]);
    const job = await c.sync(CROSS, [
      {
        relationships: [
          xrel('keep', ['hosts', 'h1'], ['apps', 'a1']),
          xrel('change', ['hosts', 'h2'], ['apps', 'a1'], { v: 2 }),
          xrel('new', ['apps', 'a2'], ['hosts', 'h1']),
        ],
      },
    ]);
    expectCounters(job, {
      numRelationshipsCreated: 1,
      numRelationshipsUpdated: 1,
      numRelationshipsDeleted: 1,
    });
    const { relationships } = await scopeContents(accountId, 'links');
    assert.deepEqual(liveKeys(relationships), ['change', 'keep', 'new']);
    assert.deepEqual(deletedKeys(relationships), ['drop']);
    assert.deepEqual(custom(find(relationships, 'change')), { v: 2 });
    assert.equal(find(relationships, 'keep')._version, 1);
    assert.deepEqual(liveKeys((await scopeContents(accountId, 'other-links')).relationships), [
      'other',
    ]);

    // An empty-handed re-run is a no-op; a job without 'new' deletes it; uploading it again revives it.
    const same = await c.sync(CROSS, [
      {
        relationships: [
          xrel('keep', ['hosts', 'h1'], ['apps', 'a1']),
          xrel('change', ['hosts', 'h2'], ['apps', 'a1'], { v: 2 }),
          xrel('new', ['apps', 'a2'], ['hosts', 'h1']),
        ],
      },
    ]);
    expectCounters(same, {});
    const fewer = await c.sync(CROSS, [
      { relationships: [xrel('keep', ['hosts', 'h1'], ['apps', 'a1'])] },
    ]);
    expectCounters(fewer, { numRelationshipsDeleted: 2 });
    const back = await c.sync(CROSS, [
      {
        relationships: [
          xrel('keep', ['hosts', 'h1'], ['apps', 'a1']),
          xrel('new', ['apps', 'a2'], ['hosts', 'h1']),
        ],
      },
    ]);
    expectCounters(back, { numRelationshipsCreated: 1 });
    const after = await scopeContents(accountId, 'links');
    assert.deepEqual(liveKeys(after.relationships), ['keep', 'new']);
    assert.deepEqual(deletedKeys(after.relationships), ['change', 'drop']);
  });

  it('a relationship whose end does not exist, or is deleted, in the named scope is a create error', async () => {
    const { c, accountId } = await seeded();
    // 'h2' is soft deleted from 'hosts'.
    await c.diff('hosts', [entity('h1'), entity('shared')]);
    const job = await c.sync(CROSS, [
      {
        relationships: [
          xrel('ok', ['hosts', 'h1'], ['apps', 'a1']),
          xrel('missing', ['hosts', 'a1'], ['apps', 'a1']),
          xrel('deleted', ['hosts', 'h2'], ['apps', 'a1']),
        ],
      },
    ]);
    expectCounters(job, { numRelationshipsCreated: 1, numRelationshipCreateErrors: 2 });
    assert.deepEqual(job.errors, [
      {
        kind: 'relationship',
        key: 'missing',
        message: "Relationship not created: _fromEntityKey 'a1' in scope 'hosts' matches no entity",
      },
      {
        kind: 'relationship',
        key: 'deleted',
        message:
          "Relationship not created: _fromEntityKey 'h2' in scope 'hosts' names a deleted entity",
      },
    ]);
    assert.deepEqual(liveKeys((await scopeContents(accountId, 'links')).relationships), ['ok']);
  });

  it('a relationship whose end is later deleted by a DIFF of its scope is deleted by the next CROSS_SCOPE job', async () => {
    const { c, accountId } = await seeded();
    await c.sync(CROSS, [{ relationships: [xrel('x', ['hosts', 'h2'], ['apps', 'a1'])] }]);
    await c.diff('hosts', [entity('h1'), entity('shared')]);
    const job = await c.sync(CROSS, [
      { relationships: [xrel('y', ['hosts', 'h1'], ['apps', 'a1'])] },
    ]);
    expectCounters(job, { numRelationshipsCreated: 1, numRelationshipsDeleted: 1 });
    assert.deepEqual(deletedKeys((await scopeContents(accountId, 'links')).relationships), ['x']);
  });

  describe('rejections (400, nothing staged)', () => {
    async function crossJob() {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const job = await c.start(CROSS);
      const post = (route: string, body: unknown) =>
        request(app)
          .post(`${JOBS}/${job.id}/${route}`)
          .set(a.headers)
          .send(body as object);
      return { a, c, job, post };
    }
    const expect400 = (res: request.Response, message: string) => {
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.deepEqual(res.body, { error: { code: 'VALIDATION_ERROR', message } });
    };

    it('entities, on /upload and /entities', async () => {
      const { c, job, post } = await crossJob();
      const msg = 'Entity uploads are not allowed for CROSS_SCOPE sync jobs';
      expect400(await post('upload', { entities: [entity('e')] }), msg);
      expect400(await post('entities', { entities: [entity('e')] }), msg);
      const after = await c.get(job.id);
      assert.equal(after.numEntitiesUploaded, 0);
      assert.equal(after.numRelationshipsUploaded, 0);
    });

    it('a same-scope relationship, a missing end scope, an end named by _id, and a mapped relationship', async () => {
      const { c, job, post } = await crossJob();
      expect400(
        await post('relationships', {
          relationships: [xrel('same', ['hosts', 'h1'], ['hosts', 'h2'])],
        }),
        "/relationships/0 (relationship key: 'same') is not a cross-scope relationship: _fromEntityScope and _toEntityScope are equal",
      );
      const noToScope = {
        ...xrel('n', ['hosts', 'h1'], ['apps', 'a1']),
        _toEntityScope: undefined,
      };
      expect400(
        await post('relationships', { relationships: [noToScope] }),
        '/relationships/0/_toEntityScope is required',
      );
      expect400(
        await post('relationships', {
          relationships: [
            {
              ...xrel('byid', ['hosts', 'h1'], ['apps', 'a1']),
              _toEntityKey: undefined,
              _toEntityId: 'some-id',
            },
          ],
        }),
        "/relationships/0/_toEntityId (relationship key: 'byid') cannot be used in CROSS_SCOPE jobs",
      );
      expect400(
        await post('relationships', {
          relationships: [
            {
              _key: 'm',
              _type: 't',
              _class: 'HAS',
              _fromEntityScope: 'a',
              _toEntityScope: 'b',
              _mapping: {
                sourceEntityKey: 'h1',
                targetFilterKeys: [['_key']],
                targetEntity: { _key: 'x', _type: 't', _class: 'T' },
              },
            },
          ],
        }),
        "/relationships/0/_mapping (relationship key: 'm') is not allowed in CROSS_SCOPE jobs: mapped relationships are uploaded in PUT and DIFF jobs",
      );
      assert.equal((await c.get(job.id)).numRelationshipsUploaded, 0);
    });

    it('a start without api source or without scope', async () => {
      const a = await freshAccount();
      for (const [body, message] of [
        [
          { source: 'integration-managed', syncMode: 'CROSS_SCOPE' },
          'CROSS_SCOPE sync jobs require source api',
        ],
        [
          { source: 'api', syncMode: 'CROSS_SCOPE' },
          'scope is required when syncMode is CROSS_SCOPE',
        ],
      ] as const) {
        const res = await request(app).post(JOBS).set(a.headers).send(body);
        expect400(res, message);
      }
    });
  });
});
