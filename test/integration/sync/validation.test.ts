import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { AccountFeature } from '../../../src/accounts/account-service';
import { freshAccount } from '../../helpers/harness';
import {
  assertError,
  bookkeeping,
  type Body,
  customProps,
  entity,
  JOBS,
  Jobs,
  type JobBody,
  liveEntityKeys,
  relationship,
  type Res,
  scopeContents,
  sharedApp,
  stagedFiles,
} from './lifecycle-helpers';

/**
 * Upload validation through HTTP on the real Neo4j: every documented error of JupiterOne's sync API
 * and of issue 3's Validation list, each with its exact 400 message (JSON pointer with the real
 * index), and proof that the rejected upload changed no counter and staged nothing: the job is
 * exactly as before, only the baseline batch is staged, and finalize writes only the baseline
 * entity.
 */

const ENTITY_TYPES =
  'has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.';
const RELATIONSHIP_TYPES =
  'has invalid type. Arrays and objects are not allowed on relationships; valid types are string, number, boolean and null.';
const CLASS_TYPES = 'has invalid type. Valid types are string or array of strings.';
const DELETE_LISTS =
  'deleteEntities and deleteRelationships are not supported in sync job uploads: delete entities with DELETE /entities/{id} and change them with PATCH /entities/{id}';
const NOTHING = 'An upload must contain at least one entity or relationship';
const TOO_LARGE = (bytes: number) =>
  `too large to store: ${bytes} bytes of UTF-8, and the graph's type index holds at most 7000`;
const STRING_TYPE = 'has invalid type. Valid types are string or null.';
const LABEL_RULE =
  'a class becomes a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not start with a digit';
const TYPE_RULE =
  'a relationship class becomes a Neo4j relationship type, so it may hold only ASCII letters, digits and underscores and must not start with a digit';
const SCOPE = 'v';

type Mode = 'DIFF' | 'PATCH' | 'PATCH-no-scope' | 'PUT';

interface Rejection {
  name: string;
  mode?: Mode;
  route?: 'upload' | 'entities' | 'relationships';
  query?: string;
  body: unknown;
  message: string;
}

const e = (key: string, extra: Body = {}) => entity(key, extra);
const r = (key: string, extra: Body = {}) => relationship(key, 'k0', 'k1', extra);
const without = (object: Body, ...names: string[]) =>
  Object.fromEntries(Object.entries(object).filter(([name]) => !names.includes(name)));

const REJECTIONS: Rejection[] = [
  // The errors JupiterOne's sync API documents, with its messages.
  {
    name: 'missing _key (DIFF), at its real index',
    body: { entities: [e('k0'), e('k1'), e('k2'), without(e('k3'), '_key')] },
    message: '/entities/3/_key is required',
  },
  {
    name: 'missing _key (PUT)',
    mode: 'PUT',
    body: { entities: [without(e('k0'), '_key')] },
    message: '/entities/0/_key is required',
  },
  {
    name: 'null _key counts as missing',
    body: { entities: [e('k0'), e('k1', { _key: null })] },
    message: '/entities/1/_key is required',
  },
  {
    name: 'reserved property name',
    body: { entities: [e('k0'), e('k1'), e('k2', { _internal: 'x' })] },
    message: "/entities/2 (entity key: 'k2') has invalid property name '_internal'",
  },
  {
    name: 'reserved property name (PUT)',
    mode: 'PUT',
    body: { entities: [e('k0', { _source: 'me' })] },
    message: "/entities/0 (entity key: 'k0') has invalid property name '_source'",
  },
  {
    name: '_class of a wrong type (number)',
    body: { entities: [e('k0'), e('k1', { _class: 5 })] },
    message: `/entities/1/_class (entity key: 'k1') ${CLASS_TYPES}`,
  },
  {
    name: '_class array holding a non-string',
    body: { entities: [e('k0', { _class: ['Host', 7] })] },
    message: `/entities/0/_class (entity key: 'k0') ${CLASS_TYPES}`,
  },
  {
    name: '_class as an object',
    body: { entities: [e('k0', { _class: { Host: true } })] },
    message: `/entities/0/_class (entity key: 'k0') ${CLASS_TYPES}`,
  },
  {
    name: '_key over 7000 characters',
    body: { entities: [e('k0'), e('x'.repeat(7001))] },
    message: '/entities/1/_key: maximum length exceeded',
  },
  {
    name: '_key of 7001 non-ASCII characters',
    body: { entities: [e('é'.repeat(7001))] },
    message: '/entities/0/_key: maximum length exceeded',
  },
  {
    name: '_type of 4000 characters whose UTF-8 form is over 7000 bytes',
    body: { entities: [e('k0'), e('k1', { _type: 'é'.repeat(4000) })] },
    message: `/entities/1/_type: ${TOO_LARGE(8000)}`,
  },
  {
    name: 'relationships in PATCH (/upload)',
    mode: 'PATCH',
    body: { entities: [{ _key: 'k0', name: 'x' }], relationships: [r('r0')] },
    message: 'Relationships are not allowed in PATCH jobs',
  },
  {
    name: 'relationships in PATCH (/relationships)',
    mode: 'PATCH',
    route: 'relationships',
    body: { relationships: [r('r0')] },
    message: 'Relationships are not allowed in PATCH jobs',
  },
  {
    name: 'relationships sent to /entities',
    route: 'entities',
    body: { entities: [e('k0')], relationships: [r('r0')] },
    message:
      'relationships are not accepted by the /entities route: upload them to /relationships or /upload',
  },
  {
    name: 'entities sent to /relationships',
    route: 'relationships',
    body: { entities: [e('k0')], relationships: [r('r0')] },
    message:
      'entities are not accepted by the /relationships route: upload them to /entities or /upload',
  },
  {
    name: '_id in PUT',
    mode: 'PUT',
    body: { entities: [e('k0'), e('k1', { _id: 'some-id' })] },
    message:
      "/entities/1/_id (entity key: 'k1') is not allowed in PUT jobs: PUT matches entities on _key only",
  },
  {
    name: '_id in PUT is not dropped by ignoreIllegalProperties',
    mode: 'PUT',
    query: 'ignoreIllegalProperties=true',
    body: { entities: [e('k0', { _id: 'some-id' })] },
    message:
      "/entities/0/_id (entity key: 'k0') is not allowed in PUT jobs: PUT matches entities on _key only",
  },
  {
    name: 'empty entities array (/upload)',
    body: { entities: [] },
    message: 'entities must have minimum 1 item',
  },
  {
    name: 'empty entities array (/entities)',
    route: 'entities',
    body: { entities: [] },
    message: 'entities must have minimum 1 item',
  },
  {
    name: 'empty entities array next to null relationships',
    body: { entities: [], relationships: null },
    message: 'entities must have minimum 1 item',
  },
  {
    name: 'empty entities array next to relationships',
    body: { entities: [], relationships: [r('r0')] },
    message: 'entities must have minimum 1 item',
  },
  {
    name: 'empty entities array sent with relationships to /relationships',
    route: 'relationships',
    body: { entities: [], relationships: [r('r0')] },
    message: 'entities must have minimum 1 item',
  },
  // The entity fields the spec types as strings.
  {
    name: 'displayName that is a number',
    body: { entities: [e('k0'), e('k1', { displayName: 5 })] },
    message: `/entities/1/displayName (entity key: 'k1') ${STRING_TYPE}`,
  },
  {
    name: 'owner that is an array (PUT)',
    mode: 'PUT',
    body: { entities: [e('k0', { owner: ['a'] })] },
    message: `/entities/0/owner (entity key: 'k0') ${STRING_TYPE}`,
  },
  {
    name: 'displayName that is a boolean (PATCH)',
    mode: 'PATCH',
    body: { entities: [{ _key: 'k0', displayName: true }] },
    message: `/entities/0/displayName (entity key: 'k0') ${STRING_TYPE}`,
  },
  // Classes become Neo4j labels and relationship types.
  {
    name: 'entity class with spaces',
    body: { entities: [e('k0'), e('k1', { _class: 'lower case class' })] },
    message: `/entities/1/_class (entity key: 'k1') has invalid class 'lower case class': ${LABEL_RULE}`,
  },
  {
    name: 'entity class with a backtick and a colon, second in its array',
    body: { entities: [e('k0', { _class: ['Host', 'Host`:Injected'] })] },
    message: `/entities/0/_class (entity key: 'k0') has invalid class 'Host\`:Injected': ${LABEL_RULE}`,
  },
  {
    name: 'entity class starting with a digit (PUT)',
    mode: 'PUT',
    body: { entities: [e('k0', { _class: '9Start' })] },
    message: `/entities/0/_class (entity key: 'k0') has invalid class '9Start': ${LABEL_RULE}`,
  },
  {
    name: 'entity class with non-ASCII letters',
    body: { entities: [e('k0', { _class: 'Ünïcødé' })] },
    message: `/entities/0/_class (entity key: 'k0') has invalid class 'Ünïcødé': ${LABEL_RULE}`,
  },
  {
    name: 'entity class with a hyphen (PATCH)',
    mode: 'PATCH',
    body: { entities: [{ _key: 'k0', _class: 'Code-Repo' }] },
    message: `/entities/0/_class (entity key: 'k0') has invalid class 'Code-Repo': ${LABEL_RULE}`,
  },
  {
    name: 'relationship class with spaces',
    body: {
      entities: [e('k0'), e('k1')],
      relationships: [r('r0'), r('r1', { _class: 'HAS MANY' })],
    },
    message: `/relationships/1/_class (relationship key: 'r1') has invalid class 'HAS MANY': ${TYPE_RULE}`,
  },
  {
    name: 'relationship class with a backtick',
    route: 'relationships',
    body: { relationships: [r('r0', { _class: 'USES`]->(x)//' })] },
    message: `/relationships/0/_class (relationship key: 'r0') has invalid class 'USES\`]->(x)//': ${TYPE_RULE}`,
  },
  {
    name: 'relationship class starting with a digit',
    body: { relationships: [r('r0', { _class: '9STARTS' })] },
    message: `/relationships/0/_class (relationship key: 'r0') has invalid class '9STARTS': ${TYPE_RULE}`,
  },
  {
    name: 'mapped relationship whose target class cannot be a label',
    body: {
      relationships: [
        {
          _key: 'm0',
          _type: 'test_host_has_user',
          _class: 'HAS',
          _mapping: {
            sourceEntityKey: 'base',
            targetFilterKeys: [['_type', 'name']],
            targetEntity: { _type: 'test_user', _class: ['User', 'Bad Class'], name: 'n' },
          },
        },
      ],
    },
    message: `/relationships/0/_mapping/targetEntity/_class has invalid class 'Bad Class': ${LABEL_RULE}`,
  },
  // Issue 3's Validation list, beyond the table.
  {
    name: '_class array over 5 items',
    body: { entities: [e('k0', { _class: ['A', 'B', 'C', 'D', 'E', 'F'] })] },
    message: "/entities/0/_class (entity key: 'k0') has more than 5 items",
  },
  {
    name: '_class array over 5 items (PUT)',
    mode: 'PUT',
    body: { entities: [e('k0'), e('k1', { _class: ['A', 'B', 'C', 'D', 'E', 'F'] })] },
    message: "/entities/1/_class (entity key: 'k1') has more than 5 items",
  },
  {
    name: 'empty _class array',
    body: { entities: [e('k0', { _class: [] })] },
    message: "/entities/0/_class (entity key: 'k0') must have at least 1 item",
  },
  {
    name: 'missing _type',
    body: { entities: [e('k0'), without(e('k1'), '_type')] },
    message: '/entities/1/_type is required',
  },
  {
    name: 'missing _class',
    body: { entities: [without(e('k0'), '_class')] },
    message: '/entities/0/_class is required',
  },
  {
    name: '_key that is not a string',
    body: { entities: [e('k0', { _key: 42 })] },
    message: '/entities/0/_key must be a string',
  },
  {
    name: 'mixed-type array',
    body: { entities: [e('k0'), e('k1', { tags: ['a', 1] })] },
    message: `/entities/1/tags (entity key: 'k1') ${ENTITY_TYPES}`,
  },
  {
    name: 'array holding null',
    body: { entities: [e('k0', { tags: ['a', null] })] },
    message: `/entities/0/tags (entity key: 'k0') ${ENTITY_TYPES}`,
  },
  {
    name: 'nested object',
    body: { entities: [e('k0', { meta: { a: 1 } })] },
    message: `/entities/0/meta (entity key: 'k0') ${ENTITY_TYPES}`,
  },
  {
    name: 'array of objects',
    body: { entities: [e('k0', { items: [{ a: 1 }] })] },
    message: `/entities/0/items (entity key: 'k0') ${ENTITY_TYPES}`,
  },
  {
    name: '_id in DIFF',
    body: { entities: [e('k0', { _id: 'some-id' })] },
    message: "/entities/0/_id (entity key: 'k0') is not allowed in DIFF jobs",
  },
  {
    name: 'upload with neither entities nor relationships',
    body: {},
    message: NOTHING,
  },
  {
    name: 'upload with null entities and relationships',
    body: { entities: null, relationships: null },
    message: NOTHING,
  },
  {
    name: 'upload with two empty arrays',
    body: { entities: [], relationships: [] },
    message: NOTHING,
  },
  {
    name: 'empty relationships array (/relationships)',
    route: 'relationships',
    body: { relationships: [] },
    message: 'relationships must have minimum 1 item',
  },
  {
    name: 'empty relationships array alone (/upload)',
    body: { relationships: [] },
    message: 'relationships must have minimum 1 item',
  },
  {
    name: '/entities without entities',
    route: 'entities',
    body: {},
    message: 'entities is required',
  },
  {
    name: '/relationships without relationships',
    route: 'relationships',
    body: { relationships: null },
    message: 'relationships is required',
  },
  {
    name: 'deleteEntities',
    body: { entities: [e('k0')], deleteEntities: [{ _id: 'x' }] },
    message: DELETE_LISTS,
  },
  {
    name: 'duplicate _key within one batch',
    body: { entities: [e('d1'), e('d2'), e('d1')] },
    message:
      "/entities/2/_key 'd1' is a duplicate: an entity with this _key was already uploaded in this job",
  },
  {
    name: 'duplicate _key of an earlier batch',
    body: { entities: [e('n1'), e('n2'), e('base')] },
    message:
      "/entities/2/_key 'base' is a duplicate: an entity with this _key was already uploaded in this job",
  },
  {
    name: 'duplicate relationship _key within one batch',
    body: { relationships: [r('r1'), r('r2'), r('r1')] },
    message:
      "/relationships/2/_key 'r1' is a duplicate: a relationship with this _key was already uploaded in this job",
  },
  // Relationships: the same rules (`_key`, `_type`, `_class`, ends, property values).
  {
    name: 'relationship without _key, behind valid entities',
    body: { entities: [e('k0'), e('k1')], relationships: [r('r0'), without(r('r1'), '_key')] },
    message: '/relationships/1/_key is required',
  },
  {
    name: 'relationship without _type',
    route: 'relationships',
    body: { relationships: [without(r('r0'), '_type')] },
    message: '/relationships/0/_type is required',
  },
  {
    name: 'relationship without _class',
    body: { relationships: [without(r('r0'), '_class')] },
    message: '/relationships/0/_class is required',
  },
  {
    name: 'relationship _class array',
    body: { relationships: [r('r0', { _class: ['USES'] })] },
    message:
      "/relationships/0/_class (relationship key: 'r0') has invalid type. Valid type is string.",
  },
  {
    name: 'relationship without _fromEntityKey',
    body: { relationships: [r('r0'), without(r('r1'), '_fromEntityKey')] },
    message: '/relationships/1/_fromEntityKey is required',
  },
  {
    name: 'relationship without _toEntityKey',
    body: { relationships: [without(r('r0'), '_toEntityKey')] },
    message: '/relationships/0/_toEntityKey is required',
  },
  {
    name: '_fromEntityId in DIFF',
    body: { relationships: [without(r('r0', { _fromEntityId: 'id-1' }), '_fromEntityKey')] },
    message: "/relationships/0/_fromEntityId (relationship key: 'r0') cannot be used in DIFF jobs",
  },
  {
    name: '_toEntityId in DIFF, next to a _toEntityKey',
    body: { relationships: [r('r0', { _toEntityId: 'id-2' })] },
    message: "/relationships/0/_toEntityId (relationship key: 'r0') cannot be used in DIFF jobs",
  },
  {
    name: 'array on a relationship',
    body: { relationships: [r('r0'), r('r1', { tags: ['a', 'b'] })] },
    message: `/relationships/1/tags (relationship key: 'r1') ${RELATIONSHIP_TYPES}`,
  },
  {
    name: 'empty array on a relationship',
    body: { relationships: [r('r0', { tags: [] })] },
    message: `/relationships/0/tags (relationship key: 'r0') ${RELATIONSHIP_TYPES}`,
  },
  {
    name: 'nested object on a relationship',
    body: { relationships: [r('r0', { meta: { a: 1 } })] },
    message: `/relationships/0/meta (relationship key: 'r0') ${RELATIONSHIP_TYPES}`,
  },
  {
    name: 'reserved property name on a relationship',
    body: { relationships: [r('r0', { _fromEntityScope: 'other' })] },
    message:
      "/relationships/0 (relationship key: 'r0') has invalid property name '_fromEntityScope'",
  },
  // PATCH identity rules.
  {
    name: 'PATCH with a scope: neither _key nor _id',
    mode: 'PATCH',
    body: { entities: [{ _key: 'k0', name: 'x' }, { name: 'y' }] },
    message: '/entities/1/_key is required',
  },
  {
    name: 'PATCH without a scope: _key only',
    mode: 'PATCH-no-scope',
    body: { entities: [{ _key: 'k0', name: 'x' }] },
    message: '/entities/0/_id is required',
  },
];

const BASELINE: Record<Mode, Body> = {
  DIFF: { entities: [e('base')] },
  PUT: { entities: [e('base')] },
  PATCH: { entities: [{ _key: 'base', name: 'patched' }] },
  'PATCH-no-scope': { entities: [{ _id: 'no-such-id', name: 'patched' }] },
};

async function startJob(mode: Mode): Promise<{ jobs: Jobs; accountId: string; id: string }> {
  const features: AccountFeature[] = mode === 'PUT' ? ['PUT'] : [];
  const account = await freshAccount(features);
  const jobs = new Jobs(await sharedApp(), account.headers);
  const start: Body =
    mode === 'PATCH-no-scope'
      ? { source: 'api', syncMode: 'PATCH' }
      : { source: 'api', scope: SCOPE, syncMode: mode };
  const { id } = await jobs.start(start);
  return { jobs, accountId: account.accountId, id };
}

/**
 * A job with one accepted baseline batch (one entity), its state as GET shows it, and a check
 * that runs after the rejected request: the job is exactly as before, only the baseline batch is
 * staged, and finalize applies the baseline only.
 */
async function jobWithBaseline(mode: Mode) {
  const { jobs, accountId, id } = await startJob(mode);
  await jobs.upload(id, 'upload', BASELINE[mode]);
  const before = await jobs.job(id);
  assert.equal(before.numEntitiesUploaded, 1);
  const assertUntouched = async () => {
    assert.deepEqual(await jobs.job(id), before, 'the rejected upload changed the job');
    assert.deepEqual(stagedFiles(accountId, id), ['000001.json.gz']);
    assert.deepEqual(await bookkeeping(accountId, id), { jobs: 1, batches: 1, stagedKeys: 1 });
    const done = await jobs.finalize(id);
    const patch = mode === 'PATCH' || mode === 'PATCH-no-scope';
    assert.deepEqual(
      [
        done.status,
        done.numEntitiesUploaded,
        done.numEntitiesCreated,
        done.numEntitiesUpdated,
        done.numEntityUpdateErrors,
        done.numRelationshipsUploaded,
        done.numRelationshipsCreated,
        done.numRelationshipCreateErrors,
      ],
      ['FINISHED', 1, patch ? 0 : 1, 0, patch ? 1 : 0, 0, 0, 0],
    );
    const contents = await scopeContents(accountId, SCOPE);
    assert.deepEqual(
      contents.entities.map((x) => x._key),
      patch ? [] : ['base'],
    );
    assert.deepEqual(contents.relationships, []);
  };
  return { jobs, accountId, id, before, assertUntouched };
}

describe('sync jobs: upload validation (HTTP, real Neo4j)', () => {
  describe('400 with the exact message; nothing counted, staged or applied', () => {
    for (const c of REJECTIONS) {
      const where = `${c.mode ?? 'DIFF'} /${c.route ?? 'upload'}${c.query ? `?${c.query}` : ''}`;
      it(`${c.name} (${where})`, async () => {
        const { jobs, id, assertUntouched } = await jobWithBaseline(c.mode ?? 'DIFF');
        const res = await jobs.post(id, c.route ?? 'upload', c.body, {
          ...(c.query === undefined ? {} : { query: c.query }),
          headers: { 'JupiterOne-Correlation-Id': 'rejected-batch' },
        });
        assertError(res, 400, 'VALIDATION_ERROR', c.message);
        await assertUntouched();
      });
    }

    it('Missing Service-Account header', async () => {
      const { jobs, id, assertUntouched } = await jobWithBaseline('DIFF');
      const res = await request(jobs.app)
        .post(`${JOBS}/${id}/upload`)
        .set('Authorization', jobs.headers.Authorization!)
        .send({ entities: [e('k0')] });
      assertError(res, 400, 'MISSING_ACCOUNT_HEADER', 'Missing Service-Account header');
      await assertUntouched();
    });
  });

  describe('what is accepted at the limits', () => {
    it('takes a _key of exactly 7000 characters and a _class of exactly 5 items', async () => {
      const { jobs, accountId, id } = await startJob('DIFF');
      const longKey = 'k'.repeat(7000);
      const job = await jobs.upload(id, 'upload', {
        entities: [
          e(longKey),
          e('five', { _class: ['Host', 'Device', 'Server', 'Resource', 'Asset'] }),
        ],
      });
      assert.equal(job.numEntitiesUploaded, 2);
      assert.equal((await jobs.finalize(id)).numEntitiesCreated, 2);
      const { entities } = await scopeContents(accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key.length, [...x.labels].sort()]),
        [
          [4, ['Asset', 'Device', 'Entity', 'Host', 'Resource', 'Server', 'test_host']],
          [7000, ['Entity', 'Host', 'test_host']],
        ],
      );
    });

    it('takes 7000 characters of any script as a _key (14,000 and 28,000 bytes of UTF-8), and syncs them like any key', async () => {
      // Decision 0035: keys are indexed by a fixed-size digest, so no UTF-8 size is too large.
      const { jobs, accountId, id } = await startJob('DIFF');
      const key = 'é'.repeat(7000);
      const relKey = '😀'.repeat(7000);
      const body = {
        entities: [e(key), e('b')],
        relationships: [relationship(relKey, key, 'b')],
      };
      const job = await jobs.upload(id, 'upload', body);
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
      const done = await jobs.finalize(id);
      assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
      const { entities, relationships } = await scopeContents(accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => x._key),
        ['b', key],
      );
      assert.deepEqual(
        relationships.map((x) => [x._key, x.fromKey]),
        [[relKey, key]],
      );

      // The same upload again: both found by key, nothing changes.
      const again = await jobs.start({ source: 'api', scope: SCOPE, syncMode: 'DIFF' });
      await jobs.upload(again.id, 'upload', body);
      // A duplicate within the job is recognised by the long key too.
      const dup = await jobs.post(again.id, 'upload', { entities: [e(key)] });
      assertError(
        dup,
        400,
        'VALIDATION_ERROR',
        `/entities/0/_key '${key}' is a duplicate: an entity with this _key was already uploaded in this job`,
      );
      const same = await jobs.finalize(again.id);
      assert.deepEqual(
        [same.numEntitiesCreated, same.numEntitiesUpdated, same.numEntitiesDeleted],
        [0, 0, 0],
      );
      assert.deepEqual(
        [same.numRelationshipsCreated, same.numRelationshipsUpdated, same.numRelationshipsDeleted],
        [0, 0, 0],
      );

      // J1QL finds the entity by its key.
      const found = await request(jobs.app)
        .post('/query')
        .set(jobs.headers)
        .send({ query: `FIND test_host WITH _key = '${key}' RETURN test_host._key AS k` });
      assert.equal(found.status, 200, JSON.stringify(found.body));
      assert.deepEqual(found.body.data, [{ k: key }]);

      // Left out of the next DIFF: the entity and its relationship are deleted.
      const last = await jobs.start({ source: 'api', scope: SCOPE, syncMode: 'DIFF' });
      await jobs.upload(last.id, 'upload', { entities: [e('b')] });
      const gone = await jobs.finalize(last.id);
      assert.deepEqual([gone.numEntitiesDeleted, gone.numRelationshipsDeleted], [1, 1]);
    });

    it('takes the empty relationships array the Python client sends next to its entities', async () => {
      const { jobs, accountId, id } = await startJob('DIFF');
      let job = await jobs.upload(id, 'upload', { entities: [e('k0')], relationships: [] });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [1, 0]);
      job = await jobs.upload(id, 'entities', { entities: [e('k1')], relationships: [] });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 0]);
      assert.equal((await jobs.finalize(id)).numEntitiesCreated, 2);
      assert.deepEqual(await liveEntityKeys(accountId, SCOPE), ['k0', 'k1']);
    });

    it('stores string and null displayName / owner, and the classes real clients send', async () => {
      const { jobs, accountId, id } = await startJob('DIFF');
      const job = await jobs.upload(id, 'upload', {
        entities: [
          e('h1', { _class: 'Host', displayName: 'host-1', owner: 'ops' }),
          e('a1', { _class: ['Application', 'Service'], displayName: '', owner: null }),
          e('r1', { _class: ['Resource', 'lower_case', 'Class_2'] }),
        ],
        relationships: [
          relationship('h1|runs|a1', 'h1', 'a1', { _class: 'RUNS', displayName: 'RUNS' }),
          relationship('a1|uses|r1', 'a1', 'r1', { _class: 'USES' }),
          relationship('r1|has|h1', 'r1', 'h1', { _class: 'HAS_2' }),
        ],
      });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [3, 3]);
      const done = await jobs.finalize(id);
      assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [3, 3]);
      const { entities, relationships } = await scopeContents(accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key, [...x.labels].sort(), x.displayName, x.owner]),
        [
          ['a1', ['Application', 'Entity', 'Service', 'test_host'], '', undefined],
          ['h1', ['Entity', 'Host', 'test_host'], 'host-1', 'ops'],
          [
            'r1',
            ['Class_2', 'Entity', 'Resource', 'lower_case', 'test_host'],
            undefined,
            undefined,
          ],
        ],
      );
      assert.deepEqual(
        relationships.map((x) => [x._key, x.type]),
        [
          ['a1|uses|r1', 'USES'],
          ['h1|runs|a1', 'RUNS'],
          ['r1|has|h1', 'HAS_2'],
        ],
      );
    });

    it('allows _fromEntityId / _toEntityId outside DIFF (PUT)', async () => {
      const { jobs, id } = await startJob('PUT');
      const job = await jobs.upload(id, 'upload', {
        relationships: [
          without(
            r('r0', { _fromEntityId: 'id-1', _toEntityId: 'id-2' }),
            '_fromEntityKey',
            '_toEntityKey',
          ),
        ],
      });
      assert.equal(job.numRelationshipsUploaded, 1);
    });
  });

  describe('?ignoreIllegalProperties=true', () => {
    it('drops illegal properties from entities and relationships and keeps the rest', async () => {
      const { jobs, accountId, id } = await startJob('DIFF');
      const res = await jobs.post(
        id,
        'upload',
        {
          entities: [
            e('k0', {
              ok: 'yes',
              count: 3,
              tags: ['a', 'b'],
              _internal: 'secret',
              meta: { a: 1 },
              mixed: [1, 'a'],
              objects: [{ a: 1 }],
            }),
            e('k1', { _other: true }),
          ],
          relationships: [r('r0', { weight: 2, tags: ['x'], _secret: 1, obj: { a: 1 } })],
        },
        { query: 'ignoreIllegalProperties=true' },
      );
      assert.equal(res.status, 200, res.text);
      const job = (res.body as { job: JobBody }).job;
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
      // Without the flag the same object is still rejected.
      assertError(
        await jobs.post(id, 'upload', { entities: [e('k2', { _internal: 'x' })] }),
        400,
        'VALIDATION_ERROR',
        "/entities/0 (entity key: 'k2') has invalid property name '_internal'",
      );

      const done = await jobs.finalize(id);
      assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
      const { entities, relationships } = await scopeContents(accountId, SCOPE);
      const [k0, k1] = entities;
      assert.deepEqual(customProps(k0!), { ok: 'yes', count: 3, tags: ['a', 'b'] });
      assert.deepEqual(customProps(k1!), {});
      for (const name of ['_internal', '_other', 'meta', 'mixed', 'objects']) {
        assert.ok(!(name in k0!) && !(name in k1!), `${name} was stored`);
      }
      const [rel] = relationships;
      const { type, fromKey, toKey, fromId, toId, ...stored } = rel!;
      assert.deepEqual([type, fromKey, toKey], ['USES', 'k0', 'k1']);
      assert.ok(typeof fromId === 'string' && typeof toId === 'string');
      assert.deepEqual(customProps(stored), { weight: 2 });
      assert.ok(!('_secret' in stored));
    });

    it('drops a displayName or owner that is not a string, but not an invalid class', async () => {
      const { jobs, accountId, id } = await startJob('DIFF');
      const query = { query: 'ignoreIllegalProperties=true' };
      assertError(
        await jobs.post(id, 'upload', { entities: [e('k0', { _class: 'Bad Class' })] }, query),
        400,
        'VALIDATION_ERROR',
        `/entities/0/_class (entity key: 'k0') has invalid class 'Bad Class': ${LABEL_RULE}`,
      );
      const res = await jobs.post(
        id,
        'upload',
        { entities: [e('k0', { displayName: 5, owner: ['a'], name: 'kept' })] },
        query,
      );
      assert.equal(res.status, 200, res.text);
      await jobs.finalize(id);
      const { entities } = await scopeContents(accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key, customProps(x)]),
        [['k0', { name: 'kept' }]],
      );
    });

    it('does not make a missing _key acceptable', async () => {
      const { jobs, id } = await startJob('DIFF');
      assertError(
        await jobs.post(
          id,
          'upload',
          { entities: [without(e('k0'), '_key')] },
          { query: 'ignoreIllegalProperties=true' },
        ),
        400,
        'VALIDATION_ERROR',
        '/entities/0/_key is required',
      );
    });
  });

  describe('duplicate _key within a job vs ignoreDuplicates', () => {
    it('job flag ignoreDuplicates: the last one wins, within and across batches, counted once', async () => {
      const account = await freshAccount();
      const jobs = new Jobs(await sharedApp(), account.headers);
      const { id } = await jobs.start({ source: 'api', scope: SCOPE, ignoreDuplicates: true });
      let job = await jobs.upload(id, 'upload', {
        entities: [e('d1', { v: 1 }), e('d2', { v: 1 }), e('d1', { v: 2 })],
        relationships: [r('r1', { v: 1 }), r('r1', { v: 2 })],
      });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
      job = await jobs.upload(id, 'entities', { entities: [e('d2', { v: 3 }), e('d3')] });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [3, 1]);
      job = await jobs.upload(id, 'relationships', {
        relationships: [relationship('r1', 'd1', 'd2', { v: 3 })],
      });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [3, 1]);

      const done = await jobs.finalize(id);
      assert.deepEqual(
        [done.numEntitiesCreated, done.numEntitiesUpdated, done.numRelationshipsCreated],
        [3, 0, 1],
      );
      const { entities, relationships } = await scopeContents(account.accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key, x.v ?? null]),
        [
          ['d1', 2],
          ['d2', 3],
          ['d3', null],
        ],
      );
      assert.deepEqual(
        relationships.map((x) => [x._key, x.v, x.fromKey, x.toKey]),
        [['r1', 3, 'd1', 'd2']],
      );
    });

    it('?ignoreDuplicates=true allows one upload; the next without it is rejected again', async () => {
      const account = await freshAccount();
      const jobs = new Jobs(await sharedApp(), account.headers);
      const { id } = await jobs.start({ source: 'api', scope: SCOPE });
      await jobs.upload(id, 'entities', { entities: [e('d1', { v: 1 }), e('d2', { v: 1 })] });
      const dupMessage =
        "/entities/0/_key 'd1' is a duplicate: an entity with this _key was already uploaded in this job";
      assertError(
        await jobs.post(id, 'entities', { entities: [e('d1', { v: 2 })] }),
        400,
        'VALIDATION_ERROR',
        dupMessage,
      );
      const flagged = await jobs.post(
        id,
        'entities',
        { entities: [e('d1', { v: 3 }), e('d1', { v: 4 }), e('d4')] },
        { query: 'ignoreDuplicates=true' },
      );
      assert.equal(flagged.status, 200, flagged.text);
      assert.equal((flagged.body as { job: JobBody }).job.numEntitiesUploaded, 3);
      assertError(
        await jobs.post(id, 'entities', { entities: [e('d1', { v: 5 })] }),
        400,
        'VALIDATION_ERROR',
        dupMessage,
      );
      assertError(
        await jobs.post(
          id,
          'entities',
          { entities: [e('d2', { v: 6 })] },
          { query: 'ignoreDuplicates=false' },
        ),
        400,
        'VALIDATION_ERROR',
        "/entities/0/_key 'd2' is a duplicate: an entity with this _key was already uploaded in this job",
      );
      const done = await jobs.finalize(id);
      assert.deepEqual([done.numEntitiesUploaded, done.numEntitiesCreated], [3, 3]);
      const { entities } = await scopeContents(account.accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key, x.v ?? null]),
        [
          ['d1', 4],
          ['d2', 1],
          ['d4', null],
        ],
      );
    });
  });

  describe('odd bodies are a 4xx, never a 500', () => {
    const ok = '{"_key":"k","_type":"t","_class":"C"}';
    const odd: Array<{
      name: string;
      raw: string;
      type?: string;
      encoding?: string;
      status: number;
      code: string;
    }> = [
      { name: 'a JSON string', raw: '"entities"', status: 400, code: 'INVALID_JSON' },
      { name: 'null', raw: 'null', status: 400, code: 'INVALID_JSON' },
      { name: 'a number', raw: '42', status: 400, code: 'INVALID_JSON' },
      { name: 'an empty array', raw: '[]', status: 400, code: 'VALIDATION_ERROR' },
      { name: 'an array of entities', raw: `[${ok}]`, status: 400, code: 'VALIDATION_ERROR' },
      { name: 'truncated JSON', raw: '{"entities": [', status: 400, code: 'INVALID_JSON' },
      { name: 'not JSON at all', raw: 'entities=1', status: 400, code: 'INVALID_JSON' },
      { name: 'an empty body', raw: '', status: 400, code: 'VALIDATION_ERROR' },
      {
        name: 'entities as a string',
        raw: '{"entities": "abc"}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities as an object',
        raw: '{"entities": {"0": {}}}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities as a number',
        raw: '{"entities": 5}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities as a boolean',
        raw: '{"entities": true}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'strings instead of entities',
        raw: '{"entities": ["a", "b"]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      { name: 'null entity', raw: '{"entities": [null]}', status: 400, code: 'VALIDATION_ERROR' },
      { name: 'array entity', raw: '{"entities": [[]]}', status: 400, code: 'VALIDATION_ERROR' },
      {
        name: 'number entity',
        raw: '{"entities": [1e400]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'relationships as a string',
        raw: '{"relationships": "x"}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'number relationship',
        raw: '{"relationships": [7]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'relationships as an object next to entities',
        raw: `{"entities": [${ok}], "relationships": {"0": {}}}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an infinite _key',
        raw: '{"entities": [{"_key": 1e400, "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an object _key',
        raw: '{"entities": [{"_key": {"a": 1}, "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an array _key',
        raw: '{"entities": [{"_key": ["k"], "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a number _type',
        raw: '{"entities": [{"_key": "k", "_type": 7, "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an infinite property',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "n": 1e400}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a negative infinite property in an array',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "n": [1, -1e400]}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: '_rawData as a number',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_rawData": 5}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: '_rawData entry with a numeric name',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_rawData": [{"name": 1, "rawData": {}}]}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'an empty property name',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "": 1}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a property name with a NUL character',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "a\\u0000b": 1}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: '_rawData with a header-breaking contentType',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_rawData": {"d": {"body": 1, "contentType": "text/plain\\r\\nX: 1"}}}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a __proto__ property',
        raw: '{"entities": [{"__proto__": {"x": 1}, "_key": "k", "_type": "t", "_class": "C"}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'entities under __proto__',
        raw: `{"__proto__": {"entities": [${ok}]}}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a deeply nested property value',
        raw: `{"entities": [{"_key": "k", "_type": "t", "_class": "C", "deep": ${'['.repeat(20000)}${']'.repeat(20000)}}]}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'deeply nested entities',
        raw: `{"entities": ${'['.repeat(20000)}${']'.repeat(20000)}}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'deleteRelationships as a string',
        raw: `{"entities": [${ok}], "deleteRelationships": "all"}`,
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'a duplicate JSON key whose last value is invalid',
        raw: '{"entities": [{"_key": "k", "_type": "t", "_class": "C", "_class": 5}]}',
        status: 400,
        code: 'VALIDATION_ERROR',
      },
      {
        name: 'text/plain',
        raw: `{"entities": [${ok}]}`,
        type: 'text/plain',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'application/x-www-form-urlencoded',
        raw: 'entities=1',
        type: 'application/x-www-form-urlencoded',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      {
        name: 'gzip announced, plain body sent',
        raw: `{"entities": [${ok}]}`,
        encoding: 'gzip',
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        name: 'an unknown Content-Encoding',
        raw: `{"entities": [${ok}]}`,
        encoding: 'zip-bomb',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
    ];

    for (const c of odd) {
      it(`${c.name} -> ${c.status}`, async () => {
        const { jobs, accountId, id, before } = await jobWithBaseline('DIFF');
        const res: Res = await request(jobs.app)
          .post(`${JOBS}/${id}/upload`)
          .set(jobs.headers)
          .set('Content-Type', c.type ?? 'application/json')
          .set(c.encoding === undefined ? {} : { 'Content-Encoding': c.encoding })
          .send(c.raw);
        assert.equal(res.status, c.status, res.text);
        const error = (res.body as { error?: { code?: unknown; message?: unknown } }).error;
        assert.equal(error?.code, c.code, res.text);
        assert.ok(typeof error.message === 'string' && error.message !== '', res.text);
        assert.deepEqual(await jobs.job(id), before);
        assert.deepEqual(stagedFiles(accountId, id), ['000001.json.gz']);
      });
    }

    it('a gzipped upload is accepted', async () => {
      const { jobs, accountId, id } = await jobWithBaseline('DIFF');
      const res = await request(jobs.app)
        .post(`${JOBS}/${id}/upload`)
        .set(jobs.headers)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize((bytes: unknown) => bytes as string)
        .send(gzipSync(JSON.stringify({ entities: [e('gz')] })));
      assert.equal(res.status, 200, res.text);
      assert.equal((res.body as { job: JobBody }).job.numEntitiesUploaded, 2);
      await jobs.finalize(id);
      assert.deepEqual(await liveEntityKeys(accountId, SCOPE), ['base', 'gz']);
    });

    it('odd but valid names and values are stored as sent, and finalize finishes', async () => {
      const LONG_NAME = 'long-name-'.padEnd(300, 'n');
      const { jobs, accountId, id } = await startJob('DIFF');
      const props = {
        名前: 'ホスト',
        'emoji😀': '🚀',
        'tag.Production': true,
        'space name': 'x',
        'back`tick': 'y',
        'dollar$(name)': 'z',
        [LONG_NAME]: 1,
        max: Number.MAX_VALUE,
        min: -Number.MAX_VALUE,
        tiny: Number.MIN_VALUE,
        bigint: 1.2345678901234568e22,
        negativeZero: -0,
        emptyArray: [],
        numbers: [1, 2.5, -3],
        booleans: [true, false],
        nul: null,
        quote: 'he said "hi" \\ \n \t \u0000 end',
      };
      const res = await jobs.post(id, 'upload', {
        entities: [
          {
            _key: 'ключ-😀',
            _type: 'тип_host',
            _class: ['Host_Machine', 'lower_case2', 'X'],
            ...props,
          },
          { _key: ' ', _type: 't', _class: 'C' },
        ],
      });
      assert.equal(res.status, 200, res.text);
      const done = await jobs.finalize(id);
      assert.deepEqual([done.status, done.numEntitiesCreated], ['FINISHED', 2]);
      const { entities } = await scopeContents(accountId, SCOPE);
      const stored = entities.find((x) => x._key === 'ключ-😀');
      assert.ok(stored !== undefined, JSON.stringify(entities));
      assert.equal(stored._type, 'тип_host');
      assert.deepEqual([...stored.labels].sort(), ['Entity', 'Host_Machine', 'X', 'lower_case2']);
      const expected: Record<string, unknown> = { ...props, negativeZero: 0 };
      delete expected.nul;
      assert.deepEqual(customProps(stored), expected);
    });
  });
});
