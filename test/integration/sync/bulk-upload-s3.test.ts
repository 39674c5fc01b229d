import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { currentS3Mock, describeOnS3, s3KeyOf } from '../../helpers/blob-stores';
import {
  assertError,
  bulkApiServer,
  entity,
  FILE,
  HOUR,
  json,
  MAX,
  normalized,
  putTo,
  stagedFiles,
  storedGraph,
} from './bulk-upload-helpers';

/**
 * The bulk upload URL with BLOB_STORE=s3 (decision 0038): a presigned PUT of the job's object in
 * the bucket (a real S3-protocol server, S3Mock), the same URL until it expires, the file the
 * client PUT there found, checked and recorded at finalize (or when the URL is asked for again),
 * applied, and cleaned up with the job's staging folder.
 */
describeOnS3('sync jobs: bulk upload URL presigned for S3 (real API server, S3Mock)', function () {
  this.timeout(60_000);
  const server = bulkApiServer();
  const { client, jobWithUrl } = server;

  it('is a presigned PUT of the job’s object, the same until it expires', async () => {
    const c = await client();
    const job = await c.start({ source: 'api', scope: 's3-url' });
    const t0 = Date.now();
    const first = await c.uploadUrl(job.id);
    const mock = currentS3Mock();
    const key = s3KeyOf(`staging/${c.account.accountId}/${job.id}/bulk-s3`);
    const url = new URL(first.uploadUrl);
    assert.equal(`${url.origin}${url.pathname}`, `${mock.endpoint}/${mock.bucket}/${key}`);
    assert.equal(url.searchParams.get('X-Amz-Expires'), '3600');
    assert.equal(url.searchParams.get('X-Amz-SignedHeaders'), 'host');
    // Signed as of (expiry - 1 hour): the URL says until when it is good.
    const signedAt = url.searchParams.get('X-Amz-Date') ?? '';
    assert.equal(
      signedAt,
      new Date(first.expiresAt - HOUR).toISOString().replace(/[-:]|\.\d{3}/g, ''),
    );
    assert.ok(first.expiresAt >= t0 + HOUR && first.expiresAt <= Date.now() + HOUR);
    assert.deepEqual(await c.uploadUrl(job.id), first);
    assert.deepEqual(await c.uploadUrl(job.id), first);
  });

  it('a gzip JSON file PUT to the URL: recorded as sent, applied at finalize, cleaned up', async () => {
    const c = await client();
    const { id, scope, url } = await jobWithUrl(c);
    await c.upload(id, { entities: [entity('from-batch')] });
    const bytes = zlib.gzipSync(json(FILE));
    const t0 = Date.now();
    const put = await putTo(url, bytes, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), [
      'batch-<id>.json.gz',
      'bulk-s3',
    ]);
    // graphsync has not looked yet: the job does not show the file before it asks S3.
    assert.equal((await c.job(id)).bulkFile, undefined);
    // Asking for the URL again looks: one file per job, as in fs mode.
    assertError(
      await c.post(id, 'uploadUrl'),
      409,
      'BULK_FILE_ALREADY_UPLOADED',
      `Sync job '${id}' already has its bulk file: only one bulk upload is allowed per job`,
    );
    const recorded = (await c.job(id)).bulkFile as { uploadedAt: number };
    assert.deepEqual(recorded, {
      size: bytes.length,
      uploadedAt: recorded.uploadedAt,
      contentType: 'application/json',
      contentEncoding: 'gzip',
    });
    // S3 keeps whole seconds.
    assert.ok(recorded.uploadedAt >= Math.floor(t0 / 1000) * 1000, String(recorded.uploadedAt));

    const job = await c.finalize(id);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.deepEqual(
      [job.numEntitiesUploaded, job.numEntitiesCreated, job.numRelationshipsCreated],
      [4, 4, 2],
    );
    assert.deepEqual(job.bulkFile, recorded);
    assert.deepEqual(
      await storedGraph(c.account.accountId, scope),
      normalized({ ...FILE, entities: [...(FILE.entities ?? []), entity('from-batch')] }),
    );
    assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
  });

  it('an octet-stream file named by Content-Disposition (YAML) is found by finalize itself', async () => {
    const c = await client();
    const { id, scope, url } = await jobWithUrl(c);
    const yaml =
      'entities:\n  - _key: y1\n    _type: bulk_host\n    _class: Host\n    name: yaml\n';
    const put = await putTo(url, Buffer.from(yaml), {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': 'attachment; filename="graph.yaml"',
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const job = await c.finalize(id);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.deepEqual(job.bulkFile, {
      size: yaml.length,
      uploadedAt: (job.bulkFile as { uploadedAt: number }).uploadedAt,
      contentType: 'application/octet-stream',
      fileName: 'graph.yaml',
    });
    assert.deepEqual(
      await storedGraph(c.account.accountId, scope),
      normalized({ entities: [entity('y1', { name: 'yaml' })] }),
    );
  });

  it('finalize refuses a file whose format it cannot tell (415) or over the limit (413); a new PUT fixes it', async () => {
    const c = await client();
    const { id, scope, url } = await jobWithUrl(c);
    assert.equal((await putTo(url, json(FILE), { 'Content-Type': 'text/plain' })).status, 200);
    assertError(
      await c.post(id, 'finalize'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      "Cannot tell the format of the file PUT to the bulk upload URL from its Content-Type 'text/plain': PUT it again with a JSON, CSV or YAML Content-Type, or application/octet-stream with a Content-Disposition filename ending in .json, .csv or .yaml",
    );
    // The URL is handed out again (the same one), to PUT the file anew.
    assert.equal((await c.uploadUrl(id)).uploadUrl, url);
    const big = Buffer.alloc(MAX + 1, 0x20);
    assert.equal((await putTo(url, big, { 'Content-Type': 'application/json' })).status, 200);
    assertError(
      await c.post(id, 'finalize'),
      413,
      'RequestEntityTooLargeException',
      `The bulk file is larger than the limit of ${MAX} bytes`,
    );
    const still = await c.job(id);
    assert.deepEqual([still.status, still.bulkFile], ['AWAITING_UPLOADS', undefined]);
    assert.equal(
      (await putTo(url, json(FILE), { 'Content-Type': 'application/json' })).status,
      200,
    );
    const job = await c.finalize(id);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
  });

  it('a file replaced after it was checked is not applied: FAILED, the graph untouched', async () => {
    const c = await client();
    const { id, scope, url } = await jobWithUrl(c);
    const headers = { 'Content-Type': 'application/json' };
    assert.equal((await putTo(url, json(FILE), headers)).status, 200);
    // Asking for the URL again checks and records the file (as finalize does first thing)...
    assertError(await c.post(id, 'uploadUrl'), 409, 'BULK_FILE_ALREADY_UPLOADED');
    const recorded = (await c.job(id)).bulkFile;
    // ...but the presigned URL stays valid: a larger, different file replaces the object.
    const other = { entities: [entity('swapped', { pad: 'x'.repeat(MAX) })] };
    assert.equal((await putTo(url, json(other), headers)).status, 200);
    const job = await c.finalize(id);
    assert.equal(job.status, 'FAILED', JSON.stringify(job));
    assert.equal(
      job.error,
      'The bulk file was replaced after graphsync checked it (a PUT to the upload URL after ' +
        'finalize or after the URL was asked for again), so none of it was applied: upload the ' +
        'new file with a new sync job',
    );
    assert.deepEqual(job.bulkFile, recorded);
    assert.deepEqual(await storedGraph(c.account.accountId, scope), {
      entities: [],
      relationships: [],
    });
    assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
  });

  it('abort deletes the object PUT to the URL with the staging folder', async () => {
    const c = await client();
    const { id, url } = await jobWithUrl(c);
    assert.equal(
      (await putTo(url, json(FILE), { 'Content-Type': 'application/json' })).status,
      200,
    );
    assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), ['bulk-s3']);
    const res = await c.post(id, 'abort', { reason: 'changed my mind' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
  });

  it('a job without a file finalizes as before (nothing PUT to the URL)', async () => {
    const c = await client();
    const { id, scope } = await jobWithUrl(c);
    await c.upload(id, { entities: [entity('only')] });
    const job = await c.finalize(id);
    assert.deepEqual([job.status, job.bulkFile], ['FINISHED', undefined]);
    assert.deepEqual(
      await storedGraph(c.account.accountId, scope),
      normalized({ entities: [entity('only')] }),
    );
  });
});
