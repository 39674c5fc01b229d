import type { BlobStore, PresignedPut } from '../blob/blob-store';
import { FsBlobStore } from '../blob/fs-blob-store';
import { S3BlobStore } from '../blob/s3-blob-store';
import { type Config, ConfigError } from '../config/config';

/**
 * The blob store a configuration asks for (BLOB_STORE), built here and nowhere else: the local
 * filesystem under DATA_DIR/blobs, or an S3-compatible bucket, whose presigned PUT URLs then
 * serve as bulk upload URLs (docs/operations/object-storage.md).
 */
export interface ConfiguredBlobStore {
  readonly kind: Config['blobs']['store'];
  readonly store: BlobStore;
  /** Set in s3 mode: bulk files are PUT straight into the bucket. */
  readonly presigned: PresignedPut | undefined;
  /** Rejects with a ConfigError saying why when the store cannot be used (start-up check). */
  ready(): Promise<void>;
  close(): void;
}

/** How long the start-up check waits for the bucket to answer. */
const READY_TIMEOUT_MS = 15_000;

export function blobStoreFromConfig(config: Config): ConfiguredBlobStore {
  const blobs = config.blobs;
  if (blobs.store === 'fs') {
    return {
      kind: 'fs',
      store: new FsBlobStore(config.sync.blobDir),
      presigned: undefined,
      ready: () => Promise.resolve(),
      close: () => undefined,
    };
  }
  const store = new S3BlobStore(blobs);
  return {
    kind: 's3',
    store,
    presigned: store,
    ready: async () => {
      try {
        await store.check(AbortSignal.timeout(READY_TIMEOUT_MS));
      } catch (err) {
        const where = blobs.endpoint === undefined ? '' : ` at ${blobs.endpoint}`;
        throw new ConfigError([
          `BLOB_STORE=s3: cannot use bucket '${blobs.bucket}'${where}: ${reason(err)} (check S3_BUCKET, S3_ENDPOINT, S3_REGION and the AWS credentials)`,
        ]);
      }
    },
    close: () => store.close(),
  };
}

function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return 'the bucket does not exist (HTTP 404)';
  if (status === 403) return 'access denied (HTTP 403): the credentials may not use the bucket';
  if (status !== undefined) return `HTTP ${status} ${err.name}`;
  // No answer: the connection failed (ECONNREFUSED, ENOTFOUND, a timeout) or no credentials.
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && !err.message.includes(code)
    ? `${err.message} (${code})`
    : err.message || err.name;
}
