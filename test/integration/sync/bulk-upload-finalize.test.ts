import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { Redis } from 'ioredis';
import { Readable } from 'node:stream';
import { FsBlobStore } from '../../../src/blob/fs-blob-store';
import { forEachBlobStore } from '../../helpers/blob-stores';
import { loadConfig } from '../../../src/config/config';
import { type RunningWorker, startWorker } from '../../../src/worker';
import { stageBulkFile } from '../../../src/sync/staging/bulk-file';
import {
  freshAccount,
  neo4jUri,
  redisUrl,
  silentLogger,
  startTestApi,
  TEST_SECRETS_KEY,
  testBlobDir,
  testGraph,
  testSync,
  uploadJson,
} from '../../helpers/harness';
import {
  bulkApiServer,
  Client,
  entity,
  FILE,
  type GraphFile,
  type Job,
  json,
  MAX,
  normalized,
  type Obj,
  putTo,
  stagedFiles,
  storedGraph,
} from './bulk-upload-helpers';

/**
 * A bulk file at finalize (docs/guide/sync-jobs.md, "The bulk upload URL"; decision 0010): a file
 * the finalize rejects leaves the job FAILED and the graph untouched, a finalize re-run after a
 * crash stages the file once, and in queue mode a worker applies it.
 */
forEachBlobStore('sync jobs: bulk upload URL (real API server, real Neo4j)', function () {
  this.timeout(60_000);
  const server = bulkApiServer();
  const { client } = server;

  describe('a file rejected at finalize: FAILED, the graph untouched', () => {
    /** A scope holding one entity from an earlier job, and a new job on it with one batch. */
    async function seeded(c: Client, start: Obj = {}) {
      const scope = `seeded-${randomUUID().slice(0, 8)}`;
      const seed = await c.start({ source: 'api', scope });
      await c.upload(seed.id, { entities: [entity('old', { v: 1 })] });
      assert.equal((await c.finalize(seed.id)).status, 'FINISHED');
      const before = await storedGraph(c.account.accountId, scope);
      const job = await c.start({ source: 'api', scope, ...start });
      await c.upload(job.id, { entities: [entity('old', { v: 2 }), entity('new')] });
      return { scope, before, id: job.id, url: (await c.uploadUrl(job.id)).uploadUrl };
    }

    async function expectFailed(
      c: Client,
      id: string,
      scope: string,
      before: GraphFile,
      error: string | RegExp,
    ) {
      const job = await c.finalize(id);
      assert.equal(job.status, 'FAILED', JSON.stringify(job));
      assert.equal(job.done, true);
      if (typeof error === 'string') assert.equal(job.error, error);
      else assert.match(job.error ?? '', error);
      assert.deepEqual(await c.job(id), job);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), before);
      assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
    }

    it('a file that does not parse', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      const put = await putTo(url, Buffer.from('{"entities": [ {"_key": '), {
        'Content-Type': 'application/json',
      });
      assert.equal(put.status, 200);
      await expectFailed(c, id, scope, before, /^The bulk file could not be parsed as JSON: /);
    });

    it('a file that breaks an upload rule (JupiterOne’s message)', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      const file = { entities: [{ _type: 'bulk_host', _class: 'Host' }] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      await expectFailed(c, id, scope, before, '/entities/0/_key is required');
    });

    it('a file with a class that cannot be a Neo4j label, or an empty entities array', async () => {
      const c = await client();
      const cases: Array<[GraphFile, string]> = [
        [
          { entities: [entity('a'), entity('b', { _class: 'Host`:Injected' })] },
          "/entities/1/_class (entity key: 'b') has invalid class 'Host`:Injected': a class becomes a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not start with a digit",
        ],
        [
          {
            entities: [],
            relationships: [
              {
                _key: 'r',
                _type: 'bulk_host_has_host',
                _class: 'HAS',
                _fromEntityKey: 'old',
                _toEntityKey: 'new',
              },
            ],
          },
          'entities must have minimum 1 item',
        ],
      ];
      for (const [file, error] of cases) {
        const { scope, before, id, url } = await seeded(c);
        assert.equal(
          (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
          200,
        );
        await expectFailed(c, id, scope, before, error);
      }
    });

    it('a file that is not an upload body', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      assert.equal(
        (await putTo(url, json([1, 2]), { 'Content-Type': 'application/json' })).status,
        200,
      );
      await expectFailed(c, id, scope, before, 'The request body must be a JSON object');
    });

    it('a key that a batch of the job already uploaded (duplicates not ignored)', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      const file = { entities: [entity('file-only'), entity('new', { from: 'file' })] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      await expectFailed(
        c,
        id,
        scope,
        before,
        "/entities/1/_key 'new' is a duplicate: an entity with this _key was already uploaded in this job",
      );
    });

    it('with ignoreDuplicates the file’s object wins over the batch’s', async () => {
      const c = await client();
      const { scope, id, url } = await seeded(c, { ignoreDuplicates: true });
      const file = { entities: [entity('new', { from: 'file' })] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual(
        [job.numEntitiesUploaded, job.numEntitiesCreated, job.numEntitiesUpdated],
        [2, 1, 1],
      );
      assert.deepEqual(
        await storedGraph(c.account.accountId, scope),
        normalized({ entities: [entity('old', { v: 2 }), entity('new', { from: 'file' })] }),
      );
    });

    it('OVERRIDE: a file that takes the job past 10000 entities', async () => {
      const c = await client(['OVERRIDE']);
      const job = await c.start({ source: 'api', scope: 'override', syncMode: 'OVERRIDE' });
      await c.upload(job.id, { entities: [{ _type: 'bulk_host', _key: 'batch', owner: 'me' }] });
      const { uploadUrl } = await c.uploadUrl(job.id);
      const entities = Array.from({ length: 10_000 }, (_, i) => ({
        _type: 'bulk_host',
        _key: `h${i}`,
        owner: 'me',
      }));
      const file = zlib.gzipSync(json({ entities }));
      assert.ok(file.length < MAX);
      const put = await putTo(uploadUrl, file, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const done = await c.finalize(job.id);
      assert.deepEqual(
        [done.status, done.error],
        ['FAILED', 'OVERRIDE sync jobs are limited to 10000 entities per job'],
      );
    });
  });
});

describe('sync jobs: bulk file at finalize (services, real Neo4j)', () => {
  it('a finalize re-run after a crash stages the bulk file once', async () => {
    const graph = await testGraph();
    const account = await freshAccount();
    const blobs = new FsBlobStore(testBlobDir);
    // No dispatcher: finalize leaves the job FINALIZE_PENDING, as a queue would.
    const sync = await testSync({ queued: true });
    const job = await sync.service.start({
      accountId: account.accountId,
      body: { source: 'api', scope: 'rerun' },
    });
    const ref = { accountId: account.accountId, jobId: job.id };
    await uploadJson(sync, ref, { entities: [entity('batch')] });
    const url = new URL((await sync.bulkUploads.issueUrl(ref)).uploadUrl);
    await sync.bulkUploads.receive({
      jobId: job.id,
      accountId: url.searchParams.get('accountId')!,
      expiresAt: url.searchParams.get('expiresAt')!,
      signature: url.searchParams.get('signature')!,
      contentType: 'application/json',
      contentEncoding: undefined,
      contentDisposition: undefined,
      contentLength: undefined,
      body: Readable.from([json(FILE)]),
    });
    await sync.service.finalize({ ...ref, body: {} });

    // The interrupted run: it had started and staged the bulk file when its worker died.
    await sync.jobs.update(ref, { finalizeRuns: 1 });
    const staged = await stageBulkFile(
      { graph, blobs, jobs: sync.jobs, run: 1 },
      await sync.jobs.get(ref),
    );
    assert.deepEqual([staged.numEntitiesUploaded, staged.numRelationshipsUploaded], [4, 2]);

    const done = await sync.finalizer.run(ref);
    assert.equal(done.status, 'FINISHED', JSON.stringify(done));
    assert.deepEqual(
      [done.numEntitiesUploaded, done.numEntitiesCreated, done.numRelationshipsUploaded],
      [4, 4, 2],
    );
    assert.equal(done.numRelationshipsCreated, 2);
    assert.deepEqual(
      await storedGraph(account.accountId, 'rerun'),
      normalized({ ...FILE, entities: [...FILE.entities!, entity('batch')] }),
    );
  });
});

describe('sync jobs: bulk upload URL in queue mode (API + worker, real Redis)', function () {
  this.timeout(90_000);
  const prefix = `gs-bulk-${randomUUID().slice(0, 8)}`;
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let worker: RunningWorker;

  before(async () => {
    api = await startTestApi({ REDIS_URL: redisUrl(), QUEUE_PREFIX: prefix });
    // The worker composition root, in this process, sharing the API's Redis, Neo4j and DATA_DIR.
    const config = loadConfig({
      NEO4J_URI: neo4jUri(),
      NEO4J_USER: process.env.NEO4J_USER,
      NEO4J_PASSWORD: process.env.NEO4J_PASSWORD,
      NEO4J_DATABASE: process.env.NEO4J_DATABASE,
      REDIS_URL: redisUrl(),
      QUEUE_PREFIX: prefix,
      DATA_DIR: api.dataDir,
      LOG_LEVEL: 'silent',
      // As every service the tests build (harness.ts): the shared database may hold secrets.
      INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
    });
    worker = await startWorker({ config, logger: silentLogger, graph: await testGraph() });
  });

  after(async () => {
    await worker?.close();
    await api?.close();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  async function finalizeAndWait(c: Client, id: string): Promise<Job> {
    const pending = await c.finalize(id);
    assert.equal(pending.status, 'FINALIZE_PENDING');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = await c.job(id);
      if (job.done) return job;
      if (Date.now() > deadline) throw new Error(`job never finished: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a worker applies the bulk file (gzip) with a batch of the same job', async () => {
    const c = new Client(api.url, await freshAccount());
    const job = await c.start({ source: 'api', scope: 'queue' });
    await c.upload(job.id, { entities: [entity('batch')] });
    const { uploadUrl } = await c.uploadUrl(job.id);
    const put = await putTo(uploadUrl, zlib.gzipSync(json(FILE)), {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const done = await finalizeAndWait(c, job.id);
    assert.equal(done.status, 'FINISHED', JSON.stringify(done));
    assert.deepEqual([done.numEntitiesUploaded, done.numEntitiesCreated], [4, 4]);
    assert.deepEqual([done.numRelationshipsUploaded, done.numRelationshipsCreated], [2, 2]);
    assert.deepEqual(
      await storedGraph(c.account.accountId, 'queue'),
      normalized({ ...FILE, entities: [...FILE.entities!, entity('batch')] }),
    );
  });

  it('a bad file makes the job FAILED through the worker, the graph untouched', async () => {
    const c = new Client(api.url, await freshAccount());
    const job = await c.start({ source: 'api', scope: 'queue-bad' });
    await c.upload(job.id, { entities: [entity('batch')] });
    const { uploadUrl } = await c.uploadUrl(job.id);
    const file = { entities: [entity('ok'), { _key: 'x', _type: 'bulk_host', _class: 7 }] };
    assert.equal(
      (await putTo(uploadUrl, json(file), { 'Content-Type': 'application/json' })).status,
      200,
    );
    const done = await finalizeAndWait(c, job.id);
    assert.deepEqual(
      [done.status, done.error],
      [
        'FAILED',
        "/entities/1/_class (entity key: 'x') has invalid type. Valid types are string or array of strings.",
      ],
    );
    assert.deepEqual(await storedGraph(c.account.accountId, 'queue-bad'), {
      entities: [],
      relationships: [],
    });
  });
});
