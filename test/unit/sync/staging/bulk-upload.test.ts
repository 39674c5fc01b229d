import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AppError, DataRejectedError } from '../../../../src/errors/app-error';
import {
  bulkFileFormat,
  checkedBulkFile,
  decodeBulkFile,
  encodingOf,
  fileNameOf,
} from '../../../../src/sync/staging/bulk-file-content';
import { SignedUploadUrls } from '../../../../src/sync/staging/signed-upload-urls';

describe('SignedUploadUrls', () => {
  const urls = new SignedUploadUrls({
    secret: Buffer.from('unit-test-secret-0123456789abcdef0123'),
    publicUrl: () => 'https://graphsync.example.com/base',
  });
  const target = { accountId: 'acme:prod', jobId: 'job-1', expiresAt: 1_800_000_000_000 };

  it('issues the same URL for the same target, with every part in it', () => {
    const url = urls.issue(target);
    assert.equal(urls.issue({ ...target }), url);
    const u = new URL(url);
    assert.equal(
      `${u.origin}${u.pathname}`,
      'https://graphsync.example.com/base/persister/synchronization/bulk-uploads/job-1',
    );
    assert.equal(u.searchParams.get('accountId'), 'acme:prod');
    assert.equal(u.searchParams.get('expiresAt'), '1800000000000');
    assert.ok(urls.verify(target, u.searchParams.get('signature')!));
  });

  it('refuses a signature for any other account, job, expiry or secret', () => {
    const signature = new URL(urls.issue(target)).searchParams.get('signature')!;
    assert.equal(urls.verify({ ...target, accountId: 'acme' }, signature), false);
    assert.equal(urls.verify({ ...target, jobId: 'job-2' }, signature), false);
    assert.equal(urls.verify({ ...target, expiresAt: target.expiresAt + 1 }, signature), false);
    assert.equal(urls.verify(target, signature.slice(1)), false);
    assert.equal(urls.verify(target, ''), false);
    const other = new SignedUploadUrls({
      secret: Buffer.from('another-secret-0123456789abcdef012345'),
      publicUrl: () => 'https://graphsync.example.com/base',
    });
    assert.equal(other.verify(target, signature), false);
  });
});

describe('bulk file content', () => {
  it('reads the file name of a Content-Disposition, without directories', () => {
    assert.equal(fileNameOf('attachment; filename="graph.csv"'), 'graph.csv');
    assert.equal(fileNameOf('attachment; filename=graph.yaml'), 'graph.yaml');
    assert.equal(fileNameOf('attachment; filename="a \\"b\\".json"'), 'a "b".json');
    assert.equal(fileNameOf("attachment; filename*=UTF-8''d%C3%A9j%C3%A0.csv"), 'déjà.csv');
    assert.equal(
      fileNameOf('attachment; filename="plain.csv"; filename*=UTF-8\'\'better.yaml'),
      'better.yaml',
    );
    assert.equal(fileNameOf('attachment; filename="../../etc/x.json"'), 'x.json');
    assert.equal(fileNameOf('attachment'), undefined);
    assert.equal(fileNameOf(undefined), undefined);
  });

  it('takes no encoding, identity, gzip, br and deflate; anything else is a 415', () => {
    assert.equal(encodingOf(undefined), undefined);
    assert.equal(encodingOf('identity'), undefined);
    assert.equal(encodingOf('GZIP'), 'gzip');
    assert.equal(encodingOf('br'), 'br');
    assert.equal(encodingOf('deflate'), 'deflate');
    for (const bad of ['compress', 'gzip, br', 'x-gzip']) {
      assert.throws(
        () => encodingOf(bad),
        (err: unknown) => err instanceof AppError && err.code === 'UNSUPPORTED_MEDIA_TYPE',
      );
    }
  });

  it('tells the format by Content-Type, else (none or octet-stream) by the file name', () => {
    assert.equal(bulkFileFormat({ contentType: 'application/json; charset=utf-8' }), 'json');
    assert.equal(bulkFileFormat({ fileName: 'x.json' }), 'json');
    assert.equal(
      bulkFileFormat({ contentType: 'application/octet-stream', fileName: 'x.json' }),
      'json',
    );
    // A specific type is believed over the name.
    assert.equal(bulkFileFormat({ contentType: 'text/plain', fileName: 'x.json' }), undefined);
    assert.equal(bulkFileFormat({ contentType: 'application/octet-stream' }), undefined);
    assert.equal(bulkFileFormat({}), undefined);
  });

  describe('checkedBulkFile', () => {
    /** The source in many small chunks, so that the decompressor's backpressure is exercised. */
    const chunked = (bytes: Buffer, size = 512) =>
      Readable.from(
        Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
          bytes.subarray(i * size, (i + 1) * size),
        ),
      );
    const drain = async (
      bytes: Buffer,
      opts: { encoding?: 'gzip' | 'br' | 'deflate'; maxBytes: number },
    ) => {
      let stored = 0;
      const out: Buffer[] = [];
      for await (const chunk of checkedBulkFile(chunked(bytes), {
        encoding: opts.encoding,
        maxBytes: opts.maxBytes,
        stored: (n) => (stored += n),
      })) {
        out.push(chunk);
      }
      return { out: Buffer.concat(out), stored };
    };
    const code = (expected: string) => (err: unknown) =>
      err instanceof AppError && err.code === expected;

    it('passes the bytes through as sent and counts them', async () => {
      const plain = Buffer.from('x'.repeat(100_000));
      const gz = zlib.gzipSync(plain);
      assert.deepEqual(await drain(plain, { maxBytes: 100_000 }), { out: plain, stored: 100_000 });
      const { out, stored } = await drain(gz, { encoding: 'gzip', maxBytes: 100_000 });
      assert.deepEqual(out, gz);
      assert.equal(stored, gz.length);
    });

    it('413 when the bytes, or their decompressed content, pass the limit', async () => {
      await assert.rejects(
        drain(Buffer.alloc(1001), { maxBytes: 1000 }),
        code('RequestEntityTooLargeException'),
      );
      const bomb = zlib.brotliCompressSync(Buffer.alloc(5_000_000));
      assert.ok(bomb.length < 1000);
      await assert.rejects(
        drain(bomb, { encoding: 'br', maxBytes: 1_000_000 }),
        code('RequestEntityTooLargeException'),
      );
    });

    it('400 when the bytes do not decompress, or stop half way', async () => {
      await assert.rejects(
        drain(Buffer.from('not gzip'), { encoding: 'gzip', maxBytes: 1000 }),
        code('BAD_REQUEST'),
      );
      const cut = zlib.deflateSync(Buffer.from('y'.repeat(10_000))).subarray(0, 20);
      await assert.rejects(
        drain(cut, { encoding: 'deflate', maxBytes: 100_000 }),
        code('BAD_REQUEST'),
      );
    });

    it('400 when the source fails (the client went away)', async () => {
      const failing = new Readable({
        read() {
          this.destroy(new Error('aborted'));
        },
      });
      const source = checkedBulkFile(failing, {
        encoding: undefined,
        maxBytes: 10,
        stored: () => undefined,
      });
      await assert.rejects(
        source.next(),
        (err: unknown) =>
          err instanceof AppError &&
          err.code === 'BAD_REQUEST' &&
          err.message === 'The upload did not complete: aborted',
      );
    });
  });

  it('decodeBulkFile decompresses within a ceiling; past it, or corrupt, the data is rejected', async () => {
    const text = Buffer.from('z'.repeat(10_000));
    assert.deepEqual(await decodeBulkFile(zlib.gzipSync(text), 'gzip', 10_000), text);
    assert.deepEqual(await decodeBulkFile(text, undefined, 10), text);
    await assert.rejects(
      decodeBulkFile(zlib.gzipSync(text), 'gzip', 9_999),
      (err: unknown) =>
        err instanceof DataRejectedError && /larger than 9999 bytes/.test(err.message),
    );
    await assert.rejects(
      decodeBulkFile(text, 'br', 10_000),
      (err: unknown) =>
        err instanceof DataRejectedError && /could not be decompressed \(br\)/.test(err.message),
    );
  });
});
