import assert from 'node:assert/strict';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import {
  DELETE_LISTS,
  ENTITY_TYPES,
  options,
  entity,
  relationship,
  rejects,
} from './upload-validation-helpers';

/**
 * validateUpload: the request as a whole (rules 1-5): its shape, the single-kind routes, what each
 * sync mode allows, and the order of its errors.
 */
describe('validateUpload', () => {
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
});
