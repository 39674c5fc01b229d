import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Suite } from 'mocha';
import { type LocalS3Mock, S3MOCK_CREDENTIALS, sharedS3Mock } from './s3mock';

/**
 * The blob stores the sync, raw-data and bulk-upload suites run on: the filesystem (the default)
 * and S3 (BLOB_STORE=s3 against the run's S3Mock, test/helpers/s3mock.ts). forEachBlobStore runs a
 * describe block once per store; while the s3 one runs, the services and API servers the harness
 * builds (testConfig, testServices, testApp, startTestApi) keep their blobs in the bucket, and
 * listBlobKeys/readBlob look there.
 */
export type TestBlobStore = 'fs' | 's3';

let current: { kind: 'fs' } | { kind: 's3'; mock: LocalS3Mock } = { kind: 'fs' };

/** Every key of the run's S3 blobs starts with this (a fresh one per test process). */
const KEY_PREFIX = `test-${process.pid}-${Date.now().toString(36)}/`;

export function currentBlobStore(): TestBlobStore {
  return current.kind;
}

/** The S3Mock of the current describeOnS3/forEachBlobStore block (fails outside one). */
export function currentS3Mock(): LocalS3Mock {
  if (current.kind !== 's3') throw new Error('not inside an s3 blob store block');
  return current.mock;
}

/** The bucket key of a blob key of the current s3 block (the run's key prefix before it). */
export function s3KeyOf(key: string): string {
  return `${KEY_PREFIX}${key}`;
}

/** The settings that put a service's blobs where the current describe block wants them. */
export function blobStoreEnv(): Record<string, string> {
  if (current.kind === 'fs') return {};
  return s3Env(current.mock);
}

/** BLOB_STORE=s3 on the given S3Mock (with its credentials, for processes started with it). */
export function s3Env(mock: LocalS3Mock, keyPrefix = KEY_PREFIX): Record<string, string> {
  return {
    BLOB_STORE: 's3',
    S3_BUCKET: mock.bucket,
    S3_ENDPOINT: mock.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: S3MOCK_CREDENTIALS.AWS_REGION,
    S3_KEY_PREFIX: keyPrefix,
  };
}

/**
 * Defines `title` once per blob store: as is for fs, `title [s3]` for S3, whose block starts the
 * run's S3Mock (once) and makes the harness build S3-backed services until it ends.
 */
export function forEachBlobStore(
  title: string,
  body: (this: Suite, store: TestBlobStore) => void,
): void {
  describe(title, function () {
    body.call(this, 'fs');
  });
  describeOnS3(title, function () {
    body.call(this, 's3');
  });
}

/** Defines `title [s3]` only: what exists in S3 mode alone (presigned bulk upload URLs). */
export function describeOnS3(title: string, body: (this: Suite) => void): void {
  describe(`${title} [s3]`, function () {
    let before_: typeof current = { kind: 'fs' };
    before(async function () {
      this.timeout(600_000); // the first run downloads S3Mock
      before_ = current;
      current = { kind: 's3', mock: await sharedS3Mock() };
    });
    after(() => {
      current = before_;
    });
    body.call(this);
  });
}

/**
 * The keys under `prefix` (e.g. `staging/<account>/<job>`), relative to it and sorted, in the
 * current store: under `fsRoot` (a blobs directory) for fs, in the bucket for s3.
 */
export async function listBlobKeys(fsRoot: string, prefix: string): Promise<string[]> {
  if (current.kind === 'fs') {
    const dir = path.join(fsRoot, prefix);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => path.relative(dir, path.join(f.parentPath, f.name)))
      .sort();
  }
  const client = s3Client(current.mock);
  try {
    const full = `${KEY_PREFIX}${prefix.replace(/\/+$/, '')}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: current.mock.bucket,
          Prefix: full,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) if (o.Key !== undefined) keys.push(o.Key);
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return keys.map((k) => k.slice(full.length)).sort();
  } finally {
    client.destroy();
  }
}

/** The bytes of one blob of the current store (`fsRoot` as for listBlobKeys). */
export async function readBlob(fsRoot: string, key: string): Promise<Buffer> {
  if (current.kind === 'fs') return fs.readFileSync(path.join(fsRoot, key));
  const client = s3Client(current.mock);
  try {
    const res = await client.send(
      new GetObjectCommand({ Bucket: current.mock.bucket, Key: `${KEY_PREFIX}${key}` }),
    );
    return Buffer.from(await res.Body!.transformToByteArray());
  } finally {
    client.destroy();
  }
}

/** A client of the S3Mock, as a tool outside graphsync would use it. */
export function s3Client(mock: LocalS3Mock): S3Client {
  return new S3Client({
    endpoint: mock.endpoint,
    forcePathStyle: true,
    region: S3MOCK_CREDENTIALS.AWS_REGION,
    credentials: {
      accessKeyId: S3MOCK_CREDENTIALS.AWS_ACCESS_KEY_ID,
      secretAccessKey: S3MOCK_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
    },
  });
}

/**
 * Staged file names as tests compare them: a batch's file is named by a random id
 * (src/sync/staging/staging.ts), shown as `batch-<id>.json.gz`.
 */
export function shownStagedNames(names: string[]): string[] {
  return names.map((name) => name.replace(/^batch-[0-9a-f-]{36}\.json\.gz$/, 'batch-<id>.json.gz'));
}
