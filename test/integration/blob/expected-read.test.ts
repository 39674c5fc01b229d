import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { BlobChangedError } from '../../../src/blob/blob-store';
import { FsBlobStore } from '../../../src/blob/fs-blob-store';
import { S3BlobStore } from '../../../src/blob/s3-blob-store';
import { NotFoundError } from '../../../src/errors/app-error';
import { s3Client } from '../../helpers/blob-stores';
import { type LocalS3Mock, sharedS3Mock } from '../../helpers/s3mock';

const KEY = 'staging/a/j1/bulk-s3';

const changed = (why: RegExp) => (err: unknown) =>
  err instanceof BlobChangedError && why.test(err.message);

/**
 * getExpected, the read of a bulk file at finalize: the object as it was checked or nothing. On
 * S3 a replaced object (another ETag) is refused by a conditional GET, and one longer than
 * allowed before its body is buffered; the filesystem store checks the size.
 */
describe('blob stores: getExpected reads only the object that was checked', function () {
  this.timeout(600_000); // the first run downloads S3Mock

  describe('S3 (real S3Mock)', () => {
    let mock: LocalS3Mock;
    let store: S3BlobStore;
    let prefix: string;

    before(async () => {
      mock = await sharedS3Mock();
    });
    beforeEach(() => {
      prefix = `expected-${randomUUID()}/`;
      store = new S3BlobStore({
        bucket: mock.bucket,
        region: 'us-east-1',
        endpoint: mock.endpoint,
        publicEndpoint: undefined,
        forcePathStyle: true,
        keyPrefix: prefix,
        partSize: 5 * 1024 ** 2,
      });
    });
    afterEach(() => store.close());

    it('reads the object with the ETag head gave; a re-PUT is refused (If-Match)', async () => {
      await store.put(KEY, Buffer.from('checked'));
      const etag = (await store.head(KEY))?.etag;
      assert.match(etag ?? '', /^"[0-9a-f-]+"$/);
      const expect = { maxBytes: 7, etag: etag ?? '' };
      assert.deepEqual(await store.getExpected(KEY, expect), Buffer.from('checked'));

      await store.put(KEY, Buffer.from('another'));
      await assert.rejects(
        store.getExpected(KEY, expect),
        changed(new RegExp(`^The stored object '${KEY}' was replaced: its ETag is no longer`)),
      );
    });

    it('S3Mock itself answers 412 to a GET whose If-Match names another version', async () => {
      // So the refusal above is the server's, not only getExpected's own ETag comparison.
      await store.put(KEY, Buffer.from('v1'));
      const client = s3Client(mock);
      try {
        await assert.rejects(
          client.send(
            new GetObjectCommand({ Bucket: mock.bucket, Key: `${prefix}${KEY}`, IfMatch: '"0"' }),
          ),
          (err: { $metadata?: { httpStatusCode?: number } }) =>
            err.$metadata?.httpStatusCode === 412,
        );
      } finally {
        client.destroy();
      }
    });

    it('refuses an object longer than maxBytes, and a missing one is NotFoundError', async () => {
      await store.put(KEY, Buffer.alloc(2048, 0x20));
      await assert.rejects(
        store.getExpected(KEY, { maxBytes: 2047 }),
        changed(/is longer than 2047 bytes$/),
      );
      assert.equal((await store.getExpected(KEY, { maxBytes: 2048 })).length, 2048);
      await assert.rejects(store.getExpected('staging/a/j1/none', { maxBytes: 10 }), NotFoundError);
    });
  });

  describe('filesystem', () => {
    let root: string;
    let store: FsBlobStore;

    beforeEach(async () => {
      root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'expected-read-'));
      store = new FsBlobStore(root);
    });
    afterEach(() => fs.promises.rm(root, { recursive: true, force: true }));

    it('reads the object within maxBytes, refuses a longer one; missing is NotFoundError', async () => {
      await store.put(KEY, Buffer.from('checked'));
      assert.deepEqual(await store.getExpected(KEY, { maxBytes: 7 }), Buffer.from('checked'));
      await assert.rejects(store.getExpected(KEY, { maxBytes: 6 }), changed(/longer than 6 bytes/));
      await assert.rejects(store.getExpected('staging/a/j1/none', { maxBytes: 10 }), NotFoundError);
    });
  });
});
