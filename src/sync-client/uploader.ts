import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ApiError, type SyncApi } from './api-client';
import { aboutObject, pointedObject } from './object-errors';
import { InputError, type SourceObject } from './source-object';

const gzip = promisify(zlib.gzip);

/**
 * The API's MAX_BODY_SIZE is 10 MB by default, counted decompressed: a batch whose JSON is larger
 * than this is sent in halves.
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
  let batch: SourceObject[] = [];
  const dispatch = async (objectsOfBatch: SourceObject[]): Promise<void> => {
    while (inFlight.size >= settings.concurrency) await Promise.race(inFlight);
    if (failure !== undefined) return;
    const sending = sendBatch(api, jobId, objectsOfBatch, settings, tally)
      .then(() => onProgress({ ...tally }))
      .catch((err: unknown) => {
        failure ??= err instanceof Error ? err : new Error(String(err));
      })
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };
  try {
    for await (const object of objects) {
      if (failure !== undefined) break;
      batch.push(object);
      if (batch.length >= settings.batchSize) {
        await dispatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0 && failure === undefined) await dispatch(batch);
  } finally {
    await Promise.all(inFlight);
  }
  if (failure !== undefined) throw failure;
  return tally;
}

async function sendBatch(
  api: SyncApi,
  jobId: string,
  objects: SourceObject[],
  settings: UploadSettings,
  tally: UploadTally,
): Promise<void> {
  const sent = {
    entities: objects.filter((o) => o.kind === 'entity'),
    relationships: objects.filter((o) => o.kind === 'relationship'),
  };
  // An empty list is left out: the API refuses an empty `entities` next to relationships.
  const body: Record<string, unknown[]> = {};
  if (sent.entities.length > 0) body.entities = sent.entities.map((o) => o.object);
  if (sent.relationships.length > 0) body.relationships = sent.relationships.map((o) => o.object);
  const json = Buffer.from(JSON.stringify(body), 'utf8');
  if (json.length > MAX_BATCH_BYTES && objects.length > 1) {
    const half = Math.ceil(objects.length / 2);
    await sendBatch(api, jobId, objects.slice(0, half), settings, tally);
    await sendBatch(api, jobId, objects.slice(half), settings, tally);
    return;
  }
  const bytes = await gzip(json);
  const number = ++tally.batches;
  try {
    await api.upload(jobId, bytes, `${settings.runId}-${number}`);
  } catch (err) {
    throw rejection(err, sent);
  }
  tally.entities += sent.entities.length;
  tally.relationships += sent.relationships.length;
  tally.bytesSent += bytes.length;
}

/** A 400 about one object names it; other 4xx say what the API said. */
function rejection(
  err: unknown,
  sent: { entities: SourceObject[]; relationships: SourceObject[] },
): unknown {
  if (!(err instanceof ApiError) || err.status >= 500) return err;
  if (err.status === 401 || err.status === 403 || err.status === 404) return err;
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
