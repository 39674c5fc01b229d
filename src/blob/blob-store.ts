import type { Readable } from 'node:stream';

/**
 * Where staged uploads and raw-data content live: a flat namespace of keys such as
 * `staging/<accountId>/<jobId>/000001.json`. The local filesystem implements it by default; an
 * S3-compatible implementation fits the same interface (put/get/stream/delete by prefix).
 */
export interface BlobStore {
  /** Writes (or overwrites) one object. Resolves once it is durable. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes one object from a stream (large content is never buffered whole). Resolves once it is
   * durable; if the stream fails, nothing is stored under the key and the stream's error rejects.
   */
  putStream(key: string, data: AsyncIterable<Buffer>): Promise<void>;
  /** Reads one object; rejects with a NotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /**
   * Reads one object whole if it is still the one expected: at most `maxBytes` long and, when
   * `etag` is given, with that ETag (a conditional GET). Otherwise rejects with a BlobChangedError
   * without buffering more than `maxBytes`; with a NotFoundError when there is none. A store
   * without ETags (the filesystem: graphsync writes each key once) checks the size only.
   */
  getExpected(key: string, expect: ExpectedBlob): Promise<Buffer>;
  /** Streams one object (large content is never buffered whole). */
  stream(key: string): Promise<Readable>;
  /** Deletes every object whose key starts with the prefix; no error when there is none. */
  deletePrefix(prefix: string): Promise<void>;
}

/** What getExpected holds an object to. */
export interface ExpectedBlob {
  maxBytes: number;
  etag?: string;
}

/** The object is not the one expected (getExpected): replaced, or longer than allowed. */
export class BlobChangedError extends Error {
  constructor(
    key: string,
    readonly reason: 'replaced' | 'longer',
    why: string,
  ) {
    super(`The stored object '${key}' ${why}`);
    this.name = 'BlobChangedError';
  }
}

/** The bytes of a body, collected while they stay within maxBytes (else a BlobChangedError). */
export async function collectAtMost(
  body: AsyncIterable<Buffer>,
  key: string,
  maxBytes: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes)
      throw new BlobChangedError(key, 'longer', `is longer than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const SAFE_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Joins key segments, refusing anything that could escape the namespace ('..', '/', empty). */
export function blobKey(...segments: string[]): string {
  for (const s of segments) {
    if (!SAFE_SEGMENT.test(s) || s === '.' || s === '..') {
      throw new Error(`Unsafe blob key segment '${s}'`);
    }
  }
  return segments.join('/');
}

/** Account ids are free text; blob key segments are not: an unsafe id is hex-encoded. */
export function accountSegment(accountId: string): string {
  return SAFE_SEGMENT.test(accountId) && accountId !== '.' && accountId !== '..'
    ? accountId
    : `x-${Buffer.from(accountId).toString('hex')}`;
}

/** What an object store tells of one object without reading it (HeadObject). */
export interface ObjectInfo {
  size: number;
  lastModified: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  contentDisposition: string | undefined;
  /** Names this content of the object: getExpected reads this very object back with it. */
  etag: string | undefined;
}

/**
 * A store that clients can write to directly, with a presigned PUT URL (S3): the bulk upload URL
 * in that mode (src/sync/staging/bulk-upload-presigned.ts).
 */
export interface PresignedPut {
  /** The URL that PUTs `key`, valid from signedAt for lifetimeMs; the same input, the same URL. */
  presignPut(key: string, at: { signedAt: number; lifetimeMs: number }): Promise<string>;
  /** The object's size and headers; undefined when there is none. */
  head(key: string): Promise<ObjectInfo | undefined>;
}
