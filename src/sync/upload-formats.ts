import { ValidationError } from '../errors/app-error';

/**
 * CONTRACT STUB (being implemented): turns the bytes of an upload (a request body or the bulk
 * file) into the same JSON-shaped body `{ entities?, relationships? }` whatever the format.
 */
export type UploadFormat = 'json' | 'csv' | 'yaml';

/** The format named by a Content-Type (parameters ignored) or, failing that, a file extension. */
export function formatOf(contentType: string | undefined, fileName?: string): UploadFormat | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (fileName?.toLowerCase().endsWith('.json')) return 'json';
  return undefined;
}

/** Parses already-decompressed bytes of the given format; malformed input is a ValidationError. */
export function parseUpload(bytes: Buffer, format: UploadFormat): unknown {
  if (format !== 'json') throw new ValidationError(`${format} is not supported yet`);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new ValidationError('The request body is not valid JSON');
  }
}
