import assert from 'node:assert/strict';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import { options, entity, relationship, rejects } from './upload-validation-helpers';

/** validateUpload: duplicate keys in one request (rule 13), with and without ignoreDuplicates. */
describe('validateUpload', () => {
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
});
