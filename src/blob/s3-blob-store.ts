import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NotFoundError } from '../errors/app-error';
import {
  BlobChangedError,
  type BlobStore,
  collectAtMost,
  type ExpectedBlob,
  type ObjectInfo,
  type PresignedPut,
} from './blob-store';

/** How to reach the bucket (src/config: BLOB_STORE=s3 and the S3_* settings). */
export interface S3BlobStoreOptions {
  bucket: string;
  /** Unset: the SDK's region chain (AWS_REGION, the profile). */
  region: string | undefined;
  /** An S3-compatible server (MinIO, S3Mock, ...); unset: AWS S3. */
  endpoint: string | undefined;
  /** Another endpoint for the presigned URLs handed to clients (e.g. the host's name of a
   * compose service); unset: `endpoint`. */
  publicEndpoint: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key (e.g. `graphsync/`): several deployments can share a bucket. */
  keyPrefix: string;
  /** Size of each part of a multipart upload (bytes, at least 5 MiB). */
  partSize: number;
  /** Keys per DeleteObjects request: S3's limit, 1000, unless a test wants smaller batches. */
  deleteBatch?: number;
}

/** DeleteObjects takes at most this many keys. */
const MAX_DELETE_BATCH = 1000;

/**
 * BlobStore on an S3-compatible bucket with the AWS SDK v3. Credentials come from the SDK's
 * default chain (environment, profile, web identity, container or instance role). Streams go both
 * ways: putStream is a multipart Upload holding at most a few parts in memory, stream() hands out
 * the response body as it arrives.
 */
export class S3BlobStore implements BlobStore, PresignedPut {
  private readonly client: S3Client;
  private readonly presigner: S3Client;

  constructor(private readonly opts: S3BlobStoreOptions) {
    this.client = clientFor(opts, opts.endpoint);
    this.presigner =
      opts.publicEndpoint === undefined ? this.client : clientFor(opts, opts.publicEndpoint);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.opts.bucket, Key: this.keyOf(key), Body: data }),
    );
  }

  async putStream(key: string, data: AsyncIterable<Buffer>): Promise<void> {
    // Upload sends one PutObject for a small body and a multipart upload otherwise; a failing
    // body aborts the multipart upload (leavePartsOnError: false), so no object is created.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.opts.bucket, Key: this.keyOf(key), Body: Readable.from(data) },
      partSize: this.opts.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.stream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * A GET with If-Match (S3 answers 412 for another version), the response's ETag compared as
   * well (for servers that ignore If-Match), and its Content-Length checked before the body is
   * read; the body is then counted as it arrives.
   */
  async getExpected(key: string, expect: ExpectedBlob): Promise<Buffer> {
    const replaced = () =>
      new BlobChangedError(key, 'replaced', `was replaced: its ETag is no longer ${expect.etag}`);
    let body: Readable | undefined;
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.opts.bucket,
          Key: this.keyOf(key),
          ...(expect.etag === undefined ? {} : { IfMatch: expect.etag }),
        }),
      );
      if (!(res.Body instanceof Readable)) throw new Error(`No body for object '${key}'`);
      body = res.Body;
      if (expect.etag !== undefined && res.ETag !== expect.etag) throw replaced();
      if ((res.ContentLength ?? 0) > expect.maxBytes) {
        throw new BlobChangedError(key, 'longer', `is longer than ${expect.maxBytes} bytes`);
      }
      return await collectAtMost(body, key, expect.maxBytes);
    } catch (err) {
      if (preconditionFailed(err)) throw replaced();
      throw notFound(err, key);
    } finally {
      body?.destroy();
    }
  }

  async stream(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.keyOf(key) }),
      );
      if (!(res.Body instanceof Readable)) throw new Error(`No body for object '${key}'`);
      return res.Body;
    } catch (err) {
      throw notFound(err, key);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Each round lists from the start what is left: what a round deletes cannot shift the next
    // page, whatever the server's continuation tokens mean.
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.opts.bucket,
          Prefix: this.keyOf(prefix),
          MaxKeys: Math.min(this.opts.deleteBatch ?? MAX_DELETE_BATCH, MAX_DELETE_BATCH),
        }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key === undefined ? [] : [o.Key]));
      if (keys.length > 0) await this.deleteKeys(keys);
      if (page.IsTruncated !== true || keys.length === 0) return;
    }
  }

  async head(key: string): Promise<ObjectInfo | undefined> {
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.opts.bucket, Key: this.keyOf(key) }),
      );
      return {
        size: res.ContentLength ?? 0,
        lastModified: res.LastModified?.getTime() ?? 0,
        contentType: res.ContentType,
        contentEncoding: res.ContentEncoding,
        contentDisposition: res.ContentDisposition,
        etag: res.ETag,
      };
    } catch (err) {
      if (notFound(err, key) instanceof NotFoundError) return undefined;
      throw err;
    }
  }

  /**
   * A URL that PUTs the object, valid from `signedAt` for `lifetimeMs`. The same arguments give
   * the same URL (as long as the credentials are the same).
   */
  async presignPut(key: string, at: { signedAt: number; lifetimeMs: number }): Promise<string> {
    return getSignedUrl(
      this.presigner,
      new PutObjectCommand({ Bucket: this.opts.bucket, Key: this.keyOf(key) }),
      { expiresIn: Math.round(at.lifetimeMs / 1000), signingDate: new Date(at.signedAt) },
    );
  }

  /** Whether the bucket answers with these credentials: rejects with the reason otherwise. */
  async check(signal?: AbortSignal): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }), {
      ...(signal === undefined ? {} : { abortSignal: signal }),
    });
  }

  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    const res = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.opts.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = res.Errors ?? [];
    if (failed.length > 0) {
      const first = failed[0];
      throw new Error(
        `Could not delete ${failed.length} object(s) from bucket '${this.opts.bucket}', e.g. '${first?.Key ?? '?'}': ${first?.Code ?? ''} ${first?.Message ?? ''}`,
      );
    }
  }

  private keyOf(key: string): string {
    return `${this.opts.keyPrefix}${key}`;
  }
}

function clientFor(opts: S3BlobStoreOptions, endpoint: string | undefined): S3Client {
  return new S3Client({
    ...(opts.region === undefined ? {} : { region: opts.region }),
    ...(endpoint === undefined ? {} : { endpoint }),
    forcePathStyle: opts.forcePathStyle,
    // Only when the server asks for it: S3-compatible servers differ on the new default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function notFound(err: unknown, key: string): unknown {
  // GetObject says NoSuchKey; HeadObject, which has no body, NotFound.
  const name = (err as { name?: unknown }).name;
  return name === 'NoSuchKey' || name === 'NotFound'
    ? new NotFoundError(`No stored object '${key}'`)
    : err;
}

function preconditionFailed(err: unknown): boolean {
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412;
}
