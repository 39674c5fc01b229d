import assert from 'node:assert/strict';
import { FsBlobStore } from '../../../src/blob/fs-blob-store';
import { RawDataWriter } from '../../../src/rawdata/raw-data-writer';
import { type SyncJobs } from '../../../src/sync/jobs/create-sync-jobs';
import { Finalizer } from '../../../src/sync/finalize/finalizer';
import type { JobStore } from '../../../src/sync/jobs/job-store';
import {
  freshAccount,
  silentLogger,
  testBlobDir,
  testGraph,
  testSync,
  uploadJson,
} from '../../helpers/harness';

/**
 * A worker that dies after applying a CROSS_SCOPE, OVERRIDE, mapped-relationship or raw-data job but before
 * marking it FINISHED leaves the job to a re-run, which must report exactly what the first run
 * did (the graph already holds it all). The "death" is a job store whose move to FINISHED throws.
 */
describe('finalize re-run of CROSS_SCOPE, OVERRIDE, mapped and raw-data jobs (real Neo4j)', () => {
  let sync: SyncJobs;
  let dying: Finalizer;
  before(async () => {
    const graph = await testGraph();
    const blobs = new FsBlobStore(testBlobDir);
    sync = await testSync({ queued: true });
    const real = sync.jobs;
    const jobs: JobStore = Object.create(real) as JobStore;
    jobs.transition = (ref, move) =>
      move.to === 'FINISHED'
        ? Promise.reject(new Error('the worker died'))
        : real.transition(ref, move);
    dying = new Finalizer({
      graph,
      blobs,
      jobs,
      logger: silentLogger,
      rawData: new RawDataWriter({ graph, blobs, versionsKept: 10 }),
      chunkSize: 1000,
    });
  });

  async function job(accountId: string, start: object, upload: object) {
    const started = await sync.service.start({ accountId, body: start });
    const ref = { accountId, jobId: started.id };
    await uploadJson(sync, ref, upload);
    await sync.service.finalize({ ...ref, body: {} });
    return ref;
  }
  const finished = async (ref: { accountId: string; jobId: string }) => {
    const done = await sync.finalizer.run(ref);
    assert.equal(done.status, 'FINISHED');
    return done;
  };
  /** Runs the job with a finalizer that dies at the end, then re-runs it. */
  const interrupted = async (ref: { accountId: string; jobId: string }) => {
    await assert.rejects(dying.run(ref), /the worker died/);
    assert.equal((await sync.jobs.get(ref)).status, 'FINALIZE_PENDING');
    return finished(ref);
  };
  const counters = (j: object) =>
    Object.fromEntries(
      Object.entries(j).filter(
        ([k, v]) => /^num.*(Created|Updated|Deleted|Errors)$/.test(k) && v !== 0,
      ),
    );
  const e = (key: string, extra = {}) => ({ _key: key, _type: 't', _class: 'Thing', ...extra });

  it('CROSS_SCOPE: created and deleted relationships are counted again', async () => {
    const { accountId } = await freshAccount();
    await finished(await job(accountId, { source: 'api', scope: 'a' }, { entities: [e('a1')] }));
    await finished(
      await job(accountId, { source: 'api', scope: 'b' }, { entities: [e('b1'), e('b2')] }),
    );
    const x = (key: string, to: string) => ({
      _key: key,
      _type: 't_has_t',
      _class: 'HAS',
      _fromEntityScope: 'a',
      _fromEntityKey: 'a1',
      _toEntityScope: 'b',
      _toEntityKey: to,
    });
    const cross = { source: 'api', scope: 'x', syncMode: 'CROSS_SCOPE' };
    await finished(await job(accountId, cross, { relationships: [x('r1', 'b1'), x('r2', 'b2')] }));
    const rerun = await interrupted(
      await job(accountId, cross, { relationships: [x('r1', 'b1'), x('r3', 'b2')] }),
    );
    assert.deepEqual(counters(rerun), { numRelationshipsCreated: 1, numRelationshipsDeleted: 1 });
  });

  it('OVERRIDE: pinned entities are counted as updated again', async () => {
    const { accountId } = await freshAccount(['OVERRIDE']);
    await finished(
      await job(accountId, { source: 'api', scope: 's' }, { entities: [e('k1'), e('k2')] }),
    );
    const rerun = await interrupted(
      await job(
        accountId,
        { source: 'api', syncMode: 'OVERRIDE' },
        {
          entities: [
            { _type: 't', _key: 'k1', owner: 'x' },
            { _type: 't', _key: 'k2', owner: 'y' },
          ],
        },
      ),
    );
    assert.deepEqual(counters(rerun), { numEntitiesUpdated: 2 });
  });

  it('mapped: the source, the placeholder and the relationships are counted again', async () => {
    const { accountId } = await freshAccount();
    const mappedTo = (key: string, source: string) => ({
      _key: key,
      _type: 't_has_user',
      _class: 'HAS',
      _mapping: {
        sourceEntityKey: source,
        targetFilterKeys: [['_type', 'email']],
        targetEntity: { _type: 'user', _class: 'User', email: 'u@x.io' },
      },
    });
    const rerun = await interrupted(
      await job(
        accountId,
        { source: 'api', scope: 's' },
        {
          entities: [e('h1'), e('h2')],
          relationships: [mappedTo('m1', 'h1'), mappedTo('m2', 'h2')],
        },
      ),
    );
    assert.deepEqual(counters(rerun), { numEntitiesCreated: 3, numRelationshipsCreated: 2 });
  });

  it('raw data: versions the first run stored are counted again, not stored twice', async () => {
    const { accountId } = await freshAccount();
    const raw = (v: number) => ({ _rawData: { d: { body: { v } }, n: { body: 'same' } } });
    await finished(
      await job(accountId, { source: 'api', scope: 's' }, { entities: [e('k1', raw(1))] }),
    );
    const rerun = await interrupted(
      await job(
        accountId,
        { source: 'api', scope: 's' },
        { entities: [e('k1', raw(2)), e('k2', raw(1))] },
      ),
    );
    // k1's entity is unchanged (raw data is not part of its content): only k2 is created.
    assert.deepEqual(counters(rerun), { numEntitiesCreated: 1, numRawDataVersionsCreated: 3 });
    const graph = await testGraph();
    const stored = await graph.read<{ name: string; seq: number }>(
      'rawdata/test-account-versions',
      { accountId },
    );
    assert.deepEqual(stored.map((v) => `${v.name}${v.seq}`).sort(), ['d1', 'd1', 'd2', 'n1', 'n1']);
  });
});
