import assert from 'node:assert/strict';
import { type AccountFeature } from '../../../src/accounts/account-service';
import {
  assertError,
  bookkeeping,
  client,
  type JobBody,
  UUID,
  ZERO_COUNTERS,
} from './lifecycle-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * The sync job lifecycle through HTTP on the real Neo4j (local mode: finalize answers FINISHED):
 * the start rules: what a start body may hold, per source and sync mode, and the job it starts.
 */
forEachBlobStore('sync jobs: lifecycle (HTTP, real Neo4j)', () => {
  describe('start rules', () => {
    const rejected: Array<{ body: unknown; features?: AccountFeature[]; message: string }> = [
      {
        body: { source: 'api' },
        message: 'scope is required when syncMode is DIFF and source is api',
      },
      {
        body: { source: 'api', scope: null, syncMode: 'DIFF' },
        message: 'scope is required when syncMode is DIFF and source is api',
      },
      {
        body: { source: 'api', syncMode: null },
        message: 'scope is required when syncMode is DIFF and source is api',
      },
      {
        body: { source: 'integration-external', integrationInstanceId: 'inst-1', scope: 's' },
        message: 'scope can only be used when source is api or system-internal',
      },
      {
        body: { source: 'integration-managed', scope: 's' },
        message: 'scope can only be used when source is api or system-internal',
      },
      {
        body: { source: 'integration-external' },
        message: 'integrationInstanceId is required when source is integration-external',
      },
      {
        body: { source: 'integration-external', integrationInstanceId: null, syncMode: 'PATCH' },
        message: 'integrationInstanceId is required when source is integration-external',
      },
      {
        body: { source: 'integration-external', integrationInstanceId: 'inst-1', syncMode: 'PUT' },
        message: 'PUT sync mode is not enabled for this account',
      },
      {
        body: { source: 'api', scope: 's', syncMode: 'PUT' },
        features: ['OVERRIDE'],
        message: 'PUT sync mode is not enabled for this account',
      },
      {
        body: { source: 'api', scope: 's', syncMode: 'OVERRIDE' },
        features: ['PUT'],
        message: 'OVERRIDE sync mode is not enabled for this account',
      },
      {
        body: { source: 'api', scope: 's', syncMode: 'CREATE_OR_UPDATE' },
        features: ['PUT', 'OVERRIDE'],
        message: 'CREATE_OR_UPDATE sync mode is deprecated and no longer functions',
      },
      {
        body: { source: 'integration-managed', syncMode: 'CREATE_OR_UPDATE' },
        message: 'CREATE_OR_UPDATE sync mode is deprecated and no longer functions',
      },
      { body: {}, message: 'source is required' },
      { body: { source: null, scope: 's' }, message: 'source is required' },
      {
        body: { source: 'web', scope: 's' },
        message:
          'source must be one of api, integration-external, integration-managed, system-internal',
      },
      {
        body: { source: 'api', scope: 's', syncMode: 'diff' },
        message: 'syncMode must be one of DIFF, PATCH, PUT, CROSS_SCOPE, OVERRIDE',
      },
      { body: { source: 'api', scope: '' }, message: 'scope must not be empty' },
    ];

    for (const { body, features, message } of rejected) {
      it(`400 '${message}' for ${JSON.stringify(body)}${features ? ` (features ${features.join(',')})` : ''}`, async () => {
        const { account, jobs } = await client(features);
        const res = await jobs.startRaw(body);
        assertError(res, 400, 'VALIDATION_ERROR', message);
        assert.equal((await bookkeeping(account.accountId, 'none')).jobs, 0, 'no job created');
      });
    }

    it('defaults syncMode to DIFF and shows exactly the fields of a fresh api job', async () => {
      const { account, jobs } = await client();
      const before = Date.now();
      const res = await jobs.startRaw({ source: 'api', scope: 'scope-a' });
      const after = Date.now();
      assert.equal(res.status, 200, res.text);
      const job = (res.body as { job: JobBody }).job;
      assert.match(job.id, UUID);
      assert.ok(
        (job.startTimestamp as number) >= before && (job.startTimestamp as number) <= after,
      );
      assert.deepEqual(job, {
        id: job.id,
        accountId: account.accountId,
        source: 'api',
        scope: 'scope-a',
        syncMode: 'DIFF',
        status: 'AWAITING_UPLOADS',
        done: false,
        startTimestamp: job.startTimestamp,
        ignoreDuplicates: false,
        ...ZERO_COUNTERS,
      });
      assert.deepEqual(await jobs.job(job.id), job);
    });

    it('treats null fields as absent', async () => {
      const { account, jobs } = await client();
      const job = await jobs.start({
        source: 'api',
        scope: 'scope-a',
        syncMode: null,
        integrationInstanceId: null,
        integrationJobId: null,
        ignoreDuplicates: null,
      });
      assert.deepEqual(job, {
        id: job.id,
        accountId: account.accountId,
        source: 'api',
        scope: 'scope-a',
        syncMode: 'DIFF',
        status: 'AWAITING_UPLOADS',
        done: false,
        startTimestamp: job.startTimestamp,
        ignoreDuplicates: false,
        ...ZERO_COUNTERS,
      });
    });

    it('keeps integrationInstanceId and integrationJobId of an integration-external job', async () => {
      const { account, jobs } = await client();
      const job = await jobs.start({
        source: 'integration-external',
        integrationInstanceId: 'inst-1',
        integrationJobId: 'run-7',
        scope: null,
      });
      assert.deepEqual(job, {
        id: job.id,
        accountId: account.accountId,
        source: 'integration-external',
        syncMode: 'DIFF',
        status: 'AWAITING_UPLOADS',
        done: false,
        startTimestamp: job.startTimestamp,
        ignoreDuplicates: false,
        integrationInstanceId: 'inst-1',
        integrationJobId: 'run-7',
        ...ZERO_COUNTERS,
      });
      const generated = await jobs.start({
        source: 'integration-external',
        integrationInstanceId: 'inst-1',
      });
      assert.match(generated.integrationJobId as string, UUID);
    });

    it('starts PUT jobs for accounts with PUT enabled, from integration and api sources', async () => {
      const { jobs } = await client(['PUT']);
      const external = await jobs.start({
        source: 'integration-external',
        integrationInstanceId: 'inst-1',
        syncMode: 'PUT',
      });
      assert.deepEqual([external.syncMode, external.status], ['PUT', 'AWAITING_UPLOADS']);
      const managed = await jobs.start({ source: 'integration-managed', syncMode: 'PUT' });
      assert.deepEqual([managed.syncMode, managed.scope], ['PUT', undefined]);
      const api = await jobs.start({ source: 'api', scope: 's', syncMode: 'PUT' });
      assert.deepEqual([api.syncMode, api.scope], ['PUT', 's']);
    });

    it('allows PATCH without a scope, DIFF without a scope for non-api sources, and ignoreDuplicates', async () => {
      const { jobs } = await client();
      const patch = await jobs.start({ source: 'api', syncMode: 'PATCH' });
      assert.deepEqual([patch.syncMode, patch.scope], ['PATCH', undefined]);
      const internal = await jobs.start({ source: 'system-internal' });
      assert.deepEqual([internal.syncMode, internal.source], ['DIFF', 'system-internal']);
      const managed = await jobs.start({ source: 'integration-managed', syncMode: 'DIFF' });
      assert.equal(managed.syncMode, 'DIFF');
      const dup = await jobs.start({ source: 'api', scope: 's', ignoreDuplicates: true });
      assert.equal(dup.ignoreDuplicates, true);
    });
  });
});
