import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { redisUrl, TEST_SECRETS_KEY } from '../helpers/harness';
import { runCli } from '../helpers/processes';
import { freePort } from '../helpers/redis-server';
import { S3MOCK_CREDENTIALS } from '../helpers/s3mock';

/**
 * BLOB_STORE=s3 misconfigured: `graphsync serve` and `graphsync worker` (real processes) stop at
 * start-up with one line that says what is wrong, exit 1, and write nothing under DATA_DIR's blobs.
 */
describe('BLOB_STORE=s3 misconfigured: start-up fails with the reason (real processes)', function () {
  this.timeout(120_000);
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-blob-start-'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
    ...process.env,
    ...S3MOCK_CREDENTIALS,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl(),
    INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
    // The SDK's notice that later versions need Node 22 is not what these tests read.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...extra,
  });

  it('without S3_BUCKET', async () => {
    for (const command of ['serve', 'worker']) {
      const res = await runCli([command], env({ BLOB_STORE: 's3' }));
      assert.equal(res.code, 1, command);
      assert.equal(
        res.stderr,
        'Invalid configuration:\n  - S3_BUCKET is required when BLOB_STORE=s3 (the bucket to keep blobs in)\n',
        command,
      );
    }
  });

  it('with S3 settings but BLOB_STORE left at fs', async () => {
    const res = await runCli(['serve'], env({ S3_BUCKET: 'graphsync-blobs' }));
    assert.equal(res.code, 1);
    assert.equal(
      res.stderr,
      'Invalid configuration:\n  - S3_BUCKET is set but BLOB_STORE is fs: set BLOB_STORE=s3 to keep blobs in S3\n',
    );
  });

  it('with an endpoint that does not answer', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    for (const command of ['serve', 'worker']) {
      const res = await runCli(
        [command],
        env({
          BLOB_STORE: 's3',
          S3_BUCKET: 'graphsync-blobs',
          S3_ENDPOINT: endpoint,
          S3_FORCE_PATH_STYLE: 'true',
        }),
      );
      assert.equal(res.code, 1, `${command}: ${res.stderr}`);
      assert.match(
        res.stderr,
        new RegExp(
          `^Invalid configuration:\\n  - BLOB_STORE=s3: cannot use bucket 'graphsync-blobs' at ${endpoint}: .*ECONNREFUSED.* \\(check S3_BUCKET, S3_ENDPOINT, S3_REGION and the AWS credentials\\)\\n$`,
        ),
        command,
      );
    }
    assert.equal(fs.existsSync(path.join(dataDir, 'blobs')), false);
  });
});
