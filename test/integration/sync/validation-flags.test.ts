import assert from 'node:assert/strict';
import { freshAccount } from '../../helpers/harness';
import {
  assertError,
  customProps,
  Jobs,
  type JobBody,
  relationship,
  scopeContents,
  sharedApp,
  stagedFiles,
} from './lifecycle-helpers';
import { e, LABEL_RULE, r, SCOPE, startJob, without } from './validation-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Upload validation through HTTP on the real Neo4j, as the upload flags change it:
 * ?ignoreIllegalProperties=true drops what it may and no more, and ignoreDuplicates (the job's
 * flag, or ?ignoreDuplicates=true on one upload) lets the last of a repeated _key win.
 */
forEachBlobStore('sync jobs: upload validation (HTTP, real Neo4j)', () => {
  describe('?ignoreIllegalProperties=true', () => {
    it('drops illegal properties from entities and relationships and keeps the rest', async () => {
      const { jobs, accountId, id } = await startJob('DIFF');
      const res = await jobs.post(
        id,
        'upload',
        {
          entities: [
            e('k0', {
              ok: 'yes',
              count: 3,
              tags: ['a', 'b'],
              _internal: 'secret',
              meta: { a: 1 },
              mixed: [1, 'a'],
              objects: [{ a: 1 }],
            }),
            e('k1', { _other: true }),
          ],
          relationships: [r('r0', { weight: 2, tags: ['x'], _secret: 1, obj: { a: 1 } })],
        },
        { query: 'ignoreIllegalProperties=true' },
      );
      assert.equal(res.status, 200, res.text);
      const job = (res.body as { job: JobBody }).job;
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
      // Without the flag the same object is still rejected.
      assertError(
        await jobs.post(id, 'upload', { entities: [e('k2', { _internal: 'x' })] }),
        400,
        'VALIDATION_ERROR',
        "/entities/0 (entity key: 'k2') has invalid property name '_internal'",
      );

      const done = await jobs.finalize(id);
      assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [2, 1]);
      const { entities, relationships } = await scopeContents(accountId, SCOPE);
      const [k0, k1] = entities;
      assert.deepEqual(customProps(k0!), { ok: 'yes', count: 3, tags: ['a', 'b'] });
      assert.deepEqual(customProps(k1!), {});
      for (const name of ['_internal', '_other', 'meta', 'mixed', 'objects']) {
        assert.ok(!(name in k0!) && !(name in k1!), `${name} was stored`);
      }
      const [rel] = relationships;
      const { type, fromKey, toKey, fromId, toId, ...stored } = rel!;
      assert.deepEqual([type, fromKey, toKey], ['USES', 'k0', 'k1']);
      assert.ok(typeof fromId === 'string' && typeof toId === 'string');
      assert.deepEqual(customProps(stored), { weight: 2 });
      assert.ok(!('_secret' in stored));
    });

    it('drops a displayName or owner that is not a string, but not an invalid class', async () => {
      const { jobs, accountId, id } = await startJob('DIFF');
      const query = { query: 'ignoreIllegalProperties=true' };
      assertError(
        await jobs.post(id, 'upload', { entities: [e('k0', { _class: 'Bad Class' })] }, query),
        400,
        'VALIDATION_ERROR',
        `/entities/0/_class (entity key: 'k0') has invalid class 'Bad Class': ${LABEL_RULE}`,
      );
      const res = await jobs.post(
        id,
        'upload',
        { entities: [e('k0', { displayName: 5, owner: ['a'], name: 'kept' })] },
        query,
      );
      assert.equal(res.status, 200, res.text);
      await jobs.finalize(id);
      const { entities } = await scopeContents(accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key, customProps(x)]),
        [['k0', { name: 'kept' }]],
      );
    });

    it('does not make a missing _key acceptable', async () => {
      const { jobs, id } = await startJob('DIFF');
      assertError(
        await jobs.post(
          id,
          'upload',
          { entities: [without(e('k0'), '_key')] },
          { query: 'ignoreIllegalProperties=true' },
        ),
        400,
        'VALIDATION_ERROR',
        '/entities/0/_key is required',
      );
    });
  });

  describe('duplicate _key within a job vs ignoreDuplicates', () => {
    it('job flag ignoreDuplicates: the last one wins, within and across batches, counted once', async () => {
      const account = await freshAccount();
      const jobs = new Jobs(await sharedApp(), account.headers);
      const { id } = await jobs.start({ source: 'api', scope: SCOPE, ignoreDuplicates: true });
      let job = await jobs.upload(id, 'upload', {
        entities: [e('d1', { v: 1 }), e('d2', { v: 1 }), e('d1', { v: 2 })],
        relationships: [r('r1', { v: 1 }), r('r1', { v: 2 })],
      });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [2, 1]);
      job = await jobs.upload(id, 'entities', { entities: [e('d2', { v: 3 }), e('d3')] });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [3, 1]);
      job = await jobs.upload(id, 'relationships', {
        relationships: [relationship('r1', 'd1', 'd2', { v: 3 })],
      });
      assert.deepEqual([job.numEntitiesUploaded, job.numRelationshipsUploaded], [3, 1]);

      const done = await jobs.finalize(id);
      assert.deepEqual(
        [done.numEntitiesCreated, done.numEntitiesUpdated, done.numRelationshipsCreated],
        [3, 0, 1],
      );
      const { entities, relationships } = await scopeContents(account.accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key, x.v ?? null]),
        [
          ['d1', 2],
          ['d2', 3],
          ['d3', null],
        ],
      );
      assert.deepEqual(
        relationships.map((x) => [x._key, x.v, x.fromKey, x.toKey]),
        [['r1', 3, 'd1', 'd2']],
      );
    });

    it('?ignoreDuplicates=true allows one upload; the next without it is rejected again', async () => {
      const account = await freshAccount();
      const jobs = new Jobs(await sharedApp(), account.headers);
      const { id } = await jobs.start({ source: 'api', scope: SCOPE });
      await jobs.upload(id, 'entities', { entities: [e('d1', { v: 1 }), e('d2', { v: 1 })] });
      const dupMessage =
        "/entities/0/_key 'd1' is a duplicate: an entity with this _key was already uploaded in this job";
      assertError(
        await jobs.post(id, 'entities', { entities: [e('d1', { v: 2 })] }),
        400,
        'VALIDATION_ERROR',
        dupMessage,
      );
      const flagged = await jobs.post(
        id,
        'entities',
        { entities: [e('d1', { v: 3 }), e('d1', { v: 4 }), e('d4')] },
        { query: 'ignoreDuplicates=true' },
      );
      assert.equal(flagged.status, 200, flagged.text);
      assert.equal((flagged.body as { job: JobBody }).job.numEntitiesUploaded, 3);
      assertError(
        await jobs.post(id, 'entities', { entities: [e('d1', { v: 5 })] }),
        400,
        'VALIDATION_ERROR',
        dupMessage,
      );
      assertError(
        await jobs.post(
          id,
          'entities',
          { entities: [e('d2', { v: 6 })] },
          { query: 'ignoreDuplicates=false' },
        ),
        400,
        'VALIDATION_ERROR',
        "/entities/0/_key 'd2' is a duplicate: an entity with this _key was already uploaded in this job",
      );
      // Refused batches leave nothing staged: the two accepted ones only.
      assert.deepEqual(await stagedFiles(account.accountId, id), [
        'batch-<id>.json.gz',
        'batch-<id>.json.gz',
      ]);
      const done = await jobs.finalize(id);
      assert.deepEqual([done.numEntitiesUploaded, done.numEntitiesCreated], [3, 3]);
      const { entities } = await scopeContents(account.accountId, SCOPE);
      assert.deepEqual(
        entities.map((x) => [x._key, x.v ?? null]),
        [
          ['d1', 4],
          ['d2', 1],
          ['d4', null],
        ],
      );
    });
  });
});
