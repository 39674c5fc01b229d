import type { Env } from './env-schema';

/** BLOB_STORE=fs: under DATA_DIR/blobs (config.sync.blobDir); s3: a bucket (the S3_* settings). */
export type BlobConfig =
  | { readonly store: 'fs' }
  | {
      readonly store: 's3';
      readonly bucket: string;
      /** Unset: the AWS SDK's region chain (AWS_REGION, the profile). */
      readonly region: string | undefined;
      /** An S3-compatible server; unset: AWS S3. */
      readonly endpoint: string | undefined;
      /** The endpoint in the presigned bulk upload URLs; unset: `endpoint`. */
      readonly publicEndpoint: string | undefined;
      readonly forcePathStyle: boolean;
      /** Prepended to every key ('' or ending in '/'). */
      readonly keyPrefix: string;
      /** Bytes per part of a multipart upload. */
      readonly partSize: number;
    };

/**
 * The blob store settings, checked together: S3 settings without BLOB_STORE=s3 are a mistake
 * (blobs would silently stay local), and s3 needs a bucket.
 */
export function blobConfig(e: Env, fail: (problem: string) => never): BlobConfig {
  const s3Settings = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_KEY_PREFIX'] as const;
  if (e.BLOB_STORE === 'fs') {
    const stray = s3Settings.filter((name) => e[name] !== undefined);
    if (stray.length > 0) {
      fail(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but BLOB_STORE is fs: set BLOB_STORE=s3 to keep blobs in S3`,
      );
    }
    return { store: 'fs' };
  }
  if (e.S3_BUCKET === undefined) {
    fail('S3_BUCKET is required when BLOB_STORE=s3 (the bucket to keep blobs in)');
  }
  return {
    store: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    publicEndpoint: e.S3_PUBLIC_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    keyPrefix: e.S3_KEY_PREFIX ?? '',
    partSize: e.S3_PART_SIZE,
  };
}
