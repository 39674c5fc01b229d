import assert from 'node:assert/strict';
import { validateUpload } from '../../../../src/sync/intake/upload-validation';
import { options, entity, without, rejects, rejectsEntity } from './upload-validation-helpers';

/** validateUpload: an entity's identity (rules 6-7) and its _class (rule 8). */
describe('validateUpload', () => {
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
});
