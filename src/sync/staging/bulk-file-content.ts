import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ContractEnum } from '../../contract/contract-types';
import { AppError, DataRejectedError } from '../../errors/app-error';
import type { BulkFileInfo } from '../jobs/job-types';
import { formatOf, mediaTypeOf, type UploadFormat } from '../intake/upload-formats';

/**
 * What a bulk file's bytes mean: its format and compression, read from the headers it was sent
 * with (or, for an object store, the object's metadata); checked as the bytes arrive (size,
 * compression) and decoded at finalize.
 */
export const BULK_ENCODINGS = ['gzip', 'br', 'deflate'] as const;
export type BulkEncoding = ContractEnum<
  NonNullable<BulkFileInfo['contentEncoding']>,
  typeof BULK_ENCODINGS
>;

/** The fields of the contract's BulkFile that the headers give. */
export type BulkFileMeta = Pick<BulkFileInfo, 'contentType' | 'contentEncoding' | 'fileName'>;

/** The Content-Encoding of a bulk file: none, gzip, br or deflate; anything else is a 415. */
export function encodingOf(header: string | undefined): BulkEncoding | undefined {
  const value = (header ?? '').trim().toLowerCase();
  if (value === '' || value === 'identity') return undefined;
  const known = BULK_ENCODINGS.find((e) => e === value);
  if (known === undefined) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Unsupported Content-Encoding '${header}': send the bulk file as is, or gzip, br or deflate`,
    );
  }
  return known;
}

/**
 * The file name of a Content-Disposition header (`attachment; filename="graph.csv"`, or the
 * RFC 6266 `filename*=UTF-8''graph.csv`), without any directory part.
 */
export function fileNameOf(contentDisposition: string | undefined): string | undefined {
  if (contentDisposition === undefined) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(contentDisposition);
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(
    contentDisposition,
  );
  let name: string | undefined;
  if (extended?.[1] !== undefined) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  name ??= plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  const base = name?.split(/[/\\]/).pop()?.trim().slice(0, 255);
  return base === undefined || base === '' ? undefined : base;
}

/** A bulk file's headers as sent (or as an object store kept them). */
export interface BulkFileHeaders {
  contentType: string | undefined;
  contentEncoding: string | undefined;
  contentDisposition: string | undefined;
}

/**
 * What a bulk file's headers tell: its type, encoding and file name; 415 for an encoding it does
 * not know or when neither type nor name tell its format. `refusal` words that 415 for where the
 * file went: what could not be told (`format`) and how to send it again (`retry`).
 */
export function bulkFileMetaOf(
  headers: BulkFileHeaders,
  refusal: { format: string; retry: string },
): BulkFileMeta {
  const meta: BulkFileMeta = {
    ...optional('contentType', headers.contentType?.trim() || undefined),
    ...optional('contentEncoding', encodingOf(headers.contentEncoding)),
    ...optional('fileName', fileNameOf(headers.contentDisposition)),
  };
  if (bulkFileFormat(meta) === undefined) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Cannot tell ${refusal.format} Content-Type '${meta.contentType ?? '(none)'}'` +
        (meta.fileName === undefined ? '' : ` and file name '${meta.fileName}'`) +
        `: ${refusal.retry} a JSON, CSV or YAML Content-Type, or application/octet-stream with a ` +
        'Content-Disposition filename ending in .json, .csv or .yaml',
    );
  }
  return meta;
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/**
 * The format of a bulk file: named by its Content-Type; when that is absent or the generic
 * `application/octet-stream`, by its file name's extension. Undefined when neither tells.
 */
export function bulkFileFormat(meta: BulkFileMeta): UploadFormat | undefined {
  const type = mediaTypeOf(meta.contentType);
  if (type === '' || type === 'application/octet-stream') {
    return meta.fileName === undefined ? undefined : formatOf(undefined, meta.fileName);
  }
  return formatOf(meta.contentType);
}

function decoder(encoding: BulkEncoding): zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate {
  switch (encoding) {
    case 'gzip':
      return zlib.createGunzip();
    case 'br':
      return zlib.createBrotliDecompress();
    case 'deflate':
      return zlib.createInflate();
  }
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError(
    'RequestEntityTooLargeException',
    `The bulk file is larger than the limit of ${maxBytes} bytes`,
  );
}

/**
 * Passes the bytes of a bulk file through unchanged (they are stored as sent) while checking
 * that they, and once decompressed their content, stay within maxBytes (413), and that they
 * decompress cleanly (400). Decompressed bytes are counted and dropped: memory stays at a few
 * chunks however large the file. A failure of the source itself (the client went away) is a 400.
 */
export async function* checkedBulkFile(
  source: AsyncIterable<Buffer>,
  opts: { encoding: BulkEncoding | undefined; maxBytes: number; stored: (bytes: number) => void },
): AsyncGenerator<Buffer> {
  const { encoding, maxBytes } = opts;
  let sent = 0;
  let decoded = 0;
  let failure: AppError | undefined;
  const unzip = encoding === undefined ? undefined : decoder(encoding);
  unzip?.on('data', (chunk: Buffer) => {
    decoded += chunk.length;
    if (decoded > maxBytes && failure === undefined) {
      failure = tooLarge(maxBytes);
      unzip.destroy();
    }
  });
  unzip?.on('error', (err) => {
    failure ??= new AppError(
      'BAD_REQUEST',
      `The bulk file could not be decompressed (${encoding}): ${err.message}`,
    );
  });
  const feed = async (chunk: Buffer) => {
    if (unzip === undefined || unzip.destroyed) return;
    if (!unzip.write(chunk)) await drained(unzip);
  };
  try {
    const chunks = source[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (err) {
        throw new AppError(
          'BAD_REQUEST',
          `The upload did not complete: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      if (next.done === true) break;
      sent += next.value.length;
      if (sent > maxBytes) throw tooLarge(maxBytes);
      await feed(next.value);
      if (failure !== undefined) throw failure;
      opts.stored(next.value.length);
      yield next.value;
    }
    if (unzip !== undefined) {
      unzip.end();
      await finished(unzip).catch(() => undefined);
    }
    if (failure !== undefined) throw failure;
  } finally {
    unzip?.destroy();
  }
}

/** Until a writable takes more (or is gone: its error is reported through its 'error' listener). */
async function drained(stream: Writable): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: done.signal }),
      once(stream, 'close', { signal: done.signal }),
    ]);
  } catch {
    // 'error': recorded by the stream's own listener
  } finally {
    done.abort();
  }
}

const inflate = {
  gzip: promisify(zlib.gunzip),
  br: promisify(zlib.brotliDecompress),
  deflate: promisify(zlib.inflate),
} as const;

/** The content of a stored bulk file, decompressed per its encoding: at finalize. */
export async function decodeBulkFile(
  bytes: Buffer,
  encoding: BulkEncoding | undefined,
  maxBytes: number,
): Promise<Buffer> {
  if (encoding === undefined) return bytes;
  try {
    return await inflate[encoding](bytes, { maxOutputLength: maxBytes });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new DataRejectedError(
      (err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE'
        ? `The bulk file is larger than ${maxBytes} bytes once decompressed (${encoding})`
        : `The bulk file could not be decompressed (${encoding}): ${message}`,
    );
  }
}
