import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ApiError, type SyncApi } from './api-client';
import { aboutObject, pointedObject } from './object-errors';
import { InputError, type SourceObject } from './source-object';

const gzip = promisify(zlib.gzip);

/**
 * The API's MAX_BODY_SIZE is 10 MB by default, counted decompressed: a batch is sent before its
 * JSON would grow past this, whatever --batch-size says.
 */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;

export interface UploadSettings {
  batchSize: number;
  concurrency: number;
  /** Prefix of each batch's correlation id (unique per run), so that a retried batch counts once. */
  runId: string;
}

export interface UploadTally {
  entities: number;
  relationships: number;
  batches: number;
  /** Compressed bytes sent. */
  bytesSent: number;
}

/** The API refused an upload (4xx): the data is at fault, named by file, place and key. */
export class UploadRejectedError extends Error {
  override readonly name = 'UploadRejectedError';
  constructor(
    message: string,
    readonly apiError: ApiError,
  ) {
    super(message);
  }
}

/**
 * Sends the objects to the job in batches of `batchSize` (entities and relationships together, to
 * `/upload`), gzipped, with at most `concurrency` requests in flight. Reading waits while that many
 * are in flight, so memory holds about `concurrency + 1` batches whatever the size of the input.
 * The first refused batch stops the upload (the batches in flight are waited for).
 */
export async function uploadAll(
  api: SyncApi,
  jobId: string,
  objects: AsyncIterable<SourceObject>,
  settings: UploadSettings,
  onProgress: (tally: UploadTally) => void,
): Promise<UploadTally> {
  const tally: UploadTally = { entities: 0, relationships: 0, batches: 0, bytesSent: 0 };
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  let batch = new Batch();
  const dispatch = async (full: Batch): Promise<void> => {
    while (inFlight.size >= settings.concurrency) await Promise.race(inFlight);
    if (failure !== undefined) return;
    const sending = sendBatch(api, jobId, full, settings, tally)
      .then(() => onProgress({ ...tally }))
      .catch((err: unknown) => {
        failure ??= err instanceof Error ? err : new Error(String(err));
      })
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };
  try {
    for await (const source of objects) {
      if (failure !== undefined) break;
      const json = JSON.stringify(source.object);
      if (batch.size > 0 && batch.bytes + json.length > MAX_BATCH_BYTES) {
        await dispatch(batch);
        batch = new Batch();
      }
      batch.add(source, json);
      if (batch.size >= settings.batchSize) {
        await dispatch(batch);
        batch = new Batch();
      }
    }
    if (batch.size > 0 && failure === undefined) await dispatch(batch);
  } finally {
    await Promise.all(inFlight);
  }
  if (failure !== undefined) throw failure;
  return tally;
}

/**
 * One request's objects, each serialized as it arrives: a batch waiting for its turn holds
 * compact JSON text, not object graphs (which would outlive the young generation and swell the
 * heap), and of each object only what names it in an error (its place and `_key`).
 */
class Batch {
  readonly json = { entities: [] as string[], relationships: [] as string[] };
  readonly sources = { entities: [] as SourceObject[], relationships: [] as SourceObject[] };
  bytes = 0;
  size = 0;

  add(source: SourceObject, json: string): void {
    const list = source.kind === 'entity' ? 'entities' : 'relationships';
    this.json[list].push(json);
    const key = source.object._key;
    this.sources[list].push({ ...source, object: key === undefined ? {} : { _key: key } });
    this.bytes += json.length + 1;
    this.size++;
  }

  /** The request body; an empty list is left out (the API refuses `entities: []` next to relationships). */
  body(): Buffer {
    const lists: string[] = [];
    for (const list of ['entities', 'relationships'] as const) {
      if (this.json[list].length > 0) lists.push(`"${list}":[${this.json[list].join(',')}]`);
    }
    return Buffer.from(`{${lists.join(',')}}`, 'utf8');
  }
}

async function sendBatch(
  api: SyncApi,
  jobId: string,
  batch: Batch,
  settings: UploadSettings,
  tally: UploadTally,
): Promise<void> {
  const bytes = await gzip(batch.body());
  const number = ++tally.batches;
  try {
    await api.upload(jobId, bytes, `${settings.runId}-${number}`);
  } catch (err) {
    throw rejection(err, batch.sources);
  }
  tally.entities += batch.sources.entities.length;
  tally.relationships += batch.sources.relationships.length;
  tally.bytesSent += bytes.length;
}

/** A 400 about one object names it; a 400 or 413 about the batch says what the API said. */
function rejection(
  err: unknown,
  sent: { entities: SourceObject[]; relationships: SourceObject[] },
): unknown {
  // Only 400 (a rule broken) and 413 (too large) are the data's fault; any other answer (401, 403,
  // 404, 409 a job no longer awaiting uploads, 429 after the retries, 5xx) is the service's.
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 413)) return err;
  const object = pointedObject(err.message, sent);
  const where = object === undefined ? 'An upload was refused' : aboutObject(object, err.message);
  const message =
    object === undefined
      ? `${where}: ${err.status} ${err.code}: ${err.message}`
      : `${where} (${err.status} ${err.code})`;
  if (err.status === 413) {
    return new InputError(`${message}; send smaller batches with --batch-size`);
  }
  return new UploadRejectedError(message, err);
}
