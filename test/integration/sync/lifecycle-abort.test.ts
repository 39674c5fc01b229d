import assert from 'node:assert/strict';
import { forEachBlobStore } from '../../helpers/blob-stores';
import { AccountService } from '../../../src/accounts/account-service';
import { AuditService } from '../../../src/audit/audit-service';
import { inProcessDispatcher } from '../../../src/sync/finalize/finalize-dispatch';
import { reapStaleJobs } from '../../../src/sync/jobs/reaper';
import { SyncJobService } from '../../../src/sync/jobs/sync-job-service';
import { freshAccount, silentLogger, testApp, testGraph, testSync } from '../../helpers/harness';
import {
  assertError,
  bookkeeping,
  client,
  entity,
  Jobs,
  type JobBody,
  liveEntityKeys,
  notAwaiting,
  relationship,
  scopeContents,
  stagedFiles,
  stagingDirExists,
  ZERO_COUNTERS,
} from './lifecycle-helpers';

/**
 * The sync job lifecycle through HTTP on the real Neo4j (local mode: finalize answers FINISHED):
 * abort (its body, what it deletes and what it leaves) and the reaper that aborts stale jobs.
 */
forEachBlobStore('sync jobs: lifecycle (HTTP, real Neo4j)', () => {
  describe('abort', () => {
    it('reads reason and terminalStatus null as absent', async () => {
      const { jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'ab-null' });
      const res = await jobs.post(id, 'abort', { reason: null, terminalStatus: null });
      assert.equal(res.status, 200, res.text);
      const job = (res.body as { job: JobBody }).job;
      assert.equal(job.status, 'ABORTED');
      assert.equal(job.abortReason ?? null, null);
    });

    it('moves the job to ABORTED with its reason, deletes staged data and writes nothing', async () => {
      const { account, jobs } = await client();
      const { id, startTimestamp } = await jobs.start({ source: 'api', scope: 'ab' });
      await jobs.upload(id, 'upload', {
        entities: [entity('e1'), entity('e2')],
        relationships: [relationship('r1', 'e1', 'e2')],
      });
      await jobs.upload(id, 'entities', { entities: [entity('e3')] });
      assert.deepEqual(await stagedFiles(account.accountId, id), [
        'batch-<id>.json.gz',
        'batch-<id>.json.gz',
      ]);
      assert.deepEqual(await bookkeeping(account.accountId, id), {
        jobs: 1,
        batches: 2,
        stagedKeys: 4,
      });

      const before = Date.now();
      const res = await jobs.post(id, 'abort', {
        reason: "Step 'Fetch hosts' failed",
        terminalStatus: 'ABORTED',
      });
      const after = Date.now();
      assert.equal(res.status, 200, res.text);
      const job = (res.body as { job: JobBody }).job;
      const end = job.endTimestamp as number;
      assert.ok(end >= before && end <= after);
      assert.deepEqual(job, {
        id,
        accountId: account.accountId,
        source: 'api',
        scope: 'ab',
        syncMode: 'DIFF',
        status: 'ABORTED',
        done: true,
        startTimestamp,
        endTimestamp: end,
        ignoreDuplicates: false,
        abortReason: "Step 'Fetch hosts' failed",
        ...ZERO_COUNTERS,
        numEntitiesUploaded: 3,
        numRelationshipsUploaded: 1,
      });
      assert.deepEqual(await jobs.job(id), job);
      assert.equal(await stagingDirExists(account.accountId, id), false);
      assert.deepEqual(await bookkeeping(account.accountId, id), {
        jobs: 1,
        batches: 0,
        stagedKeys: 0,
      });
      assertError(
        await jobs.post(id, 'finalize'),
        409,
        'JOB_NOT_AWAITING_UPLOADS',
        notAwaiting(id, 'ABORTED'),
      );
      assert.deepEqual(await scopeContents(account.accountId, 'ab'), {
        entities: [],
        relationships: [],
      });
    });

    it('takes no body, or terminalStatus FAILED / ERROR, and rejects other statuses', async () => {
      const { jobs } = await client();
      const plain = await jobs.start({ source: 'api', scope: 'ab2' });
      const aborted = await jobs.post(plain.id, 'abort');
      assert.equal(aborted.status, 200, aborted.text);
      const abortedJob = (aborted.body as { job: JobBody }).job;
      assert.deepEqual(
        [abortedJob.status, abortedJob.done, 'abortReason' in abortedJob, 'error' in abortedJob],
        ['ABORTED', true, false, false],
      );

      const failed = await jobs.start({ source: 'api', scope: 'ab2' });
      const f = await jobs.post(failed.id, 'abort', {
        reason: 'bad data',
        terminalStatus: 'FAILED',
      });
      const fJob = (f.body as { job: JobBody }).job;
      assert.deepEqual(
        [fJob.status, fJob.done, fJob.abortReason, fJob.error],
        ['FAILED', true, 'bad data', 'bad data'],
      );

      const errored = await jobs.start({ source: 'api', scope: 'ab2' });
      const e = await jobs.post(errored.id, 'abort', { terminalStatus: 'ERROR' });
      const eJob = (e.body as { job: JobBody }).job;
      assert.deepEqual(
        [eJob.status, eJob.done, eJob.error],
        ['ERROR', true, 'Set to ERROR by the client'],
      );

      const other = await jobs.start({ source: 'api', scope: 'ab2' });
      assertError(
        await jobs.post(other.id, 'abort', { terminalStatus: 'FINISHED' }),
        400,
        'VALIDATION_ERROR',
        'terminalStatus must be one of ABORTED, FAILED, ERROR, ABORTED_DUE_TO_INVALID_CONFIGURATION, ERROR_BAD_DATA',
      );
      assert.equal((await jobs.job(other.id)).status, 'AWAITING_UPLOADS');
    });
  });

  describe('reaper', () => {
    it('aborts jobs older than the TTL with their staging, and leaves fresh jobs alone', async () => {
      // A clock far in the past, so that the tiny TTL reaches only this test's jobs, never the
      // real-time jobs of other tests sharing the database.
      const t0 = Date.UTC(2001, 0, 1);
      let clock = t0;
      const graph = await testGraph();
      const { finalizer, jobs: store, blobs } = await testSync();
      const service = new SyncJobService({
        graph,
        blobs,
        jobs: store,
        accounts: new AccountService({ graph }),
        dispatcher: inProcessDispatcher({ finalizer, logger: silentLogger, attempts: 1 }),
        forcing: { audit: new AuditService({ graph, retentionMs: 0 }), logger: silentLogger },
        now: () => clock,
      });
      const app = await testApp({ syncJobs: service });
      const account = await freshAccount();
      const jobs = new Jobs(app, account.headers);

      const stale = await jobs.start({ source: 'api', scope: 'reap' });
      await jobs.upload(stale.id, 'entities', { entities: [entity('e1'), entity('e2')] });
      clock = t0 + 5_000;
      const fresh = await jobs.start({ source: 'api', scope: 'reap-fresh' });
      await jobs.upload(fresh.id, 'entities', { entities: [entity('f1')] });
      assert.deepEqual(await stagedFiles(account.accountId, stale.id), ['batch-<id>.json.gz']);
      const freshBefore = await jobs.job(fresh.id);

      const reaped = await reapStaleJobs({
        jobs: store,
        service,
        ttlMs: 1_000,
        now: t0 + 5_000,
        logger: silentLogger,
      });
      assert.equal(reaped, 1);

      const job = await jobs.job(stale.id);
      assert.deepEqual(
        [job.status, job.done, job.abortReason, job.endTimestamp, job.numEntitiesUploaded],
        [
          'ABORTED',
          true,
          'Aborted by the service: no finalize within 1s of the start',
          t0 + 5_000,
          2,
        ],
      );
      assert.equal(await stagingDirExists(account.accountId, stale.id), false);
      assert.deepEqual(await bookkeeping(account.accountId, stale.id), {
        jobs: 2,
        batches: 0,
        stagedKeys: 0,
      });

      assert.deepEqual(await jobs.job(fresh.id), freshBefore);
      assert.deepEqual(await stagedFiles(account.accountId, fresh.id), ['batch-<id>.json.gz']);
      const finished = await jobs.finalize(fresh.id);
      assert.deepEqual([finished.status, finished.numEntitiesCreated], ['FINISHED', 1]);
      assert.deepEqual(await liveEntityKeys(account.accountId, 'reap'), []);
      assert.deepEqual(await liveEntityKeys(account.accountId, 'reap-fresh'), ['f1']);

      // A second pass finds nothing more to do.
      assert.equal(
        await reapStaleJobs({
          jobs: store,
          service,
          ttlMs: 1_000,
          now: t0 + 5_000,
          logger: silentLogger,
        }),
        0,
      );
    });
  });
});
