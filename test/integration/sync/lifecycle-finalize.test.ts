import assert from 'node:assert/strict';
import { forEachBlobStore } from '../../helpers/blob-stores';
import request from 'supertest';
import {
  client,
  entity,
  JOBS,
  type JobBody,
  liveEntityKeys,
  relationship,
} from './lifecycle-helpers';

/**
 * The sync job lifecycle through HTTP on the real Neo4j (local mode: finalize answers FINISHED):
 * the finalize bodies (none, {}, partialDatasets).
 */
forEachBlobStore('sync jobs: lifecycle (HTTP, real Neo4j)', () => {
  describe('finalize bodies', () => {
    it('accepts no body at all (Content-Type json, length 0) and {}', async () => {
      const { app, account, jobs } = await client();
      const a = await jobs.start({ source: 'api', scope: 'fin' });
      await jobs.upload(a.id, 'entities', { entities: [entity('e1')] });
      const empty = await request(app)
        .post(`${JOBS}/${a.id}/finalize`)
        .set(account.headers)
        .set('Content-Type', 'application/json')
        .set('Content-Length', '0');
      assert.equal(empty.status, 200, empty.text);
      const job = (empty.body as { job: JobBody }).job;
      assert.deepEqual([job.status, job.numEntitiesCreated], ['FINISHED', 1]);

      const b = await jobs.start({ source: 'api', scope: 'fin' });
      await jobs.upload(b.id, 'entities', { entities: [entity('e1'), entity('e2')] });
      const done = await jobs.finalize(b.id, {});
      assert.deepEqual(
        [done.status, done.numEntitiesCreated, done.numEntitiesUpdated, done.partialDatasetTypes],
        ['FINISHED', 1, 0, []],
      );
      assert.deepEqual(await liveEntityKeys(account.accountId, 'fin'), ['e1', 'e2']);
    });

    it('spares the partialDatasets types from DIFF deletes', async () => {
      const { account, jobs } = await client();
      const scope = 'partial';
      const hostA = { _key: 'a1', _type: 'a_type', _class: 'Host' };
      const first = await jobs.start({ source: 'api', scope });
      await jobs.upload(first.id, 'upload', {
        entities: [
          hostA,
          { _key: 'b1', _type: 'b_type', _class: 'Host' },
          { _key: 'b2', _type: 'b_type', _class: 'Host' },
          { _key: 'c1', _type: 'c_type', _class: 'Host' },
        ],
        relationships: [
          relationship('a1|b1', 'a1', 'b1', { _type: 'b_type_rel' }),
          relationship('a1|c1', 'a1', 'c1', { _type: 'c_type_rel' }),
        ],
      });
      assert.equal((await jobs.finalize(first.id)).numEntitiesCreated, 4);

      const second = await jobs.start({ source: 'api', scope });
      await jobs.upload(second.id, 'entities', { entities: [hostA] });
      const partial = await jobs.finalize(second.id, {
        partialDatasets: { types: ['b_type', 'b_type_rel', 'b_type'] },
      });
      assert.deepEqual(
        [
          partial.partialDatasetTypes,
          partial.numEntitiesDeleted,
          partial.numRelationshipsDeleted,
          partial.numEntitiesCreated,
          partial.numEntitiesUpdated,
        ],
        [['b_type', 'b_type_rel'], 1, 1, 0, 0],
      );
      assert.deepEqual(await liveEntityKeys(account.accountId, scope), ['a1', 'b1', 'b2']);

      const third = await jobs.start({ source: 'api', scope });
      await jobs.upload(third.id, 'entities', { entities: [hostA] });
      const full = await jobs.finalize(third.id, {});
      assert.deepEqual([full.numEntitiesDeleted, full.numRelationshipsDeleted], [2, 1]);
      assert.deepEqual(await liveEntityKeys(account.accountId, scope), ['a1']);
    });

    it('reads partialDatasets.types null as no types', async () => {
      const { jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'fin-null' });
      await jobs.upload(id, 'entities', { entities: [entity('e1')] });
      const res = await jobs.post(id, 'finalize', { partialDatasets: { types: null } });
      assert.equal(res.status, 200, res.text);
      const job = (res.body as { job: JobBody }).job;
      assert.deepEqual([job.status, job.partialDatasetTypes], ['FINISHED', []]);
    });

    it('rejects a malformed partialDatasets and leaves the job awaiting uploads', async () => {
      const { jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'fin-bad' });
      const res = await jobs.post(id, 'finalize', { partialDatasets: { types: 'b_type' } });
      assert.equal(res.status, 400, res.text);
      assert.equal((res.body as { error: { code: string } }).error.code, 'VALIDATION_ERROR');
      assert.equal((await jobs.job(id)).status, 'AWAITING_UPLOADS');
    });
  });
});
