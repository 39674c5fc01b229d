import assert from 'node:assert/strict';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import {
  RELATIONSHIP_TYPES,
  options,
  relationship,
  without,
  rejects,
  rejectsRelationship,
} from './upload-validation-helpers';

/** validateUpload: relationships (rules 11-12). */
describe('validateUpload', () => {
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
});
