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
 * Mapped relationships (`_mapping`) in PUT and DIFF through HTTP on real Neo4j: the source is an
 * entity of the job's scope; targets are searched across the account (all properties of any one
 * filter equal); one relationship per target; without a target a placeholder is created in the
 * mapper's scope (unless skipTargetCreation) and adopted by a real entity uploaded later with its
 * `_type` and `_key`. DIFF deletes the mapped relationships of the scope it did not receive again.
 */
const PLACEHOLDERS = 'system-mapper';

/** The `_key` a mapped relationship was uploaded with: its stored key adds `|<target _id>`. */
const uploaded = (key: string) => key.slice(0, key.lastIndexOf('|'));

/** The one stored relationship that the mapping uploaded as `key` made. */
function findMapped<T extends { _key: string; _deleted: boolean }>(objects: T[], key: string): T {
  const hits = objects.filter((o) => uploaded(o._key) === key && !o._deleted);
  assert.equal(hits.length, 1, `expected one live relationship of mapping ${key}`);
  return hits[0]!;
}

function mapped(
  key: string,
  sourceEntityKey: string,
  targetEntity: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  mapping: Record<string, unknown> = {},
) {
  return {
    _key: key,
    _type: 'host_has_user',
    _class: 'HAS',
    _mapping: {
      sourceEntityKey,
      targetFilterKeys: [['_type', 'email']],
      targetEntity,
      ...mapping,
    },
    ...extra,
  };
}

const user = (email: string, extra: Record<string, unknown> = {}) => ({
  _type: 'user',
  _class: 'User',
  email,
  ...extra,
});

forEachBlobStore('sync mapped relationships (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function seeded() {
    const a = await freshAccount(['PUT']);
    const c = new SyncClient(app, a.headers);
    await c.diff('users', [
      entity('u1', { _type: 'user', _class: 'User', email: 'a@x.io' }),
      entity('u2', { _type: 'user', _class: 'User', email: 'b@x.io' }),
      entity('u3', { _type: 'user', _class: 'User', email: 'b@x.io' }),
      entity('admin', { _type: 'admin', _class: 'User', email: 'a@x.io' }),
    ]);
    return { c, accountId: a.accountId, headers: a.headers };
  }

  it('DIFF: one relationship per matched target in any scope, FORWARD and REVERSE, counted', async () => {
    const { c, accountId } = await seeded();
    const job = await c.diff(
      'hosts',
      [entity('h1'), entity('h2')],
      [
        mapped('h1-a', 'h1', user('a@x.io'), { since: 2020 }),
        mapped('h2-b', 'h2', user('b@x.io'), {}, { relationshipDirection: 'REVERSE' }),
      ],
    );
    expectCounters(job, { numEntitiesCreated: 2, numRelationshipsCreated: 3 });
    assert.equal(job.numMappedRelationshipsUploaded, 2);
    assert.equal(job.numRelationshipsUploaded, 0);
    const { relationships } = await scopeContents(accountId, 'hosts');
    const ha = findMapped(relationships, 'h1-a');
    assert.deepEqual(
      [ha.type, ha.fromKey, ha.toKey, ha.toScope, ha._mapped],
      ['HAS', 'h1', 'u1', 'users', true],
    );
    assert.deepEqual(custom(ha), { since: 2020 });
    const hb = relationships.filter((r) => uploaded(r._key) === 'h2-b');
    assert.deepEqual(hb.map((r) => [r.fromKey, r.toKey]).sort(), [
      ['u2', 'h2'],
      ['u3', 'h2'],
    ]);
    // No placeholder was needed.
    assert.deepEqual((await scopeContents(accountId, PLACEHOLDERS)).entities, []);
  });

  it('several targets: one relationship each, with a key of its own (the uploaded _key and the target _id) that the next sync finds again', async () => {
    const { c, accountId } = await seeded();
    const upload = () =>
      c.diff(
        'hosts',
        [entity('h1'), entity('h2')],
        [
          mapped('h1-b', 'h1', user('b@x.io')),
          mapped('h2-b', 'h2', user('b@x.io'), {}, { relationshipDirection: 'REVERSE' }),
        ],
      );
    expectCounters(await upload(), { numEntitiesCreated: 2, numRelationshipsCreated: 4 });
    const users = (await scopeContents(accountId, 'users')).entities;
    const idOf = (key: string) => find(users, key)._id;
    const first = (await scopeContents(accountId, 'hosts')).relationships;
    // Keys are unique within the scope: `<uploaded _key>|<target _id>`, in either direction.
    assert.deepEqual(
      first.map((r) => [r._key, r.fromKey, r.toKey]).sort(),
      [
        [`h1-b|${idOf('u2')}`, 'h1', 'u2'],
        [`h1-b|${idOf('u3')}`, 'h1', 'u3'],
        [`h2-b|${idOf('u2')}`, 'u2', 'h2'],
        [`h2-b|${idOf('u3')}`, 'u3', 'h2'],
      ].sort(),
    );
    assert.equal(new Set(first.map((r) => r._key)).size, 4);

    // The same upload again: nothing created or deleted, the same relationships kept.
    expectCounters(await upload(), {});
    const again = (await scopeContents(accountId, 'hosts')).relationships;
    const ids = (rels: typeof first) =>
      rels.map((r) => `${r._key} ${r._id} ${String(r._deleted)}`).sort();
    assert.deepEqual(ids(again), ids(first));

    // A third match adds one relationship per mapping; the others stay as they are.
    await c.diff('more-users', [entity('u4', { _type: 'user', _class: 'User', email: 'b@x.io' })]);
    const u4 = find((await scopeContents(accountId, 'more-users')).entities, 'u4')._id;
    expectCounters(await upload(), { numRelationshipsCreated: 2 });
    const third = (await scopeContents(accountId, 'hosts')).relationships;
    assert.deepEqual(
      third
        .filter((r) => r._key.endsWith(`|${u4}`))
        .map((r) => [r._key, r._deleted])
        .sort(),
      [
        [`h1-b|${u4}`, false],
        [`h2-b|${u4}`, false],
      ],
    );
    assert.deepEqual(ids(third.filter((r) => !r._key.endsWith(`|${u4}`))), ids(first));
  });

  it('no match: a placeholder target is created once, marked as the mapper’s, and later adopted by the real entity', async () => {
    const { c, accountId } = await seeded();
    const target = user('new@x.io', { _key: 'u-new', name: 'New' });
    const job = await c.diff(
      'hosts',
      [entity('h1'), entity('h2')],
      [mapped('h1-n', 'h1', target), mapped('h2-n', 'h2', target)],
    );
    expectCounters(job, { numEntitiesCreated: 3, numRelationshipsCreated: 2 });
    const placeholders = (await scopeContents(accountId, PLACEHOLDERS)).entities;
    assert.equal(placeholders.length, 1);
    const p = placeholders[0]!;
    assert.deepEqual(
      [p._key, p._type, p._source, p._scope, [...p.labels].sort()],
      ['u-new', 'user', 'system-mapper', 'system-mapper', ['Entity', 'User', 'user']],
    );
    assert.deepEqual(custom(p), { email: 'new@x.io', name: 'New' });
    const { relationships } = await scopeContents(accountId, 'hosts');
    assert.deepEqual(
      relationships.map((r) => [r._key, r.toId]),
      [
        [`h1-n|${p._id}`, p._id],
        [`h2-n|${p._id}`, p._id],
      ],
    );

    // The same mapping again finds the placeholder: unchanged.
    const again = await c.diff(
      'hosts',
      [entity('h1'), entity('h2')],
      [mapped('h1-n', 'h1', target), mapped('h2-n', 'h2', target)],
    );
    expectCounters(again, {});

    // A real entity with the placeholder's _type and _key adopts it: same node, relationships kept.
    const adopt = await c.diff('users2', [
      entity('u-new', {
        _type: 'user',
        _class: ['User', 'Person'],
        email: 'new@x.io',
        name: 'Real',
      }),
    ]);
    expectCounters(adopt, { numEntitiesCreated: 1 });
    assert.deepEqual((await scopeContents(accountId, PLACEHOLDERS)).entities, []);
    const real = find((await scopeContents(accountId, 'users2')).entities, 'u-new');
    assert.equal(real._id, p._id);
    assert.equal(real._source, 'api');
    assert.deepEqual([...real.labels].sort(), ['Entity', 'Person', 'User', 'user']);
    assert.deepEqual(custom(real), { email: 'new@x.io', name: 'Real' });
    const after = await scopeContents(accountId, 'hosts');
    assert.deepEqual(
      after.relationships.map((r) => [r._key, r.toId, r.toScope, r._deleted]),
      [
        [`h1-n|${p._id}`, p._id, 'users2', false],
        [`h2-n|${p._id}`, p._id, 'users2', false],
      ],
    );
  });

  it('skipTargetCreation: no target, no relationship and no placeholder', async () => {
    const { c, accountId } = await seeded();
    const job = await c.diff(
      'hosts',
      [entity('h1')],
      [mapped('h1-none', 'h1', user('nobody@x.io'), {}, { skipTargetCreation: true })],
    );
    expectCounters(job, { numEntitiesCreated: 1 });
    assert.equal(job.numMappedRelationshipsUploaded, 1);
    assert.deepEqual((await scopeContents(accountId, 'hosts')).relationships, []);
    assert.deepEqual((await scopeContents(accountId, PLACEHOLDERS)).entities, []);
  });

  it('targetFilterKeys: any one filter whose properties all match; _class matches a class of the entity', async () => {
    const { c, accountId } = await seeded();
    const job = await c.diff(
      'hosts',
      [entity('h1')],
      [
        mapped(
          'h1-x',
          'h1',
          { _type: 'nobody', _class: 'User', email: 'a@x.io', _key: 'u2' },
          {},
          { targetFilterKeys: [['_type', 'email'], ['_key']] },
        ),
        mapped(
          'h1-c',
          'h1',
          { _type: 'x', _class: 'User', email: 'b@x.io' },
          {},
          { targetFilterKeys: [['_class', 'email']] },
        ),
      ],
    );
    expectCounters(job, { numEntitiesCreated: 1, numRelationshipsCreated: 3 });
    const { relationships } = await scopeContents(accountId, 'hosts');
    assert.deepEqual(relationships.map((r) => `${uploaded(r._key)}->${r.toKey}`).sort(), [
      'h1-c->u2',
      'h1-c->u3',
      'h1-x->u2',
    ]);
  });

  it('DIFF deletes the mapped relationships it did not receive again, and those to a target that no longer matches', async () => {
    const { c, accountId } = await seeded();
    await c.diff(
      'hosts',
      [entity('h1'), entity('h2')],
      [mapped('h1-a', 'h1', user('a@x.io')), mapped('h2-b', 'h2', user('b@x.io'))],
    );
    // u3 leaves 'b@x.io'.
    await c.diff('users', [
      entity('u1', { _type: 'user', _class: 'User', email: 'a@x.io' }),
      entity('u2', { _type: 'user', _class: 'User', email: 'b@x.io' }),
      entity('u3', { _type: 'user', _class: 'User', email: 'c@x.io' }),
      entity('admin', { _type: 'admin', _class: 'User', email: 'a@x.io' }),
    ]);
    const job = await c.diff(
      'hosts',
      [entity('h1'), entity('h2')],
      [mapped('h2-b', 'h2', user('b@x.io'))],
    );
    expectCounters(job, { numRelationshipsDeleted: 2 });
    const { relationships } = await scopeContents(accountId, 'hosts');
    assert.deepEqual(
      relationships.filter((r) => !r._deleted).map((r) => `${uploaded(r._key)}->${r.toKey}`),
      ['h2-b->u2'],
    );
    assert.deepEqual(
      relationships
        .filter((r) => r._deleted)
        .map((r) => `${uploaded(r._key)}->${r.toKey}`)
        .sort(),
      ['h1-a->u1', 'h2-b->u3'],
    );
  });

  it('PUT upserts mapped relationships and never deletes them; a missing source is a create error', async () => {
    const { c, accountId } = await seeded();
    const put = { source: 'integration-managed', syncMode: 'PUT', integrationInstanceId: 'inst' };
    const first = await c.sync(put, [
      { entities: [entity('h1')], relationships: [mapped('h1-a', 'h1', user('a@x.io'), { v: 1 })] },
    ]);
    expectCounters(first, { numEntitiesCreated: 1, numRelationshipsCreated: 1 });
    const second = await c.sync(put, [
      {
        relationships: [
          mapped('h1-a', 'h1', user('a@x.io'), { v: 2 }),
          mapped('ghost-a', 'ghost', user('a@x.io')),
        ],
      },
    ]);
    expectCounters(second, { numRelationshipsUpdated: 1, numRelationshipCreateErrors: 1 });
    assert.deepEqual(second.errors, [
      {
        kind: 'relationship',
        key: 'ghost-a',
        message:
          "Mapped relationship not created: _mapping.sourceEntityKey 'ghost' matches no entity in scope 'inst'",
      },
    ]);
    const third = await c.sync(put, [{ entities: [entity('h2')] }]);
    expectCounters(third, { numEntitiesCreated: 1 });
    const { relationships } = await scopeContents(accountId, 'inst');
    assert.deepEqual(liveKeys(relationships).map(uploaded), ['h1-a']);
    assert.deepEqual(deletedKeys(relationships), []);
    assert.deepEqual(custom(findMapped(relationships, 'h1-a')), { v: 2 });
  });

  describe('rejections (400)', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        'no sourceEntityKey',
        { targetFilterKeys: [['_key']], targetEntity: { _key: 'k', _type: 't', _class: 'T' } },
        '/relationships/0/_mapping/sourceEntityKey is required',
      ],
      [
        'targetFilterKeys not an array of arrays',
        {
          sourceEntityKey: 'h',
          targetFilterKeys: ['_key'],
          targetEntity: { _key: 'k', _type: 't', _class: 'T' },
        },
        '/relationships/0/_mapping/targetFilterKeys/0 must be a non-empty array of property names',
      ],
      [
        'a filter naming a property targetEntity lacks',
        {
          sourceEntityKey: 'h',
          targetFilterKeys: [['_type', 'email']],
          targetEntity: { _type: 't', _class: 'T' },
        },
        "/relationships/0/_mapping/targetFilterKeys/0 names 'email', which targetEntity does not have",
      ],
      [
        'no targetEntity',
        { sourceEntityKey: 'h', targetFilterKeys: [['_key']] },
        '/relationships/0/_mapping/targetEntity is required and must be an object',
      ],
      [
        'a target without _class that may be created',
        { sourceEntityKey: 'h', targetFilterKeys: [['_type']], targetEntity: { _type: 't' } },
        '/relationships/0/_mapping/targetEntity/_class is required unless skipTargetCreation is true',
      ],
      [
        'a reserved name in targetEntity',
        {
          sourceEntityKey: 'h',
          targetFilterKeys: [['_type']],
          targetEntity: { _type: 't', _class: 'T', _id: 'x' },
        },
        "/relationships/0/_mapping/targetEntity has invalid property name '_id'",
      ],
      [
        'a bad direction',
        {
          sourceEntityKey: 'h',
          targetFilterKeys: [['_type']],
          targetEntity: { _type: 't', _class: 'T' },
          relationshipDirection: 'UP',
        },
        '/relationships/0/_mapping/relationshipDirection must be FORWARD or REVERSE',
      ],
      [
        'an unknown field',
        {
          sourceEntityKey: 'h',
          targetFilterKeys: [['_type']],
          targetEntity: { _type: 't', _class: 'T' },
          extra: 1,
        },
        "/relationships/0/_mapping has unknown field 'extra'",
      ],
    ];
    for (const [name, mapping, message] of cases) {
      it(name, async () => {
        const a = await freshAccount();
        const c = new SyncClient(app, a.headers);
        const job = await c.start({ source: 'api', scope: 'hosts' });
        const res = await request(app)
          .post(`${JOBS}/${job.id}/relationships`)
          .set(a.headers)
          .send({ relationships: [{ _key: 'm', _type: 't', _class: 'HAS', _mapping: mapping }] });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.deepEqual(res.body, { error: { code: 'VALIDATION_ERROR', message } });
        assert.equal((await c.get(job.id)).numMappedRelationshipsUploaded, 0);
      });
    }

    it('from/to keys next to _mapping, and a start in the mapper’s reserved scope', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const job = await c.start({ source: 'api', scope: 'hosts' });
      const res = await request(app)
        .post(`${JOBS}/${job.id}/relationships`)
        .set(a.headers)
        .send({ relationships: [{ ...mapped('m', 'h', user('a@x.io')), _toEntityKey: 'u1' }] });
      assert.deepEqual(res.body, {
        error: {
          code: 'VALIDATION_ERROR',
          message:
            "/relationships/0/_toEntityKey (relationship key: 'm') cannot be combined with _mapping: the mapping names the ends",
        },
      });
      const reserved = await request(app)
        .post(JOBS)
        .set(a.headers)
        .send({ source: 'api', scope: PLACEHOLDERS });
      assert.equal(reserved.status, 400);
      assert.equal(
        reserved.body.error.message,
        "scope 'system-mapper' is reserved for the targets that mapped relationships create",
      );
    });
  });
});
