import assert from 'node:assert/strict';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import { options, entity, relationship } from './upload-validation-helpers';

/** validateUpload: what a valid upload becomes (system fields, classes, raw data, ends). */
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
});
