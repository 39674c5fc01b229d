import assert from 'node:assert/strict';
import request from 'supertest';
import { assertError, liveEntityKeys, relationship, scopeContents } from './lifecycle-helpers';
import { e, r, SCOPE, startJob, without } from './validation-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Upload validation through HTTP on the real Neo4j: what is accepted at the limits (key length and
 * script, class count, the empty relationships array, displayName and owner, entity ids as ends
 * outside DIFF), stored and synced as sent.
 */
forEachBlobStore('sync jobs: upload validation (HTTP, real Neo4j)', () => {
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
});
