/**
 * `--s3`: the service keeps its blobs (staged uploads, raw data) in S3, here a local S3Mock started
 * as the tests start it (test/helpers/s3mock.ts; the first use downloads its jar with Maven).
 */
import { S3MOCK_CREDENTIALS, startS3Mock } from '../../test/helpers/s3mock';
import { progress } from './util';

/** Starts S3Mock, queues its stop, and returns the service's environment for it. */
export async function s3BlobStore(
  stops: Array<() => Promise<void>>,
): Promise<Record<string, string>> {
  progress('Starting S3Mock...');
  const mock = await startS3Mock();
  stops.push(() => mock.stop());
  progress(`S3Mock at ${mock.endpoint}, bucket ${mock.bucket}`);
  return {
    ...S3MOCK_CREDENTIALS,
    BLOB_STORE: 's3',
    S3_BUCKET: mock.bucket,
    S3_ENDPOINT: mock.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: S3MOCK_CREDENTIALS.AWS_REGION,
    S3_KEY_PREFIX: `bench-${process.pid}/`,
  };
}
