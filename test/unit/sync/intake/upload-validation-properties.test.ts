import assert from 'node:assert/strict';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import {
  ENTITY_TYPES,
  options,
  entity,
  relationship,
  without,
  rejectsEntity,
  rejectsRelationship,
} from './upload-validation-helpers';

/**
 * validateUpload: reserved names and property values (rules 9-10), a malformed _rawData (rule 15)
 * and what ignoreIllegalProperties drops (rule 14).
 */
describe('validateUpload', () => {
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
});
