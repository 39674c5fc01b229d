import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AccountService, type AccountFeature } from '../../../src/accounts/account-service';
import { FsBlobStore } from '../../../src/blob/fs-blob-store';
import { inProcessDispatcher } from '../../../src/sync/finalize/finalize-dispatch';
import { reapStaleJobs } from '../../../src/sync/jobs/reaper';
import { SyncJobService } from '../../../src/sync/jobs/sync-job-service';
import {
  freshAccount,
  silentLogger,
  testApp,
  testBlobDir,
  testGraph,
  testSync,
} from '../../helpers/harness';
import {
  assertError,
  bookkeeping,
  entity,
  JOBS,
  Jobs,
  type JobBody,
  liveEntityKeys,
  relationship,
  scopeContents,
  sharedApp,
  stagedFiles,
  stagingDirExists,
  UUID,
  ZERO_COUNTERS,
} from './lifecycle-helpers';

/**
 * The sync job lifecycle through HTTP on the real Neo4j (local mode: finalize answers FINISHED):
 * start rules, the job resource at each step, uploads and their counters, correlation ids, 404s,
 * 409s, abort, events, finalize bodies and the reaper of stale jobs.
 */

async function client(features: AccountFeature[] = []) {
  const app = await sharedApp();
  const account = await freshAccount(features);
  return { app, account, jobs: new Jobs(app, account.headers) };
}

function notAwaiting(id: string, status: string): string {
  return `Sync job '${id}' is ${status}: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort`;
}

describe('sync jobs: lifecycle (HTTP, real Neo4j)', () => {
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

  describe('the job resource through a whole lifecycle', () => {
    it('has exact fields, counters and timestamps after start, upload, GET and finalize', async () => {
      const { account, jobs } = await client();
      const started = await jobs.start({ source: 'api', scope: 'life' });
      const base = {
        id: started.id,
        accountId: account.accountId,
        source: 'api',
        scope: 'life',
        syncMode: 'DIFF',
        startTimestamp: started.startTimestamp,
        ignoreDuplicates: false,
      };
      const uploaded = await jobs.upload(started.id, 'upload', {
        entities: [entity('h1', { name: 'one' }), entity('h2'), entity('h3')],
        relationships: [relationship('h1|h2', 'h1', 'h2'), relationship('h2|h3', 'h2', 'h3')],
      });
      assert.deepEqual(uploaded, {
        ...base,
        status: 'AWAITING_UPLOADS',
        done: false,
        ...ZERO_COUNTERS,
        numEntitiesUploaded: 3,
        numRelationshipsUploaded: 2,
      });
      assert.deepEqual(await jobs.job(started.id), uploaded);

      const beforeFinalize = Date.now();
      const finished = await jobs.finalize(started.id);
      const afterFinalize = Date.now();
      const end = finished.endTimestamp as number;
      assert.ok(end >= beforeFinalize && end <= afterFinalize, `endTimestamp ${end}`);
      assert.ok(end >= (started.startTimestamp as number));
      assert.deepEqual(finished, {
        ...base,
        status: 'FINISHED',
        done: true,
        endTimestamp: end,
        partialDatasetTypes: [],
        ...ZERO_COUNTERS,
        numEntitiesUploaded: 3,
        numRelationshipsUploaded: 2,
        numEntitiesCreated: 3,
        numRelationshipsCreated: 2,
      });
      assert.deepEqual(await jobs.job(started.id), finished);

      const { entities, relationships } = await scopeContents(account.accountId, 'life');
      assert.deepEqual(
        entities.map((e) => [e._key, e.name ?? null]),
        [
          ['h1', 'one'],
          ['h2', null],
          ['h3', null],
        ],
      );
      assert.deepEqual(
        relationships.map((r) => [r._key, r.type, r.fromKey, r.toKey]),
        [
          ['h1|h2', 'USES', 'h1', 'h2'],
          ['h2|h3', 'USES', 'h2', 'h3'],
        ],
      );
      // Finalize cleans up what was staged.
      assert.equal(stagingDirExists(account.accountId, started.id), false);
      assert.deepEqual(await bookkeeping(account.accountId, started.id), {
        jobs: 1,
        batches: 0,
        stagedKeys: 0,
      });
    });

    it('answers 404 for an unknown job on every job route', async () => {
      const { jobs } = await client();
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const message = `Sync job '${id}' not found`;
        assertError(await jobs.get(id), 404, 'NOT_FOUND', message);
        for (const [route, body] of [
          ['upload', { entities: [entity('h1')] }],
          ['entities', { entities: [entity('h1')] }],
          ['relationships', { relationships: [relationship('r', 'a', 'b')] }],
          ['finalize', undefined],
          ['abort', {}],
          ['events', { events: [{ name: 'n', description: 'd' }] }],
        ] as const) {
          assertError(await jobs.post(id, route, body), 404, 'NOT_FOUND', message);
        }
        const events = await request(jobs.app).get(`${JOBS}/${id}/events`).set(jobs.headers);
        assertError(events, 404, 'NOT_FOUND', message);
      }
    });

    it("answers 404 for another account's job and leaves that job untouched", async () => {
      const owner = await client();
      const job = await owner.jobs.start({ source: 'api', scope: 'mine' });
      await owner.jobs.upload(job.id, 'upload', { entities: [entity('h1')] });
      const before = await owner.jobs.job(job.id);

      const other = await freshAccount();
      const intruder = new Jobs(owner.app, other.headers);
      const message = `Sync job '${job.id}' not found`;
      assertError(await intruder.get(job.id), 404, 'NOT_FOUND', message);
      for (const [route, body] of [
        ['upload', { entities: [entity('x1')] }],
        ['entities', { entities: [entity('x2')] }],
        ['relationships', { relationships: [relationship('r', 'h1', 'x1')] }],
        ['finalize', {}],
        ['abort', { reason: 'not yours' }],
        ['events', { events: [{ name: 'n', description: 'd' }] }],
      ] as const) {
        assertError(await intruder.post(job.id, route, body), 404, 'NOT_FOUND', message);
      }
      const events = await request(owner.app).get(`${JOBS}/${job.id}/events`).set(other.headers);
      assertError(events, 404, 'NOT_FOUND', message);

      assert.deepEqual(await owner.jobs.job(job.id), before);
      const ownEvents = await request(owner.app)
        .get(`${JOBS}/${job.id}/events`)
        .set(owner.account.headers);
      assert.deepEqual(ownEvents.body, { events: [] });
      assert.deepEqual(stagedFiles(owner.account.accountId, job.id), ['000001.json.gz']);
    });
  });

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
      assert.deepEqual(stagedFiles(account.accountId, id), [
        '000001.json.gz',
        '000002.json.gz',
        '000003.json.gz',
        '000004.json.gz',
        '000005.json.gz',
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
      assert.deepEqual(stagedFiles(account.accountId, id), ['000001.json.gz']);

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
      assert.deepEqual(stagedFiles(account.accountId, id), ['000001.json.gz', '000002.json.gz']);

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
      assert.deepEqual(stagedFiles(account.accountId, id), ['000001.json.gz']);
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

  describe('409 on a job that no longer awaits uploads', () => {
    for (const terminal of ['FINISHED', 'ABORTED'] as const) {
      it(`rejects upload, /entities, /relationships, finalize and abort on a ${terminal} job`, async () => {
        const { account, jobs } = await client();
        const { id } = await jobs.start({ source: 'api', scope: 'closed' });
        await jobs.upload(id, 'upload', { entities: [entity('e1')] });
        if (terminal === 'FINISHED') await jobs.finalize(id);
        else assert.equal((await jobs.post(id, 'abort', {})).status, 200);
        const before = await jobs.job(id);
        assert.equal(before.status, terminal);

        const message = notAwaiting(id, terminal);
        for (const [route, body] of [
          ['upload', { entities: [entity('e2')] }],
          // Even an invalid upload: the SDK stops retrying on 409.
          ['upload', { entities: [{ _type: 'no_key', _class: 'C' }] }],
          ['entities', { entities: [entity('e3')] }],
          ['relationships', { relationships: [relationship('r1', 'e1', 'e2')] }],
          ['finalize', undefined],
          ['finalize', {}],
          ['abort', { reason: 'too late' }],
          ['abort', undefined],
        ] as const) {
          const res = await jobs.post(id, route, body);
          assertError(res, 409, 'JOB_NOT_AWAITING_UPLOADS', message);
        }
        assert.deepEqual(await jobs.job(id), before);
        assert.deepEqual(stagedFiles(account.accountId, id), []);
        assert.deepEqual(
          await liveEntityKeys(account.accountId, 'closed'),
          terminal === 'FINISHED' ? ['e1'] : [],
        );
      });
    }
  });

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
      assert.deepEqual(stagedFiles(account.accountId, id), ['000001.json.gz', '000002.json.gz']);
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
      assert.equal(stagingDirExists(account.accountId, id), false);
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

  describe('events', () => {
    it('stores events (in any status) and lists them oldest first, in the order given', async () => {
      const { app, account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'ev' });
      const list = async () => request(app).get(`${JOBS}/${id}/events`).set(account.headers);
      assert.deepEqual((await list()).body, { events: [] });

      const names = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
      const before = Date.now();
      const added = await jobs.post(id, 'events', {
        events: names.map((name) => ({ name, description: `Step ${name}` })),
      });
      const after = Date.now();
      assert.equal(added.status, 200, added.text);
      const events = (added.body as { events: Array<Record<string, unknown>> }).events;
      assert.deepEqual(
        events.map((e) => Object.keys(e).sort()),
        names.map(() => ['createDate', 'description', 'id', 'name']),
      );
      for (const e of events) {
        assert.match(e.id as string, UUID);
        assert.ok((e.createDate as number) >= before && (e.createDate as number) <= after);
      }
      assert.deepEqual(
        events.map((e) => [e.name, e.description]),
        names.map((n) => [n, `Step ${n}`]),
      );
      assert.deepEqual((await list()).body, { events });

      await jobs.finalize(id);
      const late = await jobs.post(id, 'events', {
        events: [{ name: 'after_finalize', description: 'still accepted' }],
      });
      assert.equal(late.status, 200, late.text);
      const all = (await list()).body as { events: Array<{ name: string }> };
      assert.deepEqual(
        all.events.map((e) => e.name),
        [...names, 'after_finalize'],
      );
    });

    it('rejects an empty events list and an event without a name', async () => {
      const { jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'ev' });
      assertError(
        await jobs.post(id, 'events', { events: [] }),
        400,
        'VALIDATION_ERROR',
        'events must have minimum 1 item',
      );
      assertError(
        await jobs.post(id, 'events', { events: [{ name: '', description: 'd' }] }),
        400,
        'VALIDATION_ERROR',
        '/events/0/name is required',
      );
      const many = Array.from({ length: 101 }, (_, i) => ({ name: `e${i}` }));
      assertError(
        await jobs.post(id, 'events', { events: many }),
        400,
        'VALIDATION_ERROR',
        'events must have at most 100 items',
      );
      assertError(
        await jobs.post(id, 'events', { events: [{ name: 'x', description: 5 }] }),
        400,
        'VALIDATION_ERROR',
        '/events/0/description must be a string',
      );
    });

    it('takes an event without a description, or with description null, as the contract says', async () => {
      const { app, account, jobs } = await client();
      const { id } = await jobs.start({ source: 'api', scope: 'ev-nodesc' });
      const added = await jobs.post(id, 'events', {
        events: [
          { name: 'a' },
          { name: 'b', description: null },
          ...Array.from({ length: 98 }, () => ({ name: 'c' })),
        ],
      });
      assert.equal(added.status, 200, added.text);
      const listed = await request(app).get(`${JOBS}/${id}/events`).set(account.headers);
      const events = (listed.body as { events: Array<{ name: string; description: string }> })
        .events;
      assert.equal(events.length, 100);
      assert.deepEqual(
        events.slice(0, 2).map((e) => [e.name, e.description]),
        [
          ['a', ''],
          ['b', ''],
        ],
      );
    });
  });

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

  describe('reaper', () => {
    it('aborts jobs older than the TTL with their staging, and leaves fresh jobs alone', async () => {
      // A clock far in the past, so that the tiny TTL reaches only this test's jobs, never the
      // real-time jobs of other tests sharing the database.
      const t0 = Date.UTC(2001, 0, 1);
      let clock = t0;
      const graph = await testGraph();
      const { finalizer, jobs: store } = await testSync();
      const service = new SyncJobService({
        graph,
        blobs: new FsBlobStore(testBlobDir),
        jobs: store,
        accounts: new AccountService({ graph }),
        dispatcher: inProcessDispatcher({ finalizer, logger: silentLogger, attempts: 1 }),
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
      assert.deepEqual(stagedFiles(account.accountId, stale.id), ['000001.json.gz']);
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
      assert.equal(stagingDirExists(account.accountId, stale.id), false);
      assert.deepEqual(await bookkeeping(account.accountId, stale.id), {
        jobs: 2,
        batches: 0,
        stagedKeys: 0,
      });

      assert.deepEqual(await jobs.job(fresh.id), freshBefore);
      assert.deepEqual(stagedFiles(account.accountId, fresh.id), ['000001.json.gz']);
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
