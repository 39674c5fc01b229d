import assert from 'node:assert/strict';
import { forEachBlobStore } from '../../helpers/blob-stores';
import request from 'supertest';
import { testSync } from '../../helpers/harness';
import {
  assertError,
  client,
  entity,
  JOBS,
  type JobBody,
  liveEntityKeys,
  relationship,
  scopeContents,
  stagedFiles,
} from './lifecycle-helpers';

/**
 * The sync job lifecycle through HTTP on the real Neo4j (local mode: finalize answers FINISHED):
 * uploads and their counters, correlation ids (a re-sent batch counted, staged and applied once)
 * and concurrent retries, finalizes and transitions.
 */
forEachBlobStore('sync jobs: lifecycle (HTTP, real Neo4j)', () => {
  describe('uploads', () => {
    it('grows the uploaded counters per batch across /upload, /entities and /relationships', async () => {
      const { account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'batches' });
      const counts = (job: JobBody) => [
        job.numEntitiesUploaded,
        job.numRelationshipsUploaded,
        job.numMappedRelationshipsUploaded,
      ];

      let job = await jobs.upload(id, 'upload', {
        entities: [entity('e1'), entity('e2')],
        relationships: [relationship('r1', 'e1', 'e2')],
      });
      assert.deepEqual(counts(job), [2, 1, 0]);
      job = await jobs.upload(id, 'entities', {
        entities: [entity('e3'), entity('e4'), entity('e5')],
      });
      assert.deepEqual(counts(job), [5, 1, 0]);
      // Relationships may come before the entities they reference.
      job = await jobs.upload(id, 'relationships', {
        relationships: [relationship('r2', 'e5', 'e6'), relationship('r3', 'e6', 'e7')],
      });
      assert.deepEqual(counts(job), [5, 3, 0]);
      job = await jobs.upload(id, 'upload', { relationships: [relationship('r4', 'e1', 'e7')] });
      assert.deepEqual(counts(job), [5, 4, 0]);
      job = await jobs.upload(id, 'upload', {
        entities: [entity('e6'), entity('e7')],
        relationships: [],
      });
      assert.deepEqual(counts(job), [7, 4, 0]);
      assert.deepEqual(counts(await jobs.job(id)), [7, 4, 0]);
      assert.deepEqual(await stagedFiles(account.accountId, id), [
        'batch-<id>.json.gz',
        'batch-<id>.json.gz',
        'batch-<id>.json.gz',
        'batch-<id>.json.gz',
        'batch-<id>.json.gz',
      ]);
      // Nothing reaches the graph before finalize.
      assert.deepEqual(await scopeContents(account.accountId, 'batches'), {
        entities: [],
        relationships: [],
      });

      const done = await jobs.finalize(id);
      assert.deepEqual(
        [
          done.numEntitiesUploaded,
          done.numEntitiesCreated,
          done.numRelationshipsUploaded,
          done.numRelationshipsCreated,
          done.numRelationshipCreateErrors,
        ],
        [7, 7, 4, 4, 0],
      );
      const { entities, relationships } = await scopeContents(account.accountId, 'batches');
      assert.deepEqual(
        entities.map((e) => e._key),
        ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7'],
      );
      assert.deepEqual(
        relationships.map((r) => `${r._key}:${r.fromKey}->${r.toKey}`),
        ['r1:e1->e2', 'r2:e5->e6', 'r3:e6->e7', 'r4:e1->e7'],
      );
    });

    it('does not count, stage or apply twice a batch re-sent with the same JupiterOne-Correlation-Id', async () => {
      const { account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'retry' });
      const batch = {
        entities: [entity('e1', { v: 1 }), entity('e2', { v: 1 })],
        relationships: [relationship('r1', 'e1', 'e2', { v: 1 })],
      };
      const first = await jobs.upload(id, 'upload', batch, 'corr-1');
      assert.deepEqual([first.numEntitiesUploaded, first.numRelationshipsUploaded], [2, 1]);

      // The retry (not a duplicate-key 400) answers the job unchanged.
      const retry = await jobs.upload(id, 'upload', batch, 'corr-1');
      assert.deepEqual(retry, first);
      // The same content in another format (YAML) is the same batch: taken once.
      const yaml = await request(jobs.app)
        .post(`${JOBS}/${id}/upload`)
        .set(jobs.headers)
        .set('JupiterOne-Correlation-Id', 'corr-1')
        .set('Content-Type', 'application/yaml')
        .send(JSON.stringify(batch));
      assert.equal(yaml.status, 200, yaml.text);
      assert.deepEqual((yaml.body as { job: JobBody }).job, first);
      // Other content under a correlation id the job already took is refused, not dropped: the
      // client learns that this data was not stored. Another route is no way around it.
      const reused = (corr: string) =>
        `JupiterOne-Correlation-Id '${corr}' was already used for another batch of sync job '${id}' with different content; this batch was not stored. Send new data under a new correlation id`;
      assertError(
        await jobs.post(
          id,
          'upload',
          {
            entities: [entity('e1', { v: 2 }), entity('e9', { v: 2 })],
            relationships: [relationship('r1', 'e1', 'e2', { v: 2 })],
          },
          { headers: { 'JupiterOne-Correlation-Id': 'corr-1' } },
        ),
        409,
        'CORRELATION_ID_REUSED',
        reused('corr-1'),
      );
      assertError(
        await jobs.post(
          id,
          'entities',
          { entities: [entity('e8')] },
          { headers: { 'JupiterOne-Correlation-Id': 'corr-1' } },
        ),
        409,
        'CORRELATION_ID_REUSED',
        reused('corr-1'),
      );
      assert.deepEqual(await jobs.job(id), first);
      assert.deepEqual(await stagedFiles(account.accountId, id), ['batch-<id>.json.gz']);

      // Another correlation id is another batch; a rejected upload does not use up its id.
      const bad = await jobs.post(
        id,
        'upload',
        { entities: [entity('e3'), { _type: 't', _class: 'C' }] },
        { headers: { 'JupiterOne-Correlation-Id': 'corr-2' } },
      );
      assertError(bad, 400, 'VALIDATION_ERROR', '/entities/1/_key is required');
      const second = await jobs.upload(id, 'entities', { entities: [entity('e3')] }, 'corr-2');
      assert.deepEqual([second.numEntitiesUploaded, second.numRelationshipsUploaded], [3, 1]);
      assert.deepEqual(
        await jobs.upload(id, 'entities', { entities: [entity('e3')] }, 'corr-2'),
        second,
      );
      assert.deepEqual(await stagedFiles(account.accountId, id), [
        'batch-<id>.json.gz',
        'batch-<id>.json.gz',
      ]);

      const done = await jobs.finalize(id);
      assert.deepEqual(
        [
          done.numEntitiesUploaded,
          done.numEntitiesCreated,
          done.numEntitiesUpdated,
          done.numRelationshipsUploaded,
          done.numRelationshipsCreated,
          done.numRelationshipsUpdated,
        ],
        [3, 3, 0, 1, 1, 0],
      );
      const { entities, relationships } = await scopeContents(account.accountId, 'retry');
      assert.deepEqual(
        entities.map((e) => [e._key, e.v ?? null]),
        [
          ['e1', 1],
          ['e2', 1],
          ['e3', null],
        ],
      );
      assert.deepEqual(
        relationships.map((r) => [r._key, r.v]),
        [['r1', 1]],
      );
    });

    it('stages a batch once when its retries arrive at the same time', async () => {
      const { account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'race' });
      const batch = { entities: [entity('e1'), entity('e2'), entity('e3')] };
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map(() =>
          jobs.post(id, 'entities', batch, { headers: { 'JupiterOne-Correlation-Id': 'c' } }),
        ),
      );
      assert.deepEqual(
        results.map((res) => [res.status, (res.body as { job: JobBody }).job.numEntitiesUploaded]),
        [1, 2, 3, 4, 5].map(() => [200, 3]),
      );
      assert.deepEqual(await stagedFiles(account.accountId, id), ['batch-<id>.json.gz']);
      assert.equal((await jobs.finalize(id)).numEntitiesCreated, 3);
    });

    it('finalizes once when finalize requests race', async () => {
      const { account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'race-fin' });
      await jobs.upload(id, 'entities', { entities: [entity('e1'), entity('e2')] });
      const results = await Promise.all(Array.from({ length: 8 }, () => jobs.post(id, 'finalize')));
      const statuses = results.map((res) => res.status).sort();
      assert.deepEqual(
        statuses,
        [200, 409, 409, 409, 409, 409, 409, 409],
        results.map((res) => res.text).join('\n'),
      );
      const ok = results.find((res) => res.status === 200)!;
      const job = (ok.body as { job: JobBody }).job;
      assert.deepEqual([job.status, job.numEntitiesCreated], ['FINISHED', 2]);
      for (const conflict of results.filter((res) => res.status === 409)) {
        assert.equal(
          (conflict.body as { error: { code: string } }).error.code,
          'JOB_NOT_AWAITING_UPLOADS',
        );
      }
      assert.deepEqual(await jobs.job(id), job);
      assert.deepEqual(await liveEntityKeys(account.accountId, 'race-fin'), ['e1', 'e2']);
    });

    it('moves a job out of AWAITING_UPLOADS exactly once under concurrent transitions', async () => {
      // Through the job store: HTTP requests arrive too staggered to hit the window reliably.
      const { jobs: store } = await testSync();
      const { account, jobs } = await client();
      for (let round = 0; round < 3; round++) {
        const { id } = await jobs.start({ source: 'api', scope: 'race-store' });
        const ref = { accountId: account.accountId, jobId: id };
        const moves = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            store.transition(ref, {
              from: ['AWAITING_UPLOADS'],
              to: i % 2 === 0 ? 'FINALIZE_PENDING' : 'ABORTED',
              set: { abortReason: `mover ${i}` },
            }),
          ),
        );
        const winners = moves.filter((m) => m !== undefined);
        assert.equal(winners.length, 1, `round ${round}: ${winners.length} transitions won`);
        const after = await jobs.job(id);
        assert.deepEqual(
          [after.status, after.abortReason],
          [winners[0]!.status, winners[0]!.abortReason],
        );
      }
    });

    it('scopes correlation ids to their job', async () => {
      const { account, jobs } = await client();
      const a = await jobs.start({ source: 'api', scope: 'corr-a' });
      const b = await jobs.start({ source: 'api', scope: 'corr-b' });
      await jobs.upload(a.id, 'entities', { entities: [entity('a1')] }, 'same-id');
      const jobB = await jobs.upload(b.id, 'entities', { entities: [entity('b1')] }, 'same-id');
      assert.equal(jobB.numEntitiesUploaded, 1);
      assert.equal((await jobs.finalize(b.id)).numEntitiesCreated, 1);
      assert.deepEqual(await liveEntityKeys(account.accountId, 'corr-b'), ['b1']);
    });
  });
});
