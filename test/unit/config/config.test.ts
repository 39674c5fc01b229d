import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config/config';
import { repoRoot } from '../../../src/paths';

describe('loadConfig', () => {
  it('applies the documented defaults, without REDIS_URL', () => {
    const c = loadConfig({});
    assert.equal(c.http.port, 8080);
    assert.equal(c.http.host, '127.0.0.1');
    assert.equal(c.http.maxBodySize, '10mb');
    assert.equal(c.dataDir, path.join(repoRoot, '.data'));
    assert.equal(c.neo4j.uri, undefined);
    assert.equal(c.neo4j.database, 'neo4j');
    assert.deepEqual(c.neo4j.local, {
      port: 7687,
      portChosen: false,
      heap: '1g',
      pagecache: '256m',
    });
    assert.equal(c.redisUrl, undefined);
    assert.equal(c.adminToken, undefined);
    assert.equal(c.logLevel, 'info');
  });

  it('reads REDIS_URL (whose presence chooses the queue runtime: test/unit/compose)', () => {
    const c = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' });
    assert.equal(c.redisUrl, 'redis://127.0.0.1:6379');
  });

  it('treats empty strings as unset', () => {
    const c = loadConfig({
      NEO4J_URI: '',
      REDIS_URL: ' ',
      ADMIN_TOKEN: '',
      PORT: '',
      NEO4J_LOCAL_PORT: ' ',
    });
    assert.equal(c.http.port, 8080);
    assert.equal(c.neo4j.local.port, 7687);
    assert.equal(c.neo4j.local.portChosen, false);
    assert.equal(c.neo4j.uri, undefined);
    assert.equal(c.redisUrl, undefined);
    assert.equal(c.adminToken, undefined);
  });

  it('records whether NEO4J_LOCAL_PORT was chosen (a taken chosen port stops start-up)', () => {
    assert.deepEqual(
      [
        loadConfig({ NEO4J_LOCAL_PORT: '7687' }).neo4j.local.portChosen,
        loadConfig({}).neo4j.local.portChosen,
      ],
      [true, false],
    );
    assert.equal(loadConfig({ NEO4J_LOCAL_PORT: '0' }).neo4j.local.port, 0);
  });

  it('returns a deeply frozen object', () => {
    const c = loadConfig({});
    assert.ok(Object.isFrozen(c));
    assert.ok(Object.isFrozen(c.neo4j.local));
  });

  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /^PORT must be a number \(got 'abc'\)$/],
    [{ PORT: '70000' }, /^PORT must be between 0 and 65535 \(got '70000'\)$/],
    [{ NEO4J_URI: 'http://x' }, /^NEO4J_URI must be a bolt:\/\/ or neo4j:\/\/ URI$/],
    [{ REDIS_URL: 'localhost:6379' }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ ADMIN_TOKEN: 'short' }, /^ADMIN_TOKEN must be at least 16 characters when set$/],
    [{ MAX_BODY_SIZE: 'big' }, /^MAX_BODY_SIZE must be a size such as '10mb'/],
    [{ NEO4J_LOCAL_HEAP: '1 gig' }, /^NEO4J_LOCAL_HEAP must be a JVM size/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
    [{ BULK_UPLOAD_MAX_SIZE: 'huge' }, /^BULK_UPLOAD_MAX_SIZE must be a size such as '10mb'/],
    [{ BULK_UPLOAD_MAX_SIZE: '1gb' }, /^BULK_UPLOAD_MAX_SIZE must be between 1 byte and 500mb/],
    [{ BULK_UPLOAD_MAX_SIZE: '0' }, /^BULK_UPLOAD_MAX_SIZE must be between 1 byte and 500mb/],
    [{ PUBLIC_URL: 'graphsync.example.com' }, /^PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    [
      { PUBLIC_URL: 'https://x.example.com/?a=1' },
      /^PUBLIC_URL must be an http:\/\/ or https:\/\//,
    ],
    [{ UPLOAD_URL_SECRET: 'short' }, /^UPLOAD_URL_SECRET must be at least 32 characters when set$/],
    [{ RAW_DATA_VERSIONS_KEPT: '0' }, /^RAW_DATA_VERSIONS_KEPT must be at least 1 \(got '0'\)$/],
    [{ RAW_DATA_VERSIONS_KEPT: '1001' }, /^RAW_DATA_VERSIONS_KEPT must be at most 1000/],
    [{ RAW_DATA_VERSIONS_KEPT: 'ten' }, /^RAW_DATA_VERSIONS_KEPT /],
    [{ QUERY_MAX_PAGE_SIZE: '100' }, /^QUERY_MAX_PAGE_SIZE must be at least 250/],
    [{ QUERY_MAX_PAGE_SIZE: '10001' }, /^QUERY_MAX_PAGE_SIZE must be at most 10000/],
    [{ QUERY_TIMEOUT: 'soon' }, /^QUERY_TIMEOUT must be a duration/],
    [
      { RULE_SCHEDULE_OVERRIDE: 'soon' },
      /^RULE_SCHEDULE_OVERRIDE must be a duration such as '30s', '5m', '24h' or milliseconds \(got 'soon'\)$/,
    ],
    [
      { RULE_SCHEDULE_OVERRIDE: '99ms' },
      /^RULE_SCHEDULE_OVERRIDE must be at least 100ms \(got '99ms'\)$/,
    ],
    [
      { RULE_SCHEDULE_OVERRIDE: '0' },
      /^RULE_SCHEDULE_OVERRIDE must be at least 100ms \(got '0'\)$/,
    ],
    [{ RULE_EVALUATIONS_KEPT: '0' }, /^RULE_EVALUATIONS_KEPT must be at least 1 \(got '0'\)$/],
    [
      { RULE_EVALUATIONS_KEPT: '10001' },
      /^RULE_EVALUATIONS_KEPT must be at most 10000 \(got '10001'\)$/,
    ],
    [{ RULE_EVALUATIONS_KEPT: 'ten' }, /^RULE_EVALUATIONS_KEPT .*\(got 'ten'\)$/],
    // Secrets are never echoed.
    [
      { INTEGRATION_SECRETS_KEY: 'c2hvcnQ=' },
      /^INTEGRATION_SECRETS_KEY must be 32 bytes in base64 \(openssl rand -base64 32\)$/,
    ],
    [{ SMTP_URL: 'mail.example.com:25' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL$/],
    [{ OUTBOUND_TIMEOUT: 'soon' }, /^OUTBOUND_TIMEOUT must be a duration/],
    [{ OUTBOUND_ATTEMPTS: '0' }, /^OUTBOUND_ATTEMPTS must be at least 1 \(got '0'\)$/],
    [{ OUTBOUND_ATTEMPTS: '11' }, /^OUTBOUND_ATTEMPTS must be at most 10 \(got '11'\)$/],
    [{ OUTBOUND_BACKOFF: 'later' }, /^OUTBOUND_BACKOFF must be a duration/],
    [{ BLOB_STORE: 'gcs' }, /^BLOB_STORE Invalid option: expected one of "fs"\|"s3"/],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'Not_A_Bucket' }, /^S3_BUCKET must be an S3 bucket name/],
    [{ S3_ENDPOINT: 'minio:9000' }, /^S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /^S3_FORCE_PATH_STYLE must be 'true' or 'false'/],
    [{ S3_PART_SIZE: '1mb' }, /^S3_PART_SIZE must be between 5mb and 1gb/],
    [{ S3_KEY_PREFIX: '../up' }, /^S3_KEY_PREFIX must be key segments/],
  ];
  for (const [env, message] of bad) {
    it(`rejects ${JSON.stringify(env)} naming the variable`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) =>
          err instanceof ConfigError && err.problems.length === 1 && message.test(err.problems[0]!),
      );
    });
  }

  it('serves query pages of at most 1000 rows and stops queries after 60 s unless told otherwise', () => {
    const bounds = { maxTraversals: 12, maxColumns: 100, maxCypherLength: 65_536 };
    assert.deepEqual(loadConfig({}).query, {
      maxPageSize: 1000,
      timeoutMs: 60_000,
      bounds,
      ruleMaxRows: 100_000,
      historyRetentionMs: 90 * 86_400_000,
    });
    assert.deepEqual(loadConfig({ QUERY_MAX_PAGE_SIZE: '5000', QUERY_TIMEOUT: '5s' }).query, {
      maxPageSize: 5000,
      timeoutMs: 5000,
      bounds,
      ruleMaxRows: 100_000,
      historyRetentionMs: 90 * 86_400_000,
    });
  });

  it('bounds J1QL and rule rows, and limits rates, failed keys and concurrent queries generously unless told otherwise', () => {
    assert.deepEqual(loadConfig({}).limits, {
      concurrentPerAccount: 8,
      rateWindowMs: 60_000,
      ratePerKey: 6000,
      ratePerAccount: 12_000,
      authFailures: 30,
    });
    const told = loadConfig({
      J1QL_MAX_TRAVERSALS: '3',
      J1QL_MAX_COLUMNS: '4',
      J1QL_MAX_CYPHER_LENGTH: '5000',
      RULE_QUERY_MAX_ROWS: '6',
      ACCOUNT_MAX_CONCURRENT: '2',
      RATE_LIMIT_WINDOW: '10s',
      RATE_LIMIT_PER_KEY: '7',
      RATE_LIMIT_PER_ACCOUNT: '8',
      AUTH_FAILURE_LIMIT: '9',
    });
    assert.deepEqual(told.query.bounds, { maxTraversals: 3, maxColumns: 4, maxCypherLength: 5000 });
    assert.equal(told.query.ruleMaxRows, 6);
    assert.deepEqual(told.limits, {
      concurrentPerAccount: 2,
      rateWindowMs: 10_000,
      ratePerKey: 7,
      ratePerAccount: 8,
      authFailures: 9,
    });
    assert.throws(
      () => loadConfig({ J1QL_MAX_TRAVERSALS: '0' }),
      /J1QL_MAX_TRAVERSALS must be at least 1/,
    );
    assert.throws(
      () => loadConfig({ RATE_LIMIT_WINDOW: '10ms' }),
      /RATE_LIMIT_WINDOW must be at least 1s/,
    );
  });

  it('runs rules on their own intervals and keeps 100 evaluations per rule unless told otherwise', () => {
    assert.deepEqual(loadConfig({}).rules, {
      scheduleOverrideMs: undefined,
      evaluationsKept: 100,
      scheduleHealIntervalMs: 30_000,
    });
    assert.deepEqual(
      loadConfig({
        RULE_SCHEDULE_OVERRIDE: '300ms',
        RULE_EVALUATIONS_KEPT: '5',
        RULE_SCHEDULE_HEAL_INTERVAL: '5s',
      }).rules,
      { scheduleOverrideMs: 300, evaluationsKept: 5, scheduleHealIntervalMs: 5000 },
    );
    assert.throws(
      () => loadConfig({ RULE_SCHEDULE_HEAL_INTERVAL: '500ms' }),
      /RULE_SCHEDULE_HEAL_INTERVAL must be at least 1s/,
    );
    assert.equal(loadConfig({ RULE_SCHEDULE_OVERRIDE: '2s' }).rules.scheduleOverrideMs, 2000);
    assert.equal(loadConfig({ RULE_SCHEDULE_OVERRIDE: '100' }).rules.scheduleOverrideMs, 100);
    assert.deepEqual(loadConfig({ RULE_SCHEDULE_OVERRIDE: '', RULE_EVALUATIONS_KEPT: ' ' }).rules, {
      scheduleOverrideMs: undefined,
      evaluationsKept: 100,
      scheduleHealIntervalMs: 30_000,
    });
  });

  it("hands a dead worker's finalization over within 10 s and a quarter, and reconciles every 10 s", () => {
    const { queue } = loadConfig({});
    assert.equal(queue.lockDurationMs, 10_000);
    assert.equal(queue.reconcileIntervalMs, 10_000);
    const set = loadConfig({ QUEUE_LOCK_DURATION: '2s', QUEUE_RECONCILE_INTERVAL: '1s' }).queue;
    assert.deepEqual([set.lockDurationMs, set.reconcileIntervalMs], [2000, 1000]);
  });

  it('keeps 10 raw-data versions per entry unless RAW_DATA_VERSIONS_KEPT says otherwise', () => {
    assert.equal(loadConfig({}).sync.rawDataVersionsKept, 10);
    assert.equal(loadConfig({ RAW_DATA_VERSIONS_KEPT: '3' }).sync.rawDataVersionsKept, 3);
    assert.equal(loadConfig({ RAW_DATA_VERSIONS_KEPT: '' }).sync.rawDataVersionsKept, 10);
  });

  it('keeps blobs under DATA_DIR unless BLOB_STORE=s3, which needs a bucket', () => {
    assert.deepEqual(loadConfig({}).blobs, { store: 'fs' });
    assert.deepEqual(
      loadConfig({
        BLOB_STORE: 's3',
        S3_BUCKET: 'graphsync-blobs',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_FORCE_PATH_STYLE: 'true',
        S3_KEY_PREFIX: 'prod/graphsync',
        S3_PART_SIZE: '16mb',
      }).blobs,
      {
        store: 's3',
        bucket: 'graphsync-blobs',
        region: undefined,
        endpoint: 'http://minio:9000',
        publicEndpoint: undefined,
        forcePathStyle: true,
        keyPrefix: 'prod/graphsync/',
        partSize: 16 * 1024 ** 2,
      },
    );
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return err instanceof ConfigError ? err.problems : [String(err)];
      }
    };
    assert.deepEqual(problems({ BLOB_STORE: 's3' }), [
      'S3_BUCKET is required when BLOB_STORE=s3 (the bucket to keep blobs in)',
    ]);
    assert.deepEqual(problems({ S3_BUCKET: 'b1b', S3_ENDPOINT: 'http://s3:9090' }), [
      'S3_BUCKET, S3_ENDPOINT are set but BLOB_STORE is fs: set BLOB_STORE=s3 to keep blobs in S3',
    ]);
  });

  it('reads the bulk upload settings: size in bytes, public URL without trailing slash, secret', () => {
    const defaults = loadConfig({});
    assert.equal(defaults.sync.bulkUploadMaxBytes, 100 * 1024 * 1024);
    assert.equal(defaults.http.publicUrl, undefined);
    assert.equal(defaults.sync.uploadUrlSecret, undefined);
    const set = loadConfig({
      BULK_UPLOAD_MAX_SIZE: '2kb',
      PUBLIC_URL: 'https://graphsync.example.com/base/',
      UPLOAD_URL_SECRET: 's'.repeat(32),
    });
    assert.equal(set.sync.bulkUploadMaxBytes, 2048);
    assert.equal(set.http.publicUrl, 'https://graphsync.example.com/base');
    assert.equal(set.sync.uploadUrlSecret, 's'.repeat(32));
    assert.equal(
      loadConfig({ BULK_UPLOAD_MAX_SIZE: ' ' }).sync.bulkUploadMaxBytes,
      100 * 1024 ** 2,
    );
    assert.throws(
      () => loadConfig({ UPLOAD_URL_SECRET: 'not-long-enough' }),
      (err: unknown) => err instanceof ConfigError && !err.message.includes('not-long-enough'),
    );
  });

  it('resolves a relative DATA_DIR against the repository and keeps an absolute one', () => {
    assert.equal(loadConfig({ DATA_DIR: 'var/x' }).dataDir, path.join(repoRoot, 'var/x'));
    assert.equal(loadConfig({ DATA_DIR: '/srv/data' }).dataDir, '/srv/data');
  });

  it('never echoes a secret value', () => {
    assert.throws(
      () => loadConfig({ ADMIN_TOKEN: 'tooshort', REDIS_URL: 'http://user:hunter2@x' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        !err.message.includes('tooshort') &&
        !err.message.includes('hunter2'),
    );
  });

  it('requires NEO4J_USER and NEO4J_PASSWORD together', () => {
    assert.throws(
      () => loadConfig({ NEO4J_PASSWORD: 'x' }),
      /NEO4J_USER and NEO4J_PASSWORD must be set together/,
    );
    assert.equal(loadConfig({ NEO4J_USER: 'neo4j', NEO4J_PASSWORD: 'pw' }).neo4j.user, 'neo4j');
  });

  it('reports every bad variable at once', () => {
    assert.throws(
      () => loadConfig({ PORT: 'x', NEO4J_LOCAL_PORT: '-1' }),
      (err: unknown) =>
        err instanceof ConfigError && err.problems.length === 2 && /PORT/.test(err.message),
    );
  });

  it('delivers outbound actions with 3 tries, 10 s timeouts and no private webhook targets unless told otherwise', () => {
    const defaults = loadConfig({}).outbound;
    assert.deepEqual(
      { ...defaults, secretsKey: defaults.secretsKey },
      {
        secretsKey: undefined,
        smtpUrl: undefined,
        mailFrom: 'graphsync@localhost',
        timeoutMs: 10_000,
        attempts: 3,
        backoffMs: 500,
        webhookAllowlist: [],
      },
    );
    const key = Buffer.alloc(32, 7);
    const set = loadConfig({
      INTEGRATION_SECRETS_KEY: key.toString('base64'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      OUTBOUND_ATTEMPTS: '5',
      OUTBOUND_BACKOFF: '2s',
      WEBHOOK_ALLOWLIST: ' Loopback , hooks.internal ,',
    }).outbound;
    assert.deepEqual(set.secretsKey, key);
    assert.equal(set.smtpUrl, 'smtp://127.0.0.1:2525');
    assert.equal(set.attempts, 5);
    assert.equal(set.backoffMs, 2000);
    assert.deepEqual(set.webhookAllowlist, ['loopback', 'hooks.internal']);
  });
});
