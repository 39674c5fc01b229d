import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ValidationError } from '../../../../src/errors/app-error';
import type { SyncMode, UploadOptions } from '../../../../src/sync/jobs/job-types';
import { validateStart } from '../../../../src/sync/intake/start-validation';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import { CLIENT_TRAFFIC_DIR } from '../../../helpers/client-traffic';

const DELETE_LISTS =
  'deleteEntities and deleteRelationships are not supported in sync job uploads: delete entities with DELETE /entities/{id} and change them with PATCH /entities/{id}';
const ENTITY_TYPES =
  'has invalid type. Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.';
const RELATIONSHIP_TYPES =
  'has invalid type. Arrays and objects are not allowed on relationships; valid types are string, number, boolean and null.';

function options(overrides: Partial<UploadOptions> = {}): UploadOptions {
  return {
    syncMode: 'DIFF',
    scope: 'scope-a',
    ignoreDuplicates: false,
    ignoreIllegalProperties: false,
    route: 'upload',
    ...overrides,
  };
}

function entity(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { _key: 'host-1', _type: 'example_host', _class: 'Host', ...extra };
}

function relationship(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _key: 'host-1|runs|app-1',
    _type: 'example_host_runs_app',
    _class: 'RUNS',
    _fromEntityKey: 'host-1',
    _toEntityKey: 'app-1',
    ...extra,
  };
}

function without(object: Record<string, unknown>, ...names: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([name]) => !names.includes(name)));
}

function rejects(body: unknown, opts: Partial<UploadOptions>, message: string): void {
  assert.throws(
    () => validateUpload(body, options(opts)),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, `expected a ValidationError, got ${String(err)}`);
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.equal(err.message, message);
      return true;
    },
  );
}

const rejectsEntity = (e: unknown, opts: Partial<UploadOptions>, message: string) =>
  rejects({ entities: [e] }, opts, message);
const rejectsRelationship = (r: unknown, opts: Partial<UploadOptions>, message: string) =>
  rejects({ relationships: [r] }, opts, message);

describe('validateUpload', () => {
  describe('normalization', () => {
    it('pulls out system fields, keeps custom properties flat with nulls', () => {
      const batch = validateUpload(
        {
          entities: [
            entity({
              displayName: 'host-1',
              port: 22,
              active: true,
              owner: null,
              tags: ['a', 'b'],
              ports: [22, 443],
              flags: [true, false],
              empty: [],
              'tag.Production': 'yes',
            }),
          ],
          relationships: [relationship({ displayName: 'RUNS', weight: 1.5, note: null })],
        },
        options(),
      );
      assert.deepEqual(batch, {
        entities: [
          {
            key: 'host-1',
            type: 'example_host',
            classes: ['Host'],
            properties: {
              displayName: 'host-1',
              port: 22,
              active: true,
              owner: null,
              tags: ['a', 'b'],
              ports: [22, 443],
              flags: [true, false],
              empty: [],
              'tag.Production': 'yes',
            },
          },
        ],
        relationships: [
          {
            key: 'host-1|runs|app-1',
            type: 'example_host_runs_app',
            class: 'RUNS',
            fromKey: 'host-1',
            toKey: 'app-1',
            properties: { displayName: 'RUNS', weight: 1.5, note: null },
          },
        ],
      });
    });

    it('turns _class into an array and keeps an array of up to 5 classes', () => {
      const classes = ['A', 'B', 'C', 'D', 'E'];
      const batch = validateUpload({ entities: [entity({ _class: classes })] }, options());
      assert.deepEqual(batch.entities[0]!.classes, classes);
    });

    it('normalizes the object form of _rawData (contentType defaults to application/json)', () => {
      const batch = validateUpload(
        {
          entities: [
            entity({
              _rawData: {
                default: { body: { id: 1 } },
                page: { body: '<html/>', contentType: 'text/html' },
                nothing: { body: null },
              },
            }),
          ],
        },
        options(),
      );
      assert.deepEqual(batch.entities[0], {
        key: 'host-1',
        type: 'example_host',
        classes: ['Host'],
        properties: {},
        rawData: [
          { name: 'default', contentType: 'application/json', body: { id: 1 } },
          { name: 'page', contentType: 'text/html', body: '<html/>' },
          { name: 'nothing', contentType: 'application/json', body: null },
        ],
      });
    });

    it('normalizes the SDK array form of _rawData', () => {
      const batch = validateUpload(
        {
          entities: [
            entity({
              _rawData: [
                { name: 'default', rawData: { id: 1, ip: '10.0.0.1' } },
                { name: 'extra', rawData: 'text' },
              ],
            }),
          ],
        },
        options(),
      );
      assert.deepEqual(batch.entities[0]!.rawData, [
        { name: 'default', contentType: 'application/json', body: { id: 1, ip: '10.0.0.1' } },
        { name: 'extra', contentType: 'application/json', body: 'text' },
      ]);
    });

    it('keeps the last entry of a raw data name given twice, and omits empty or null _rawData', () => {
      const twice = validateUpload(
        {
          entities: [
            entity({
              _rawData: [
                { name: 'default', rawData: 1 },
                { name: 'default', rawData: 2 },
              ],
            }),
          ],
        },
        options(),
      );
      assert.deepEqual(twice.entities[0]!.rawData, [
        { name: 'default', contentType: 'application/json', body: 2 },
      ]);
      for (const rawData of [null, {}, []]) {
        const batch = validateUpload({ entities: [entity({ _rawData: rawData })] }, options());
        assert.equal('rawData' in batch.entities[0]!, false, JSON.stringify(rawData));
      }
    });

    it('returns PATCH entities by _id, and OVERRIDE entities with their target scope', () => {
      const patch = validateUpload(
        { entities: [{ _id: 'id-1', risk: null }] },
        options({ syncMode: 'PATCH', scope: undefined }),
      );
      assert.deepEqual(patch.entities, [{ id: 'id-1', properties: { risk: null } }]);
      const override = validateUpload(
        { entities: [{ _type: 't', _key: 'k', _scope: 'other', level: 3 }] },
        options({ syncMode: 'OVERRIDE' }),
      );
      assert.deepEqual(override.entities, [
        { key: 'k', type: 't', scope: 'other', properties: { level: 3 } },
      ]);
    });

    it('returns the ends of relationships by id and scope', () => {
      const put = validateUpload(
        { relationships: [relationship({ _fromEntityKey: undefined, _fromEntityId: 'id-9' })] },
        options({ syncMode: 'PUT' }),
      );
      assert.deepEqual(put.relationships[0], {
        key: 'host-1|runs|app-1',
        type: 'example_host_runs_app',
        class: 'RUNS',
        fromId: 'id-9',
        toKey: 'app-1',
        properties: {},
      });
      const cross = validateUpload(
        { relationships: [relationship({ _fromEntityScope: 'a', _toEntityScope: 'b' })] },
        options({ syncMode: 'CROSS_SCOPE' }),
      );
      assert.deepEqual(cross.relationships[0], {
        key: 'host-1|runs|app-1',
        type: 'example_host_runs_app',
        class: 'RUNS',
        fromKey: 'host-1',
        toKey: 'app-1',
        fromScope: 'a',
        toScope: 'b',
        properties: {},
      });
    });
  });

  describe('request shape (rules 1-4)', () => {
    it('rejects a body that is not a JSON object', () => {
      for (const body of [null, undefined, [], 'x', 1]) {
        rejects(body, {}, 'The request body must be a JSON object');
      }
    });

    it('rejects deleteEntities and deleteRelationships on every route', () => {
      rejects({ deleteEntities: [{ _id: 'x' }] }, {}, DELETE_LISTS);
      rejects({ deleteRelationships: [] }, {}, DELETE_LISTS);
      rejects({ entities: [entity()], deleteEntities: [] }, { route: 'entities' }, DELETE_LISTS);
      rejects(
        { relationships: [relationship()], deleteRelationships: [] },
        { route: 'relationships' },
        DELETE_LISTS,
      );
    });

    it('requires the array of a single-kind route', () => {
      rejects({}, { route: 'entities' }, 'entities is required');
      rejects({ entities: null }, { route: 'entities' }, 'entities is required');
      rejects({ relationships: null }, { route: 'relationships' }, 'relationships is required');
    });

    it('names the wrong kind before the missing array of a single-kind route', () => {
      rejects(
        { entities: [entity()] },
        { route: 'relationships' },
        'entities are not accepted by the /relationships route: upload them to /entities or /upload',
      );
      rejects(
        { relationships: [relationship()] },
        { route: 'entities' },
        'relationships are not accepted by the /entities route: upload them to /relationships or /upload',
      );
    });

    it('rejects arrays that are not arrays, and items that are not objects', () => {
      rejects({ entities: {} }, { route: 'entities' }, 'entities must be an array');
      rejects({ entities: [entity()], relationships: 'x' }, {}, 'relationships must be an array');
      rejects({ entities: [entity(), null] }, {}, '/entities/1 must be an object');
      rejects({ entities: [entity(), ['x']] }, {}, '/entities/1 must be an object');
      rejects(
        { relationships: ['x'] },
        { route: 'relationships' },
        '/relationships/0 must be an object',
      );
    });

    it('checks the shape of both arrays before their sizes and the objects in them', () => {
      rejects({ entities: [], relationships: 'x' }, {}, 'relationships must be an array');
      rejects({ entities: [{}], relationships: [3] }, {}, '/relationships/0 must be an object');
    });

    it('ignores other body properties, and an empty or null other kind on single-kind routes', () => {
      const e = validateUpload(
        { entities: [entity()], relationships: [], other: 1 },
        options({ route: 'entities' }),
      );
      assert.equal(e.entities.length, 1);
      assert.deepEqual(e.relationships, []);
      const r = validateUpload(
        { relationships: [relationship()], entities: null },
        options({ route: 'relationships' }),
      );
      assert.deepEqual(r.entities, []);
      assert.equal(r.relationships.length, 1);
    });

    it('rejects empty arrays on single-kind routes', () => {
      rejects({ entities: [] }, { route: 'entities' }, 'entities must have minimum 1 item');
      rejects(
        { relationships: [] },
        { route: 'relationships' },
        'relationships must have minimum 1 item',
      );
    });

    it('accepts an empty relationships array next to entities, never an empty entities array', () => {
      const python = validateUpload({ entities: [entity()], relationships: [] }, options());
      assert.equal(python.entities.length, 1);
      const minimum = 'entities must have minimum 1 item';
      rejects({ entities: [], relationships: [relationship()] }, {}, minimum);
      rejects(
        { entities: [], relationships: [relationship()] },
        { route: 'relationships' },
        minimum,
      );
      const none = 'An upload must contain at least one entity or relationship';
      rejects({}, {}, none);
      rejects({ entities: [], relationships: [] }, {}, none);
      rejects({ entities: null }, {}, none);
    });
  });

  describe('single-kind routes', () => {
    it('refuse the other kind instead of dropping it, but let an empty array pass', () => {
      const rel = {
        _key: 'r',
        _type: 't',
        _class: 'HAS',
        _fromEntityKey: 'a',
        _toEntityKey: 'b',
      };
      assert.throws(
        () =>
          validateUpload(
            { entities: [entity({})], relationships: [rel] },
            options({ route: 'entities' }),
          ),
        {
          message:
            'relationships are not accepted by the /entities route: upload them to /relationships or /upload',
        },
      );
      assert.throws(
        () =>
          validateUpload(
            { entities: [entity({})], relationships: [rel] },
            options({ route: 'relationships' }),
          ),
        {
          message:
            'entities are not accepted by the /relationships route: upload them to /entities or /upload',
        },
      );
      const ok = validateUpload(
        { entities: [entity({})], relationships: [] },
        options({ route: 'entities' }),
      );
      assert.equal(ok.entities.length, 1);
    });
  });

  describe('what each mode allows (rule 5)', () => {
    it('rejects relationships in PATCH and OVERRIDE jobs', () => {
      rejects(
        { entities: [entity()], relationships: [relationship()] },
        { syncMode: 'PATCH' },
        'Relationships are not allowed in PATCH jobs',
      );
      rejects(
        { relationships: [relationship()] },
        { syncMode: 'PATCH', route: 'relationships' },
        'Relationships are not allowed in PATCH jobs',
      );
      rejects(
        { relationships: [relationship()] },
        { syncMode: 'OVERRIDE' },
        'Relationship uploads are not allowed for OVERRIDE sync jobs',
      );
    });

    it('rejects entities in CROSS_SCOPE jobs', () => {
      rejects(
        { entities: [entity()] },
        { syncMode: 'CROSS_SCOPE', route: 'entities' },
        'Entity uploads are not allowed for CROSS_SCOPE sync jobs',
      );
    });

    it('checks the mode before the objects', () => {
      rejects(
        { entities: [{}], relationships: [relationship()] },
        { syncMode: 'PATCH' },
        'Relationships are not allowed in PATCH jobs',
      );
    });

    it('names the route, not the mode, for the other kind on a single-kind route', () => {
      rejects(
        { entities: [entity()], relationships: [relationship()] },
        { syncMode: 'PATCH', route: 'entities' },
        'relationships are not accepted by the /entities route: upload them to /relationships or /upload',
      );
    });
  });

  describe('entity identity (rules 6-7)', () => {
    for (const syncMode of ['DIFF', 'PUT'] as const) {
      it(`requires _key, then _type, then _class in ${syncMode}`, () => {
        rejectsEntity({ displayName: 'x' }, { syncMode }, '/entities/0/_key is required');
        rejectsEntity(
          without(entity(), '_type', '_class'),
          { syncMode },
          '/entities/0/_type is required',
        );
        rejectsEntity(without(entity(), '_class'), { syncMode }, '/entities/0/_class is required');
      });
    }

    it('counts null and empty strings as missing, and uses the real index', () => {
      rejects({ entities: [entity(), entity({ _key: null })] }, {}, '/entities/1/_key is required');
      rejects(
        { entities: [entity(), entity({ _key: 'b', _type: '' })] },
        {},
        '/entities/1/_type is required',
      );
      rejectsEntity(entity({ _class: null }), {}, '/entities/0/_class is required');
    });

    it('PATCH with a scope needs _key or _id', () => {
      const opts = { syncMode: 'PATCH' as const };
      rejectsEntity({ _type: 't', _class: 'C' }, opts, '/entities/0/_key is required');
      assert.equal(
        validateUpload({ entities: [{ _key: 'k' }] }, options(opts)).entities[0]!.key,
        'k',
      );
      assert.equal(
        validateUpload({ entities: [{ _id: 'i' }] }, options(opts)).entities[0]!.id,
        'i',
      );
    });

    it('PATCH without a scope needs _id', () => {
      const opts = { syncMode: 'PATCH' as const, scope: undefined };
      rejectsEntity({ _key: 'k', _type: 't', _class: 'C' }, opts, '/entities/0/_id is required');
      assert.equal(validateUpload({ entities: [{ _id: 'i' }] }, options(opts)).entities.length, 1);
    });

    it('OVERRIDE needs _id, or _type and _key', () => {
      const opts = { syncMode: 'OVERRIDE' as const };
      rejectsEntity({ _key: 'k' }, opts, '/entities/0/_id is required');
      rejectsEntity({ _type: 't' }, opts, '/entities/0/_id is required');
      assert.equal(validateUpload({ entities: [{ _id: 'i' }] }, options(opts)).entities.length, 1);
      assert.equal(
        validateUpload({ entities: [{ _key: 'k', _type: 't' }] }, options(opts)).entities.length,
        1,
      );
    });

    it('requires strings of at most 7000 characters for _key, _type and _id', () => {
      rejectsEntity(entity({ _key: 5 }), {}, '/entities/0/_key must be a string');
      rejectsEntity(entity({ _type: ['t'] }), {}, '/entities/0/_type must be a string');
      rejectsEntity(
        entity({ _key: 'k'.repeat(7001) }),
        {},
        '/entities/0/_key: maximum length exceeded',
      );
      rejectsEntity(
        entity({ _type: 't'.repeat(7001) }),
        {},
        '/entities/0/_type: maximum length exceeded',
      );
      const patch = { syncMode: 'PATCH' as const };
      rejectsEntity({ _id: 5 }, patch, '/entities/0/_id must be a string');
      rejectsEntity({ _id: 'i'.repeat(7001) }, patch, '/entities/0/_id: maximum length exceeded');
      const long = 'k'.repeat(7000);
      assert.equal(
        validateUpload({ entities: [entity({ _key: long })] }, options()).entities[0]!.key,
        long,
      );
    });

    it('counts 7000 characters (code points) in a _key, whatever their UTF-8 size', () => {
      rejectsEntity(
        entity({ _key: '😀'.repeat(7001) }),
        {},
        '/entities/0/_key: maximum length exceeded',
      );
      rejectsEntity(
        entity({ _key: 'é'.repeat(7001) }),
        {},
        '/entities/0/_key: maximum length exceeded',
      );
      for (const fits of ['é'.repeat(7000), '😀'.repeat(7000), '€'.repeat(6999) + 'k']) {
        assert.equal(
          validateUpload({ entities: [entity({ _key: fits })] }, options()).entities[0]!.key,
          fits,
        );
      }
    });

    it('refuses a _type whose UTF-8 form the type index cannot hold', () => {
      rejectsEntity(
        entity({ _type: '€'.repeat(2334) }),
        {},
        "/entities/0/_type: too large to store: 7002 bytes of UTF-8, and the graph's type index holds at most 7000",
      );
      const fits = 'é'.repeat(3500); // 7000 bytes of UTF-8, exactly the limit
      assert.equal(
        validateUpload({ entities: [entity({ _type: fits })] }, options()).entities[0]!.type,
        fits,
      );
    });

    it('checks presence of all identity fields before their types', () => {
      rejectsEntity({ _key: 5, _class: 'C' }, {}, '/entities/0/_type is required');
    });
  });

  describe('_class (rule 8)', () => {
    const invalid =
      "/entities/0/_class (entity key: 'host-1') has invalid type. Valid types are string or array of strings.";

    it('must be a string or an array of strings', () => {
      for (const value of [5, true, {}, [1], ['A', 2], ['A', null], ['']]) {
        rejectsEntity(entity({ _class: value }), {}, invalid);
      }
    });

    it('holds 1 to 5 items', () => {
      rejectsEntity(
        entity({ _class: ['A', 'B', 'C', 'D', 'E', 'F'] }),
        {},
        "/entities/0/_class (entity key: 'host-1') has more than 5 items",
      );
      rejectsEntity(
        entity({ _class: [] }),
        {},
        "/entities/0/_class (entity key: 'host-1') must have at least 1 item",
      );
    });

    it("refuses classes starting with '_', the labels of graphsync's own nodes", () => {
      const reserved =
        "/entities/0/_class (entity key: 'host-1') must not start with '_' (reserved for graphsync)";
      rejectsEntity(entity({ _class: '_Account' }), {}, reserved);
      rejectsEntity(entity({ _class: ['Host', '_SyncJob'] }), {}, reserved);
      const ok = validateUpload({ entities: [entity({ _class: 'Account' })] }, options());
      assert.deepEqual(ok.entities[0]!.classes, ['Account']);
    });

    it('refuses classes that cannot be a Neo4j label typed without backticks', () => {
      const rule =
        'a class becomes a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not start with a digit';
      for (const bad of [
        'lower case class',
        'Host`:Injected',
        '9Start',
        'Code-Repo',
        'Ünïcødé',
        ' Host',
      ]) {
        rejectsEntity(
          entity({ _class: ['Host', bad] }),
          {},
          `/entities/0/_class (entity key: 'host-1') has invalid class '${bad}': ${rule}`,
        );
      }
      const long = `A ${'b'.repeat(200)}`;
      rejectsEntity(
        entity({ _class: long }),
        {},
        `/entities/0/_class (entity key: 'host-1') has invalid class '${long.slice(0, 100)}...': ${rule}`,
      );
      const ok = ['Host', 'lower', 'Snake_Case', 'X9', 'CodeRepo'];
      const batch = validateUpload({ entities: [entity({ _class: ok })] }, options());
      assert.deepEqual(batch.entities[0]!.classes, ok);
    });

    it("names a missing _key as 'undefined'", () => {
      rejectsEntity(
        { _id: 'i', _class: 7 },
        { syncMode: 'PATCH' },
        "/entities/0/_class (entity key: 'undefined') has invalid type. Valid types are string or array of strings.",
      );
    });
  });

  describe('reserved names and property values (rules 9-10)', () => {
    it('rejects _id in PUT and DIFF jobs', () => {
      rejectsEntity(
        entity({ _id: 'i' }),
        { syncMode: 'PUT' },
        "/entities/0/_id (entity key: 'host-1') is not allowed in PUT jobs: PUT matches entities on _key only",
      );
      rejectsEntity(
        entity({ _id: 'i' }),
        { syncMode: 'DIFF' },
        "/entities/0/_id (entity key: 'host-1') is not allowed in DIFF jobs",
      );
    });

    it('rejects any other _-prefixed name, including _scope outside OVERRIDE', () => {
      rejectsEntity(
        entity({ _internal: 1 }),
        {},
        "/entities/0 (entity key: 'host-1') has invalid property name '_internal'",
      );
      rejectsEntity(
        entity({ _scope: 's' }),
        {},
        "/entities/0 (entity key: 'host-1') has invalid property name '_scope'",
      );
      rejectsEntity(
        entity({ _scope: 's' }),
        { syncMode: 'PATCH' },
        "/entities/0 (entity key: 'host-1') has invalid property name '_scope'",
      );
      rejectsEntity(
        { _id: 'i', __proto__x: 1 },
        { syncMode: 'OVERRIDE' },
        "/entities/0 (entity key: 'undefined') has invalid property name '__proto__x'",
      );
    });

    it('rejects values that are not scalars or homogeneous scalar arrays', () => {
      const cases: Array<[string, unknown]> = [
        ['mixed', [1, 'a']],
        ['nested', { a: 1 }],
        ['objects', [{}]],
        ['nulls', [null]],
        ['arrays', [[1]]],
        ['mixedBooleans', [true, 0]],
      ];
      for (const [name, value] of cases) {
        rejectsEntity(
          entity({ [name]: value }),
          {},
          `/entities/0/${name} (entity key: 'host-1') ${ENTITY_TYPES}`,
        );
      }
    });

    it('rejects names Neo4j cannot store: empty, or holding a NUL character', () => {
      for (const name of ['', 'a\u0000b']) {
        rejectsEntity(
          entity({ [name]: 1 }),
          {},
          `/entities/0 (entity key: 'host-1') has invalid property name '${name}': it must not be empty or hold a NUL character`,
        );
      }
      assert.throws(
        () => validateUpload({ relationships: [relationship({ '': 1 })] }, options()),
        /^ValidationError: \/relationships\/0 \(relationship key: '[^']+'\) has invalid property name '': it must not be empty or hold a NUL character$/,
      );
    });

    it('takes displayName and owner as strings or null only', () => {
      const types = 'has invalid type. Valid types are string or null.';
      for (const [name, value] of [
        ['displayName', 5],
        ['owner', ['a']],
        ['displayName', true],
        ['owner', { a: 1 }],
      ] as const) {
        rejectsEntity(
          entity({ [name]: value }),
          {},
          `/entities/0/${name} (entity key: 'host-1') ${types}`,
        );
      }
      const batch = validateUpload(
        { entities: [entity({ displayName: '', owner: null })] },
        options({ syncMode: 'PATCH', scope: 's' }),
      );
      assert.deepEqual(batch.entities[0]!.properties, { displayName: '', owner: null });
      const dropped = validateUpload(
        { entities: [entity({ displayName: 5, owner: 'ops' })] },
        options({ ignoreIllegalProperties: true }),
      );
      assert.deepEqual(dropped.entities[0]!.properties, { owner: 'ops' });
    });

    it('reports an invalid name before an invalid value that comes earlier in the object', () => {
      rejectsEntity(
        entity({ nested: {}, _internal: 1 }),
        {},
        "/entities/0 (entity key: 'host-1') has invalid property name '_internal'",
      );
    });

    it('rejects a malformed _rawData (rule 15)', () => {
      const message =
        "/entities/0/_rawData (entity key: 'host-1') must be an object of named entries or an array of { name, rawData }";
      const cases: unknown[] = [
        'text',
        5,
        [{ name: 'default' }],
        [{ rawData: {} }],
        [{ name: '', rawData: {} }],
        ['x'],
        { default: 'x' },
        { default: { contentType: 'text/plain' } },
        { default: { body: 'x', contentType: 5 } },
      ];
      for (const rawData of cases) rejectsEntity(entity({ _rawData: rawData }), {}, message);
    });
  });

  describe('relationships (rules 11-12)', () => {
    it('refuses a class that cannot be a Neo4j relationship type typed without backticks', () => {
      const rule =
        'a relationship class becomes a Neo4j relationship type, so it may hold only ASCII letters, digits and underscores and must not start with a digit';
      for (const bad of ['HAS MANY', 'USES`]->(x)', '9STARTS', 'IS-A']) {
        rejectsRelationship(
          relationship({ _class: bad }),
          {},
          `/relationships/0/_class (relationship key: 'host-1|runs|app-1') has invalid class '${bad}': ${rule}`,
        );
      }
      for (const ok of ['RUNS', 'HAS_2', 'uses', '_LINK']) {
        const batch = validateUpload({ relationships: [relationship({ _class: ok })] }, options());
        assert.equal(batch.relationships[0]!.class, ok);
      }
    });

    it('requires _key, then _type, then _class', () => {
      rejectsRelationship(without(relationship(), '_key'), {}, '/relationships/0/_key is required');
      rejectsRelationship(
        without(relationship(), '_type', '_class'),
        {},
        '/relationships/0/_type is required',
      );
      rejectsRelationship(
        without(relationship(), '_class'),
        {},
        '/relationships/0/_class is required',
      );
      rejects(
        { relationships: [relationship(), relationship({ _key: 'b', _type: null })] },
        {},
        '/relationships/1/_type is required',
      );
    });

    it('checks the types and length of _key, _type and _class', () => {
      rejectsRelationship(relationship({ _key: 1 }), {}, '/relationships/0/_key must be a string');
      rejectsRelationship(
        relationship({ _type: 1 }),
        {},
        '/relationships/0/_type must be a string',
      );
      rejectsRelationship(
        relationship({ _key: 'r'.repeat(7001) }),
        {},
        '/relationships/0/_key: maximum length exceeded',
      );
      rejectsRelationship(
        relationship({ _class: ['RUNS'] }),
        {},
        "/relationships/0/_class (relationship key: 'host-1|runs|app-1') has invalid type. Valid type is string.",
      );
    });

    it('needs a from and a to end, by key or by id', () => {
      for (const syncMode of ['DIFF', 'PUT'] as const) {
        rejectsRelationship(
          without(relationship(), '_fromEntityKey'),
          { syncMode },
          '/relationships/0/_fromEntityKey is required',
        );
        rejectsRelationship(
          without(relationship(), '_toEntityKey'),
          { syncMode },
          '/relationships/0/_toEntityKey is required',
        );
      }
      rejectsRelationship(
        relationship({ _fromEntityKey: 3 }),
        {},
        '/relationships/0/_fromEntityKey must be a string',
      );
      const byId = relationship({
        _fromEntityKey: undefined,
        _fromEntityId: 'a',
        _toEntityKey: undefined,
        _toEntityId: 'b',
      });
      const batch = validateUpload({ relationships: [byId] }, options({ syncMode: 'PUT' }));
      assert.equal(batch.relationships[0]!.fromId, 'a');
      assert.equal(batch.relationships[0]!.toId, 'b');
    });

    it('rejects entity ids as ends in DIFF jobs', () => {
      rejectsRelationship(
        relationship({ _fromEntityId: 'a' }),
        {},
        "/relationships/0/_fromEntityId (relationship key: 'host-1|runs|app-1') cannot be used in DIFF jobs",
      );
      rejectsRelationship(
        relationship({ _toEntityKey: undefined, _toEntityId: 'b' }),
        {},
        "/relationships/0/_toEntityId (relationship key: 'host-1|runs|app-1') cannot be used in DIFF jobs",
      );
    });

    it('needs two different end scopes in CROSS_SCOPE jobs', () => {
      const opts = { syncMode: 'CROSS_SCOPE' as const };
      rejectsRelationship(
        relationship({ _toEntityScope: 'b' }),
        opts,
        '/relationships/0/_fromEntityScope is required',
      );
      rejectsRelationship(
        relationship({ _fromEntityScope: 'a' }),
        opts,
        '/relationships/0/_toEntityScope is required',
      );
      rejectsRelationship(
        relationship({ _fromEntityScope: 'a', _toEntityScope: 'a' }),
        opts,
        "/relationships/0 (relationship key: 'host-1|runs|app-1') is not a cross-scope relationship: _fromEntityScope and _toEntityScope are equal",
      );
    });

    it('treats end scopes as invalid names outside CROSS_SCOPE', () => {
      rejectsRelationship(
        relationship({ _fromEntityScope: 'a', _toEntityScope: 'b' }),
        { syncMode: 'PUT' },
        "/relationships/0 (relationship key: 'host-1|runs|app-1') has invalid property name '_fromEntityScope'",
      );
    });

    it('normalizes a valid _mapping in DIFF and PUT, and refuses it in CROSS_SCOPE', () => {
      const mapped = {
        _key: 'm',
        _type: 't',
        _class: 'HAS',
        weight: 1,
        _mapping: {
          sourceEntityKey: 'a',
          targetFilterKeys: [['_type', 'email', 'email']],
          targetEntity: { _type: 'user', _class: 'User', email: 'u@x.io', gone: null },
        },
      };
      for (const syncMode of ['DIFF', 'PUT'] as const) {
        const batch = validateUpload({ relationships: [mapped] }, options({ syncMode }));
        assert.deepEqual(batch.relationships, [
          {
            key: 'm',
            type: 't',
            class: 'HAS',
            mapping: {
              sourceEntityKey: 'a',
              targetFilterKeys: [['_type', 'email']],
              targetEntity: { _type: 'user', _class: ['User'], email: 'u@x.io' },
              skipTargetCreation: false,
              relationshipDirection: 'FORWARD',
            },
            properties: { weight: 1 },
          },
        ]);
      }
      rejectsRelationship(
        mapped,
        { syncMode: 'CROSS_SCOPE' },
        "/relationships/0/_mapping (relationship key: 'm') is not allowed in CROSS_SCOPE jobs: mapped relationships are uploaded in PUT and DIFF jobs",
      );
    });

    it('rejects other _-prefixed names, _rawData included', () => {
      rejectsRelationship(
        relationship({ _internal: 1 }),
        {},
        "/relationships/0 (relationship key: 'host-1|runs|app-1') has invalid property name '_internal'",
      );
      rejectsRelationship(
        relationship({ _rawData: { default: { body: {} } } }),
        {},
        "/relationships/0 (relationship key: 'host-1|runs|app-1') has invalid property name '_rawData'",
      );
    });

    it('rejects array and object values', () => {
      for (const value of [['a'], [], { a: 1 }]) {
        rejectsRelationship(
          relationship({ tags: value }),
          {},
          `/relationships/0/tags (relationship key: 'host-1|runs|app-1') ${RELATIONSHIP_TYPES}`,
        );
      }
    });
  });

  describe('order of errors', () => {
    it('reports entities in order, then relationships', () => {
      rejects(
        { entities: [entity(), entity({ _key: 'b', bad: {} }), {}], relationships: [{}] },
        {},
        `/entities/1/bad (entity key: 'b') ${ENTITY_TYPES}`,
      );
      rejects(
        { entities: [entity()], relationships: [relationship(), {}] },
        {},
        '/relationships/1/_key is required',
      );
    });
  });

  describe('duplicates in one request (rule 13)', () => {
    it('rejects a repeated entity or relationship _key, naming the later index', () => {
      rejects(
        { entities: [entity(), entity({ _key: 'b' }), entity()] },
        {},
        "/entities/2/_key 'host-1' is a duplicate: an entity with this _key was already uploaded in this job",
      );
      rejects(
        { relationships: [relationship(), relationship()] },
        {},
        "/relationships/1/_key 'host-1|runs|app-1' is a duplicate: a relationship with this _key was already uploaded in this job",
      );
    });

    it('reports a duplicate before errors in later objects', () => {
      rejects(
        { entities: [entity(), entity(), {}] },
        {},
        "/entities/1/_key 'host-1' is a duplicate: an entity with this _key was already uploaded in this job",
      );
    });

    it('with ignoreDuplicates keeps only the last one, at its position', () => {
      const batch = validateUpload(
        {
          entities: [entity({ v: 1 }), entity({ _key: 'b' }), entity({ v: 2 })],
          relationships: [relationship({ v: 1 }), relationship({ v: 2 })],
        },
        options({ ignoreDuplicates: true }),
      );
      assert.deepEqual(
        batch.entities.map((e) => [e.key, e.properties.v]),
        [
          ['b', undefined],
          ['host-1', 2],
        ],
      );
      assert.deepEqual(
        batch.relationships.map((r) => r.properties.v),
        [2],
      );
    });

    it('dedupes PATCH entities matched by _id on _id', () => {
      rejects(
        { entities: [{ _id: 'x' }, { _id: 'x' }] },
        { syncMode: 'PATCH' },
        "/entities/1/_id 'x' is a duplicate: an entity with this _id was already uploaded in this job",
      );
      const distinct = validateUpload(
        { entities: [{ _id: 'x' }, { _id: 'y' }, { _key: 'x' }] },
        options({ syncMode: 'PATCH' }),
      );
      assert.equal(distinct.entities.length, 3);
    });

    it('treats OVERRIDE targets in different scopes as different entities', () => {
      const batch = validateUpload(
        {
          entities: [
            { _key: 'k', _type: 't', _scope: 'a' },
            { _key: 'k', _type: 't', _scope: 'b' },
          ],
        },
        options({ syncMode: 'OVERRIDE' }),
      );
      assert.equal(batch.entities.length, 2);
    });
  });

  describe('ignoreIllegalProperties (rule 14)', () => {
    const opts = { ignoreIllegalProperties: true };

    it('drops invalid names and values on entities and relationships', () => {
      const batch = validateUpload(
        {
          entities: [
            entity({ _internal: 1, _scope: 's', nested: { a: 1 }, mixed: [1, 'a'], ok: 'yes' }),
          ],
          relationships: [relationship({ _internal: 1, _rawData: {}, tags: ['a'], '': 2, ok: 1 })],
        },
        options(opts),
      );
      assert.deepEqual(batch.entities[0]!.properties, { ok: 'yes' });
      assert.deepEqual(batch.relationships[0]!.properties, { ok: 1 });
    });

    it('still fails structural errors', () => {
      rejectsEntity(
        entity({ _id: 'i' }),
        { ...opts, syncMode: 'PUT' },
        "/entities/0/_id (entity key: 'host-1') is not allowed in PUT jobs: PUT matches entities on _key only",
      );
      rejectsEntity(
        entity({ _id: 'i' }),
        opts,
        "/entities/0/_id (entity key: 'host-1') is not allowed in DIFF jobs",
      );
      rejectsEntity(without(entity(), '_key'), opts, '/entities/0/_key is required');
      rejectsEntity(without(entity(), '_class'), opts, '/entities/0/_class is required');
      rejectsEntity(
        entity({ _class: 5 }),
        opts,
        "/entities/0/_class (entity key: 'host-1') has invalid type. Valid types are string or array of strings.",
      );
      rejectsEntity(
        entity({ _key: 'k'.repeat(7001) }),
        opts,
        '/entities/0/_key: maximum length exceeded',
      );
      rejectsEntity(
        entity({ _rawData: 'x' }),
        opts,
        "/entities/0/_rawData (entity key: 'host-1') must be an object of named entries or an array of { name, rawData }",
      );
      rejectsRelationship(
        relationship({ _fromEntityId: 'a' }),
        opts,
        "/relationships/0/_fromEntityId (relationship key: 'host-1|runs|app-1') cannot be used in DIFF jobs",
      );
      rejectsRelationship(
        without(relationship(), '_toEntityKey'),
        opts,
        '/relationships/0/_toEntityKey is required',
      );
    });
  });

  describe('real client traffic (test/fixtures/client-traffic)', () => {
    interface Recorded {
      method: string;
      url: string;
      headers: Record<string, string>;
      body?: unknown;
      response?: { job?: { id?: string } };
    }

    const dir = CLIENT_TRAFFIC_DIR;

    function recordings(): Array<{ file: string; requests: Recorded[] }> {
      return readdirSync(dir)
        .filter((file) => file.endsWith('.jsonl'))
        .sort()
        .map((file) => ({
          file,
          requests: readFileSync(path.join(dir, file), 'utf8')
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map((line) => JSON.parse(line) as Recorded),
        }));
    }

    const JOBS = '/persister/synchronization/jobs';
    const UPLOAD =
      /^\/persister\/synchronization\/jobs\/([^/?]+)\/(upload|entities|relationships)$/;

    interface Job {
      /** The start body's mode as sent (CREATE_OR_UPDATE included). */
      mode: string;
      scope: string | undefined;
      ignoreDuplicates: boolean;
    }

    function jobsAndUploads() {
      const uploads: Array<{ where: string; job: Job; opts: UploadOptions; body: unknown }> = [];
      let starts = 0;
      for (const { file, requests } of recordings()) {
        const jobs = new Map<string, Job>();
        requests.forEach((request, n) => {
          const url = new URL(request.url, 'http://recorded');
          const where = `${file}#${n + 1} ${request.method} ${request.url}`;
          if (request.method === 'POST' && url.pathname === JOBS) {
            starts += 1;
            const body = request.body as Record<string, unknown>;
            const mode = typeof body.syncMode === 'string' ? body.syncMode : 'DIFF';
            if (mode === 'CREATE_OR_UPDATE') {
              assert.throws(() => validateStart(body, ['PUT', 'OVERRIDE']), {
                code: 'VALIDATION_ERROR',
                message: 'CREATE_OR_UPDATE sync mode is deprecated and no longer functions',
              });
            }
            const start =
              mode === 'CREATE_OR_UPDATE' ? undefined : validateStart(body, ['PUT', 'OVERRIDE']);
            const id = request.response?.job?.id;
            assert.ok(id, `${where}: recorded start has no job id`);
            jobs.set(id, {
              mode,
              scope: start?.scope,
              ignoreDuplicates: start?.ignoreDuplicates ?? false,
            });
            return;
          }
          const match = UPLOAD.exec(url.pathname);
          if (request.method !== 'POST' || !match) return;
          const job = jobs.get(match[1]!);
          assert.ok(job, `${where}: upload to a job that was not started in this file`);
          uploads.push({
            where,
            job,
            body: request.body,
            opts: {
              syncMode: job.mode === 'CREATE_OR_UPDATE' ? 'DIFF' : (job.mode as SyncMode),
              scope: job.scope,
              ignoreDuplicates:
                job.ignoreDuplicates || url.searchParams.get('ignoreDuplicates') === 'true',
              ignoreIllegalProperties: url.searchParams.get('ignoreIllegalProperties') === 'true',
              route: match[2] as UploadOptions['route'],
            },
          });
        });
      }
      return { starts, uploads };
    }

    const isDeleteList = (body: unknown) =>
      typeof body === 'object' &&
      body !== null &&
      ('deleteEntities' in body || 'deleteRelationships' in body);

    it('every start body validates, except the deprecated CREATE_OR_UPDATE', () => {
      assert.ok(jobsAndUploads().starts >= 16);
    });

    it('every JSON upload body of a DIFF job validates, object for object', () => {
      let checked = 0;
      for (const { where, job, opts, body } of jobsAndUploads().uploads) {
        // CSV bodies are parsed into this JSON shape before validation, elsewhere.
        if (job.mode !== 'DIFF' || typeof body === 'string' || isDeleteList(body)) continue;
        const sent = body as { entities?: unknown[]; relationships?: unknown[] };
        const batch = validateUpload(body, opts);
        if (opts.route !== 'relationships') {
          assert.equal(batch.entities.length, sent.entities?.length ?? 0, where);
        }
        if (opts.route !== 'entities') {
          assert.equal(batch.relationships.length, sent.relationships?.length ?? 0, where);
        }
        checked += 1;
      }
      assert.ok(checked >= 25, `only ${checked} DIFF upload bodies checked`);
    });

    it('keeps the SDK raw data of a recorded upload', () => {
      const upload = jobsAndUploads().uploads.find(
        (u) => u.where.startsWith('cli17-sync.jsonl') && u.opts.route === 'entities',
      );
      assert.ok(upload);
      const [host] = validateUpload(upload.body, upload.opts).entities;
      assert.deepEqual(host!.rawData, [
        { name: 'default', contentType: 'application/json', body: { id: 1, ip: '10.0.0.1' } },
      ]);
    });

    it('every deleteEntities / deleteRelationships upload is rejected towards the entity API', () => {
      const deletes = jobsAndUploads().uploads.filter((u) => isDeleteList(u.body));
      assert.ok(deletes.length >= 3);
      for (const { where, opts, body } of deletes) {
        assert.throws(
          () => validateUpload(body, opts),
          { code: 'VALIDATION_ERROR', message: DELETE_LISTS },
          where,
        );
      }
    });

    it('PATCH uploads: keyed entities pass with a scope; without a scope they need _id (as in JupiterOne)', () => {
      const patches = jobsAndUploads().uploads.filter(
        (u) => u.job.mode === 'PATCH' && !isDeleteList(u.body),
      );
      assert.equal(patches.length, 2);
      for (const { where, opts, body } of patches) {
        if (opts.scope === undefined) {
          assert.throws(
            () => validateUpload(body, opts),
            { message: '/entities/0/_id is required' },
            where,
          );
        } else {
          assert.equal(validateUpload(body, opts).entities.length, 2, where);
        }
      }
    });
  });
});
