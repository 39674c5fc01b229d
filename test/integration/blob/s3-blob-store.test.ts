import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { S3BlobStore } from '../../../src/blob/s3-blob-store';
import { blobStoreFromConfig } from '../../../src/compose/blob-choice';
import { ConfigError, loadConfig } from '../../../src/config/config';
import { NotFoundError } from '../../../src/errors/app-error';
import { s3Client, s3Env } from '../../helpers/blob-stores';
import { freePort } from '../../helpers/redis-server';
import { type LocalS3Mock, sharedS3Mock } from '../../helpers/s3mock';

const MiB = 1024 ** 2;

/**
 * The S3 BlobStore (src/blob/s3-blob-store.ts) against a real S3-protocol server (S3Mock): every
 * BlobStore operation, multipart uploads, a failing stream, NotFoundError, deletes past one
 * DeleteObjects batch, presigned PUT URLs, and the start-up check's messages.
 */
describe('S3 blob store (real S3Mock)', function () {
  this.timeout(600_000); // the first run downloads S3Mock
  let mock: LocalS3Mock;
  let prefix: string;

  const store = (tune: { partSize?: number; keyPrefix?: string; deleteBatch?: number } = {}) =>
    new S3BlobStore({
      bucket: mock.bucket,
      region: 'us-east-1',
      endpoint: mock.endpoint,
      publicEndpoint: undefined,
      forcePathStyle: true,
      keyPrefix: tune.keyPrefix ?? prefix,
      partSize: tune.partSize ?? 5 * MiB,
      ...(tune.deleteBatch === undefined ? {} : { deleteBatch: tune.deleteBatch }),
    });

  before(async () => {
    mock = await sharedS3Mock();
  });

  beforeEach(() => {
    prefix = `blob-test-${randomUUID()}/`;
  });

  async function keysUnder(p: string): Promise<string[]> {
    const client = s3Client(mock);
    try {
      const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: mock.bucket, Prefix: p, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return keys.sort();
    } finally {
      client.destroy();
    }
  }

  it('puts and gets an object under the key prefix; a missing key is NotFoundError', async () => {
    const s = store();
    await s.put('staging/a/j1/000001.json.gz', Buffer.from('hello'));
    assert.deepEqual(await s.get('staging/a/j1/000001.json.gz'), Buffer.from('hello'));
    assert.deepEqual(await keysUnder(prefix), [`${prefix}staging/a/j1/000001.json.gz`]);
    await assert.rejects(
      s.get('staging/a/j1/missing'),
      (err: unknown) =>
        err instanceof NotFoundError && err.message === "No stored object 'staging/a/j1/missing'",
    );
    await assert.rejects(s.stream('staging/a/j1/missing'), NotFoundError);
    s.close();
  });

  it('putStream of 12 MiB is a multipart upload of 5 MiB parts; stream() hands out a Readable', async () => {
    const s = store();
    const parts = [randomBytes(4 * MiB), randomBytes(4 * MiB), randomBytes(4 * MiB)];
    async function* source() {
      for (const p of parts) yield await Promise.resolve(p);
    }
    await s.putStream('raw-data/big', source());
    const body = await s.stream('raw-data/big');
    assert.ok(body instanceof Readable);
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      chunks.push(chunk as Buffer);
    }
    assert.equal(size, 12 * MiB);
    assert.ok(chunks.length > 1, 'the body arrives in several chunks');
    assert.deepEqual(Buffer.concat(chunks), Buffer.concat(parts));
    // A multipart upload's ETag says how many parts it had: "<md5>-<parts>".
    const client = s3Client(mock);
    try {
      const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
      const head = await client.send(
        new HeadObjectCommand({ Bucket: mock.bucket, Key: `${prefix}raw-data/big` }),
      );
      assert.match(head.ETag ?? '', /-3"$/);
    } finally {
      client.destroy();
    }
    s.close();
  });

  it('a failing stream rejects with its error and leaves no object and no open upload', async () => {
    const s = store();
    async function* failing() {
      yield await Promise.resolve(randomBytes(6 * MiB)); // past one part: a multipart upload is under way
      throw new Error('the client went away');
    }
    await assert.rejects(s.putStream('staging/a/j2/bulk-x', failing()), /the client went away/);
    async function* failingSmall() {
      yield await Promise.resolve(Buffer.from('a little'));
      throw new Error('gone early');
    }
    await assert.rejects(s.putStream('staging/a/j2/bulk-y', failingSmall()), /gone early/);
    assert.deepEqual(await keysUnder(prefix), []);
    const client = s3Client(mock);
    try {
      const open = await client.send(
        new ListMultipartUploadsCommand({ Bucket: mock.bucket, Prefix: prefix }),
      );
      assert.deepEqual(open.Uploads ?? [], []);
    } finally {
      client.destroy();
    }
    s.close();
  });

  it('deletePrefix lists and deletes page by page (25 objects, batches of 10), only under the prefix', async () => {
    const s = store({ deleteBatch: 10 });
    const keys = Array.from(
      { length: 25 },
      (_, i) => `staging/acc/job-1/${String(i).padStart(6, '0')}`,
    );
    for (let i = 0; i < keys.length; i += 25) {
      await Promise.all(keys.slice(i, i + 25).map((k) => s.put(k, Buffer.from(k))));
    }
    await s.put('staging/acc/job-10/000001', Buffer.from('kept'));
    await s.put('staging/acc/job-2/000001', Buffer.from('kept'));
    assert.equal((await keysUnder(prefix)).length, 27);
    await s.deletePrefix('staging/acc/job-1/');
    assert.deepEqual(await keysUnder(prefix), [
      `${prefix}staging/acc/job-10/000001`,
      `${prefix}staging/acc/job-2/000001`,
    ]);
    await s.deletePrefix('staging/acc/none/'); // nothing there: no error
    s.close();
  });

  it('presignPut: the same URL for the same signing time; a PUT to it stores the object with its headers', async () => {
    const s = store();
    const at = { signedAt: Date.now() - 60_000, lifetimeMs: 3_600_000 };
    const url = await s.presignPut('staging/a/j3/bulk-s3', at);
    assert.equal(await s.presignPut('staging/a/j3/bulk-s3', at), url);
    assert.notEqual(
      await s.presignPut('staging/a/j3/bulk-s3', { ...at, signedAt: at.signedAt + 1000 }),
      url,
    );
    assert.ok(
      url.startsWith(`${mock.endpoint}/${mock.bucket}/${prefix}staging/a/j3/bulk-s3?`),
      url,
    );
    assert.match(url, /X-Amz-Expires=3600/);
    assert.equal(await s.head('staging/a/j3/bulk-s3'), undefined);
    const res = await fetch(url, {
      method: 'PUT',
      body: 'k,v\n1,2\n',
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="graph.csv"',
        'Content-Encoding': 'identity',
      },
    });
    assert.equal(res.status, 200, await res.text());
    const info = await s.head('staging/a/j3/bulk-s3');
    assert.deepEqual(
      { ...info, lastModified: undefined, etag: undefined },
      {
        size: 8,
        lastModified: undefined,
        contentType: 'text/csv',
        contentEncoding: 'identity',
        contentDisposition: 'attachment; filename="graph.csv"',
        etag: undefined,
      },
    );
    assert.ok(Math.abs((info?.lastModified ?? 0) - Date.now()) < 60_000);
    // A single PUT's ETag is the quoted MD5 of its body.
    assert.equal(info?.etag, `"${createHash('md5').update('k,v\n1,2\n').digest('hex')}"`);
    s.close();
  });

  describe('start-up check (BLOB_STORE=s3)', () => {
    const base = (extra: Record<string, string>) =>
      loadConfig({ NEO4J_URI: 'bolt://127.0.0.1:1', ...s3Env(mock), ...extra });

    it('passes for a reachable bucket', async () => {
      const chosen = blobStoreFromConfig(base({}));
      assert.equal(chosen.kind, 's3');
      await chosen.ready();
      chosen.close();
    });

    it('names a bucket that does not exist', async () => {
      const chosen = blobStoreFromConfig(base({ S3_BUCKET: 'no-such-bucket' }));
      await assert.rejects(chosen.ready(), (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(
          err.problems[0],
          `BLOB_STORE=s3: cannot use bucket 'no-such-bucket' at ${mock.endpoint}: the bucket does not exist (HTTP 404) (check S3_BUCKET, S3_ENDPOINT, S3_REGION and the AWS credentials)`,
        );
        return true;
      });
      chosen.close();
    });

    it('names an endpoint that does not answer', async () => {
      const endpoint = `http://127.0.0.1:${await freePort()}`;
      const chosen = blobStoreFromConfig(base({ S3_ENDPOINT: endpoint }));
      await assert.rejects(chosen.ready(), (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.match(
          err.problems[0] ?? '',
          new RegExp(
            `^BLOB_STORE=s3: cannot use bucket '${mock.bucket}' at ${endpoint}: .*ECONNREFUSED.* \\(check S3_BUCKET, S3_ENDPOINT, S3_REGION and the AWS credentials\\)$`,
          ),
        );
        return true;
      });
      chosen.close();
    });
  });
});
