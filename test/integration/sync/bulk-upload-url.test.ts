import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FsBlobStore } from '../../../src/blob/fs-blob-store';
import { BulkUploadService } from '../../../src/sync/staging/bulk-upload-service';
import { SignedUploadUrls } from '../../../src/sync/staging/signed-upload-urls';
import { UPLOAD_URL_SECRET_FILE } from '../../../src/sync/staging/upload-url-secret';
import { freshAccount, startTestApi, testApp, testBlobDir, testSync } from '../../helpers/harness';
import {
  assertError,
  bulkApiServer,
  Client,
  FILE,
  HOUR,
  json,
  MAX,
  normalized,
  putTo,
  storedGraph,
  type UploadUrl,
} from './bulk-upload-helpers';

/**
 * The bulk upload URL itself (docs/guide/sync-jobs.md, "The bulk upload URL"; decision 0010): what
 * is issued per job and when, its expiry on an injected clock, and the secret that signs it as the
 * API's composition root keeps or takes it.
 */
describe('sync jobs: bulk upload URL (real API server, real Neo4j)', function () {
  this.timeout(60_000);
  const server = bulkApiServer();
  const { client } = server;

  describe('the URL', () => {
    it('is a signed URL on the API itself for this job, valid one hour, the same when asked again', async () => {
      const c = await client();
      const job = await c.start({ source: 'api', scope: 'url' });
      const before = Date.now();
      const first = await c.uploadUrl(job.id);
      const after = Date.now();
      assert.deepEqual(Object.keys(first).sort(), ['expiresAt', 'uploadUrl']);
      assert.ok(first.expiresAt >= before + HOUR && first.expiresAt <= after + HOUR);
      const url = new URL(first.uploadUrl);
      assert.equal(url.origin, server.url);
      assert.equal(url.pathname, `/persister/synchronization/bulk-uploads/${job.id}`);
      assert.deepEqual([...url.searchParams.keys()], ['accountId', 'expiresAt', 'signature']);
      assert.equal(url.searchParams.get('accountId'), c.account.accountId);
      assert.equal(url.searchParams.get('expiresAt'), String(first.expiresAt));
      assert.match(url.searchParams.get('signature') ?? '', /^[A-Za-z0-9_-]{43}$/);

      assert.deepEqual(await c.uploadUrl(job.id), first);
      // Another job gets another URL.
      const other = await c.start({ source: 'api', scope: 'url' });
      assert.notEqual((await c.uploadUrl(other.id)).uploadUrl, first.uploadUrl);
      // Issuing a URL changes nothing visible on the job.
      assert.equal((await c.job(job.id)).bulkFile, undefined);
    });

    it('is 404 for an unknown job and for another account’s job', async () => {
      const c = await client();
      const other = await client();
      const job = await other.start({ source: 'api', scope: 'x' });
      assertError(await c.post(randomUUID(), 'uploadUrl'), 404, 'NOT_FOUND');
      assertError(await c.post(job.id, 'uploadUrl'), 404, 'NOT_FOUND');
    });

    it('is 409 JOB_NOT_AWAITING_UPLOADS once the job is finalized or aborted', async () => {
      const c = await client();
      const done = await c.start({ source: 'api', scope: 'x' });
      await c.finalize(done.id);
      const aborted = await c.start({ source: 'api', scope: 'y' });
      assert.equal((await c.post(aborted.id, 'abort')).status, 200);
      assertError(
        await c.post(done.id, 'uploadUrl'),
        409,
        'JOB_NOT_AWAITING_UPLOADS',
        `Sync job '${done.id}' is FINISHED: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort`,
      );
      assertError(await c.post(aborted.id, 'uploadUrl'), 409, 'JOB_NOT_AWAITING_UPLOADS');
    });
  });
});

describe('sync jobs: bulk upload URL expiry (injected clock, real Neo4j)', () => {
  it('issues a new URL once the current one has expired; the expired one is 403', async () => {
    const t0 = Date.now();
    let clock = t0;
    const sync = await testSync();
    const secret = Buffer.from('expiry-test-secret-0123456789abcdef0123');
    const bulkUploads = new BulkUploadService({
      jobs: sync.jobs,
      blobs: new FsBlobStore(testBlobDir),
      urls: new SignedUploadUrls({ secret, publicUrl: () => 'http://graphsync.test' }),
      maxBytes: MAX,
      now: () => clock,
    });
    const app = await testApp({ syncJobs: sync.service, bulkUploads });
    const c = new Client(app, await freshAccount());
    const scope = 'expiry';
    const job = await c.start({ source: 'api', scope });

    const first = await c.uploadUrl(job.id);
    assert.equal(first.expiresAt, t0 + HOUR);
    clock = t0 + HOUR - 1;
    assert.deepEqual(await c.uploadUrl(job.id), first);
    clock = t0 + HOUR;
    const second = await c.uploadUrl(job.id);
    assert.equal(second.expiresAt, t0 + 2 * HOUR);
    assert.notEqual(second.uploadUrl, first.uploadUrl);
    clock = t0 + HOUR + 30 * 60 * 1000;
    assert.deepEqual(await c.uploadUrl(job.id), second);

    assertError(
      await c.put(first.uploadUrl, json(FILE), { 'Content-Type': 'application/json' }),
      403,
      'INVALID_UPLOAD_URL',
      `The upload URL expired at ${new Date(t0 + HOUR).toISOString()}: ask for a new one`,
    );
    assert.deepEqual((await c.job(job.id)).bulkFile, undefined, 'the expired URL stored nothing');
    const put = await c.put(second.uploadUrl, json(FILE), { 'Content-Type': 'application/json' });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    // Past its expiry, even the URL that was used is refused.
    clock = t0 + 2 * HOUR;
    assertError(
      await c.put(second.uploadUrl, json(FILE), { 'Content-Type': 'application/json' }),
      403,
      'INVALID_UPLOAD_URL',
      /^The upload URL expired at /,
    );
    const done = await c.finalize(job.id);
    assert.equal(done.status, 'FINISHED', JSON.stringify(done));
    assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
  });
});

describe('sync jobs: bulk upload URL configuration (API composition root)', function () {
  this.timeout(60_000);
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  function dataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-test-bulk-'));
    dirs.push(dir);
    return dir;
  }

  it('keeps a generated secret in DATA_DIR: a restarted API takes URLs issued before', async () => {
    const dir = dataDir();
    const first = await startTestApi({
      DATA_DIR: dir,
      PUBLIC_URL: 'https://graphsync.example.com/base/',
    });
    const account = await freshAccount();
    let issued: UploadUrl | undefined;
    let jobId = '';
    try {
      const c = new Client(first.url, account);
      const job = await c.start({ source: 'api', scope: 'restart' });
      jobId = job.id;
      issued = await c.uploadUrl(job.id);
      assert.ok(
        issued.uploadUrl.startsWith(
          `https://graphsync.example.com/base/persister/synchronization/bulk-uploads/${job.id}?`,
        ),
        issued.uploadUrl,
      );
    } finally {
      await first.close();
    }
    const secretFile = path.join(dir, UPLOAD_URL_SECRET_FILE);
    assert.equal(fs.statSync(secretFile).mode & 0o777, 0o600);
    const secret = fs.readFileSync(secretFile, 'utf8');

    const second = await startTestApi({ DATA_DIR: dir });
    try {
      const c = new Client(second.url, account);
      // The same URL again (same secret, same expiry), now on the second API's own address.
      const again = await c.uploadUrl(jobId);
      assert.equal(again.expiresAt, issued.expiresAt);
      assert.equal(new URL(again.uploadUrl).origin, second.url);
      assert.equal(new URL(again.uploadUrl).search, new URL(issued.uploadUrl).search);
      const put = await putTo(again.uploadUrl, json(FILE), { 'Content-Type': 'application/json' });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.equal(fs.readFileSync(secretFile, 'utf8'), secret, 'the secret was not replaced');
    } finally {
      await second.close();
    }
  });

  it('UPLOAD_URL_SECRET signs the URLs: another secret refuses them', async () => {
    const account = await freshAccount();
    const one = await startTestApi({ UPLOAD_URL_SECRET: 'a'.repeat(40) });
    let url = '';
    try {
      const c = new Client(one.url, account);
      const job = await c.start({ source: 'api', scope: 'secret' });
      url = (await c.uploadUrl(job.id)).uploadUrl;
      assert.equal(fs.existsSync(path.join(one.dataDir, UPLOAD_URL_SECRET_FILE)), false);
    } finally {
      await one.close();
    }
    const two = await startTestApi({ UPLOAD_URL_SECRET: 'b'.repeat(40) });
    try {
      const c = new Client(two.url, account);
      assertError(
        await c.put(url, json(FILE), { 'Content-Type': 'application/json' }),
        403,
        'INVALID_UPLOAD_URL',
      );
    } finally {
      await two.close();
    }
  });
});
