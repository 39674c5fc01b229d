import request from 'supertest';
import { assertError, JOBS } from './lifecycle-helpers';
import { e, jobWithBaseline, LABEL_RULE, type Mode, r, without } from './validation-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

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
const TYPE_RULE =
  'a relationship class becomes a Neo4j relationship type, so it may hold only ASCII letters, digits and underscores and must not start with a digit';

interface Rejection {
  name: string;
  mode?: Mode;
  route?: 'upload' | 'entities' | 'relationships';
  query?: string;
  body: unknown;
  message: string;
}

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

forEachBlobStore('sync jobs: upload validation (HTTP, real Neo4j)', () => {
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
});
