import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { reapStaleJobs } from '../../../src/sync/jobs/reaper';
import { freshAccount, silentLogger, testApp, testGraph, testSync } from '../../helpers/harness';
import { bookkeeping, stagedFiles } from './lifecycle-helpers';
import { expectCounters, liveKeys, rel, scopeContents } from './semantics-helpers';
import { hosts, metric, SafeSyncClient } from './safe-sync-helpers';

const STOPPED = 'graphsync_sync_delete_guard_total{outcome="stopped"}';
const FORCED = 'graphsync_sync_delete_guard_total{outcome="forced"}';

/**
 * The delete guard on the real stack (HTTP, Neo4j): off by default; set per account or per job;
 * a DIFF over the limit ends FAILED with the numbers, writes nothing and keeps its staged data;
 * `?allowDeletes=true` forces it; counted in the metrics and recorded in the audit trail.
 */
describe('delete guard (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function client() {
    const a = await freshAccount();
    return { c: new SafeSyncClient(app, a.headers), accountId: a.accountId, keyId: a.keyId };
  }

  /** Relationships r0..r(n-1), each from h(i) to h(i+1). */
  const chain = (n: number) =>
    Array.from({ length: n }, (_, i) => rel(`r${i}`, `h${i}`, `h${i + 1}`));

  /** A scope of 10 hosts and 9 relationships between them, by a first DIFF. */
  async function seeded(c: SafeSyncClient, scope = 's') {
    expectCounters(await c.diff(scope, hosts(10), chain(9)), {
      numEntitiesCreated: 10,
      numRelationshipsCreated: 9,
    });
  }

  it('is off by default: an empty DIFF deletes the whole scope, as the spec says', async () => {
    const { c, accountId } = await client();
    await seeded(c);
    const guard = await request(app).get('/account/delete-guard').set(c.auth);
    assert.deepEqual(
      { status: guard.status, body: guard.body },
      {
        status: 200,
        body: { deleteGuard: { percent: null } },
      },
    );
    const job = await c.start({ source: 'api', scope: 's', syncMode: 'DIFF' });
    const done = await c.finalize(job.id);
    expectCounters(done, { numEntitiesDeleted: 10, numRelationshipsDeleted: 9 });
    assert.equal(done.deleteGuard, undefined);
    assert.deepEqual(liveKeys((await scopeContents(accountId, 's')).entities), []);
  });

  it('an account admin sets it (0 to 100, null turns it off), audited', async () => {
    const { c, accountId } = await client();
    const set = await c.setGuard(20);
    assert.deepEqual(
      { status: set.status, body: set.body },
      {
        status: 200,
        body: { deleteGuard: { percent: 20 } },
      },
    );
    const read = await request(app).get('/account/delete-guard').set(c.auth);
    assert.deepEqual(read.body, { deleteGuard: { percent: 20 } });
    const bad = await c.setGuard(101);
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    const off = await c.setGuard(null);
    assert.deepEqual(off.body, { deleteGuard: { percent: null } });
    const audit = await request(app).get('/audit-events').set(c.auth);
    const events = (audit.body as { events: Array<Record<string, unknown>> }).events.filter(
      (e) => e.operation === 'setAccountDeleteGuard',
    );
    assert.deepEqual(
      events.map((e) => [e.target, e.summary]),
      [
        [
          { type: 'account', id: accountId },
          { deleteGuardPercent: null, fields: ['percent'] },
        ],
        [
          { type: 'account', id: accountId },
          { deleteGuardPercent: 20, fields: ['percent'] },
        ],
      ],
    );
  });

  it('stops an EMPTY DIFF upload: FAILED with the numbers, nothing changed', async () => {
    const { c, accountId } = await client();
    await seeded(c);
    assert.equal((await c.setGuard(20)).status, 200);
    const stoppedBefore = await metric(app, STOPPED);
    const job = await c.start({ source: 'api', scope: 's', syncMode: 'DIFF' });
    const res = await c.finalizeRaw(job.id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const failed = (res.body as { job: Record<string, unknown> }).job;
    assert.equal(failed.status, 'FAILED');
    assert.equal(
      failed.error,
      "DIFF would delete 10 of 10 live entities (100%) and 9 of 9 live relationships (100%) in scope 's', above the delete guard of 20%; nothing was changed. Finalize again with ?allowDeletes=true to apply it",
    );
    assert.deepEqual(failed.deleteGuard, {
      state: 'stopped',
      percent: 20,
      entities: { live: 10, deletes: 10 },
      relationships: { live: 9, deletes: 9 },
    });
    assert.equal(failed.numEntitiesDeleted, 0);
    assert.equal(failed.numRelationshipsDeleted, 0);
    const g = await scopeContents(accountId, 's');
    assert.equal(liveKeys(g.entities).length, 10);
    assert.equal(liveKeys(g.relationships).length, 9);
    assert.equal(await metric(app, STOPPED), stoppedBefore + 1);
  });

  it('keeps the staged data of a stopped job; allowDeletes forces it, counted and audited', async () => {
    const { c, accountId, keyId } = await client();
    await seeded(c);
    await c.setGuard(50);
    const forcedBefore = await metric(app, FORCED);
    // h0, h1 and r0 (h0 -> h1) stay; r1 (h1 -> h2) goes with h2.
    const job = await c.staged({ source: 'api', scope: 's', syncMode: 'DIFF' }, hosts(2), chain(1));
    const failed = (await c.finalizeRaw(job.id)).body.job as Record<string, unknown>;
    assert.equal(failed.status, 'FAILED');
    assert.equal(
      failed.error,
      "DIFF would delete 8 of 10 live entities (80%) and 8 of 9 live relationships (88.9%) in scope 's', above the delete guard of 50%; nothing was changed. Finalize again with ?allowDeletes=true to apply it",
    );
    assert.deepEqual(await bookkeeping(accountId, job.id), { jobs: 2, batches: 1, stagedKeys: 3 });

    const forced = await c.finalizeRaw(job.id, '?allowDeletes=true');
    assert.equal(forced.status, 200, JSON.stringify(forced.body));
    const done = forced.body.job as Record<string, unknown> & { id: string; status: string };
    expectCounters(done, {
      numEntitiesDeleted: 8,
      numRelationshipsDeleted: 8,
    });
    assert.equal(done.error, undefined);
    assert.deepEqual(done.deleteGuard, {
      state: 'forced',
      percent: 50,
      entities: { live: 10, deletes: 8 },
      relationships: { live: 9, deletes: 8 },
    });
    assert.deepEqual(liveKeys((await scopeContents(accountId, 's')).entities), ['h0', 'h1']);
    assert.equal(await metric(app, FORCED), forcedBefore + 1);

    const audit = await request(app).get('/audit-events').set(c.auth);
    const events = (audit.body as { events: Array<Record<string, unknown>> }).events.filter(
      (e) => (e.target as { type: string }).type === 'syncJob',
    );
    const numbers = {
      scope: 's',
      percent: 50,
      liveEntities: 10,
      entitiesToDelete: 8,
      liveRelationships: 9,
      relationshipsToDelete: 8,
    };
    assert.deepEqual(
      events.map((e) => ({ actor: e.actor, target: e.target, summary: e.summary })),
      [
        {
          actor: { type: 'apiKey', keyId, keyName: 'test' },
          target: { type: 'syncJob', id: job.id },
          summary: { deleteGuard: 'forced', ...numbers },
        },
        {
          actor: { type: 'service', keyId: null, keyName: null },
          target: { type: 'syncJob', id: job.id },
          summary: { deleteGuard: 'stopped', ...numbers },
        },
      ],
    );
  });

  it('lets through a DIFF at or under the limit, and the job option overrides the account', async () => {
    const { c, accountId } = await client();
    await seeded(c);
    await c.setGuard(20);
    // 2 of 10 entities (20%), 2 of 9 relationships (22.2%) would go: the relationships stop it.
    const over = await c.staged(
      { source: 'api', scope: 's', syncMode: 'DIFF' },
      hosts(8),
      chain(7),
    );
    const stopped = (await c.finalizeRaw(over.id)).body.job as Record<string, unknown>;
    assert.equal(stopped.status, 'FAILED');
    assert.equal(
      stopped.error,
      "DIFF would delete 2 of 9 live relationships (22.2%) in scope 's', above the delete guard of 20%; nothing was changed. Finalize again with ?allowDeletes=true to apply it",
    );
    // The same DIFF with the job's own limit of 25%: applied.
    const own = await c.staged(
      { source: 'api', scope: 's', syncMode: 'DIFF', deleteGuardPercent: 25 },
      hosts(8),
      chain(7),
    );
    assert.equal(own.deleteGuardPercent, 25);
    const done = await c.finalize(own.id);
    expectCounters(done, { numEntitiesDeleted: 2, numRelationshipsDeleted: 2 });
    assert.equal(done.deleteGuard, undefined);
    assert.equal(liveKeys((await scopeContents(accountId, 's')).entities).length, 8);
  });

  it('a job limit guards an account without one; 100 turns the account guard off for a job', async () => {
    const { c } = await client();
    await seeded(c, 'a');
    await seeded(c, 'b');
    const guarded = await c.start({
      source: 'api',
      scope: 'a',
      syncMode: 'DIFF',
      deleteGuardPercent: 0,
    });
    assert.equal((await c.finalizeRaw(guarded.id)).body.job.status, 'FAILED');
    await c.setGuard(10);
    const open = await c.start({
      source: 'api',
      scope: 'b',
      syncMode: 'DIFF',
      deleteGuardPercent: 100,
    });
    expectCounters(await c.finalize(open.id), {
      numEntitiesDeleted: 10,
      numRelationshipsDeleted: 9,
    });
    const bad = await request(app)
      .post('/persister/synchronization/jobs')
      .set(c.auth)
      .send({ source: 'api', scope: 'b', deleteGuardPercent: -1 });
    assert.deepEqual(bad.body, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'deleteGuardPercent must be a number from 0 to 100',
      },
    });
  });

  it('allowDeletes on a job FAILED otherwise is 409; on a job awaiting uploads it skips the guard', async () => {
    const { c } = await client();
    await seeded(c);
    await c.setGuard(0);
    const aborted = await c.start({ source: 'api', scope: 's', syncMode: 'DIFF' });
    await request(app)
      .post(`/persister/synchronization/jobs/${aborted.id}/abort`)
      .set(c.auth)
      .send({ terminalStatus: 'FAILED', reason: 'upstream broke' });
    const refused = await c.finalizeRaw(aborted.id, '?allowDeletes=true');
    assert.deepEqual(
      { status: refused.status, body: refused.body },
      {
        status: 409,
        body: {
          error: {
            code: 'JOB_NOT_STOPPED_BY_DELETE_GUARD',
            message: `Sync job '${aborted.id}' cannot be finalized with allowDeletes: it is FAILED and was not stopped by the delete guard`,
          },
        },
      },
    );
    const direct = await c.start({ source: 'api', scope: 's', syncMode: 'DIFF' });
    const res = await c.finalizeRaw(direct.id, '?allowDeletes=true');
    expectCounters(res.body.job, { numEntitiesDeleted: 10, numRelationshipsDeleted: 9 });
  });

  it("the reaper removes a stopped job's staged data one job TTL after the stop", async () => {
    const { c, accountId } = await client();
    await seeded(c);
    await c.setGuard(10);
    const job = await c.staged({ source: 'api', scope: 's', syncMode: 'DIFF' }, hosts(1));
    assert.equal((await c.finalizeRaw(job.id)).body.job.status, 'FAILED');
    assert.deepEqual(await stagedFiles(accountId, job.id), ['batch-<id>.json.gz']);
    // Stopped long ago (a clock in the past reaches only this job, not other tests' jobs).
    const t0 = Date.UTC(2001, 0, 1);
    const graph = await testGraph();
    await graph.write('sync/update-job', { accountId, jobId: job.id, set: { endTimestamp: t0 } });
    const sync = await testSync();
    const reaped = await reapStaleJobs({
      jobs: sync.jobs,
      service: sync.service,
      ttlMs: 1_000,
      now: t0 + 5_000,
      logger: silentLogger,
    });
    assert.equal(reaped, 1);
    const expired = await c.get(job.id);
    assert.equal(expired.status, 'FAILED');
    assert.equal((expired.deleteGuard as { state: string }).state, 'expired');
    assert.deepEqual(await stagedFiles(accountId, job.id), []);
    assert.deepEqual(await bookkeeping(accountId, job.id), { jobs: 2, batches: 0, stagedKeys: 0 });
    const refused = await c.finalizeRaw(job.id, '?allowDeletes=true');
    assert.deepEqual(
      { status: refused.status, body: refused.body },
      {
        status: 409,
        body: {
          error: {
            code: 'JOB_NOT_STOPPED_BY_DELETE_GUARD',
            message: `Sync job '${job.id}' cannot be finalized with allowDeletes: the delete guard stopped it, but its staged data has since expired: start a new job`,
          },
        },
      },
    );
  });

  it('does not guard the other modes', async () => {
    const { c } = await client();
    await seeded(c);
    await c.setGuard(0);
    const put = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
      { entities: [{ _key: 'h0', _type: 'host', _class: 'Host', name: 'patched' }] },
    ]);
    expectCounters(put, { numEntitiesUpdated: 1 });
  });
});
