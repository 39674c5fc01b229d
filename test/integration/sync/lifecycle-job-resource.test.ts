import assert from 'node:assert/strict';
import { forEachBlobStore } from '../../helpers/blob-stores';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { freshAccount } from '../../helpers/harness';
import {
  assertError,
  bookkeeping,
  client,
  entity,
  JOBS,
  Jobs,
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
 * the job resource at each step, 404 for an unknown job or another account's, and 409 on every
 * route of a job that no longer awaits uploads.
 */
forEachBlobStore('sync jobs: lifecycle (HTTP, real Neo4j)', () => {
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
      assert.equal(await stagingDirExists(account.accountId, started.id), false);
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
      assert.deepEqual(await stagedFiles(owner.account.accountId, job.id), ['batch-<id>.json.gz']);
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
        assert.deepEqual(await stagedFiles(account.accountId, id), []);
        assert.deepEqual(
          await liveEntityKeys(account.accountId, 'closed'),
          terminal === 'FINISHED' ? ['e1'] : [],
        );
      });
    }
  });
});
