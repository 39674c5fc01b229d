import { z } from 'zod';
import { blankAsUnset, duration, httpUrl } from './schema-parts';
import { digestSchema } from './digest-config';
import { subscriptionSchema } from './subscription-config';
import { telemetrySchema } from './telemetry-config';

/**
 * The environment variables graphsync reads, with their types, limits and defaults
 * (docs/guide/configuration.md). src/config/config.ts parses process.env with it once.
 */

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const byteSize = z
  .string()
  .regex(/^\d+(b|kb|mb|gb)?$/i, "must be a size such as '10mb', '512kb' or a number of bytes");

/** A byteSize in bytes (1kb = 1024 bytes, as the body parser reads MAX_BODY_SIZE). */
const byteCount = byteSize.transform((v) => {
  const m = /^(\d+)(b|kb|mb|gb)?$/i.exec(v);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m?.[2] ?? 'b').toLowerCase()];
  return Number(m?.[1]) * (unit ?? 1);
});

/** The bulk file is parsed whole at finalize: a JavaScript string holds at most ~512 MiB. */
const MAX_BULK_UPLOAD_BYTES = 500 * 1024 ** 2;

/** Neo4j's own default Bolt port, used by the local Neo4j unless NEO4J_LOCAL_PORT says otherwise. */
export const DEFAULT_BOLT_PORT = 7687;

const javaMemory = z.string().regex(/^\d+[kmg]$/i, "must be a JVM size such as '512m' or '2g'");

/** A whole number between `min` and `max` (blank: `fallback`). */
const count = (min: number, max: number, fallback: number) =>
  z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );

/**
 * The limits on expensive work (docs/security.md, "Limits"). The J1QL bounds are well above the
 * largest query of the real corpus (test/fixtures/corpus: 7 hops, 21 columns, 4,301 characters of
 * Cypher); the rates are far above what a client's bursts need.
 */
const limitsSchema = {
  J1QL_MAX_TRAVERSALS: count(1, 1000, 12),
  J1QL_MAX_COLUMNS: count(1, 10_000, 100),
  J1QL_MAX_CYPHER_LENGTH: count(1000, 10_000_000, 65_536),
  RULE_QUERY_MAX_ROWS: count(1, 10_000_000, 100_000),
  ACCOUNT_MAX_CONCURRENT: count(1, 10_000, 8),
  RATE_LIMIT_WINDOW: duration.refine((ms) => ms >= 1000, 'must be at least 1s').prefault('1m'),
  RATE_LIMIT_PER_KEY: count(1, 100_000_000, 6000),
  RATE_LIMIT_PER_ACCOUNT: count(1, 100_000_000, 12_000),
  AUTH_FAILURE_LIMIT: count(1, 100_000_000, 30),
};

/**
 * Where staged uploads, bulk files and raw-data content live (docs/operations/object-storage.md):
 * DATA_DIR (fs, the default) or an S3-compatible bucket. Credentials are the AWS SDK's own chain.
 */
const blobSchema = {
  BLOB_STORE: z.preprocess(blankAsUnset, z.enum(['fs', 's3']).default('fs')),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be a region name such as 'eu-west-1'")
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
  S3_PUBLIC_ENDPOINT: optionalText.pipe(httpUrl.optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(
    blankAsUnset,
    z
      .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
      .default('false')
      .transform((v) => v === 'true'),
  ),
  S3_KEY_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/,
        "must be key segments such as 'graphsync/'",
      )
      .refine(
        (v) => v.split('/').every((seg) => seg !== '.' && seg !== '..'),
        "must be key segments such as 'graphsync/'",
      )
      .transform((v) => (v.endsWith('/') ? v : `${v}/`))
      .optional(),
  ),
  S3_PART_SIZE: z.preprocess(
    blankAsUnset,
    byteCount
      .prefault('8mb')
      .refine((n) => n >= 5 * 1024 ** 2 && n <= 1024 ** 3, 'must be between 5mb and 1gb'),
  ),
};

export const envSchema = z.object({
  PORT: z.preprocess(blankAsUnset, port.default(8080)),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_BODY_SIZE: byteSize.default('10mb'),
  BULK_UPLOAD_MAX_SIZE: z.preprocess(
    blankAsUnset,
    byteCount
      .prefault('100mb')
      .refine((n) => n > 0 && n <= MAX_BULK_UPLOAD_BYTES, 'must be between 1 byte and 500mb'),
  ),
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^https?:\/\/[^\s?#]+$/,
        'must be an http:// or https:// URL without query or fragment',
      )
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  UPLOAD_URL_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters when set').optional(),
  ),
  NEO4J_URI: optionalText.pipe(
    z
      .string()
      .regex(/^(neo4j|bolt)(\+s|\+ssc)?:\/\/[^\s]+$/, 'must be a bolt:// or neo4j:// URI')
      .optional(),
  ),
  NEO4J_USER: optionalText,
  NEO4J_PASSWORD: optionalText,
  NEO4J_DATABASE: z.string().min(1).default('neo4j'),
  GRAPH_ACCESS_CHECK: z.enum(['refuse', 'warn']).default('warn'),
  NEO4J_LOCAL_PORT: z.preprocess(blankAsUnset, port.optional()),
  NEO4J_LOCAL_HEAP: javaMemory.default('1g'),
  NEO4J_LOCAL_PAGECACHE: javaMemory.default('256m'),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  ...blobSchema,
  SYNC_JOB_TTL: duration.prefault('24h'),
  SYNC_REAPER_INTERVAL: duration.prefault('5m'),
  FINALIZE_BATCH_SIZE: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int()
      .min(100, 'must be at least 100')
      .max(50_000, 'must be at most 50000')
      .default(5000),
  ),
  RAW_DATA_VERSIONS_KEPT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000')
      .default(10),
  ),
  /** How often a progress stream looks at its job (GET .../jobs/{jobId}/progress). */
  PROGRESS_POLL_INTERVAL: duration
    .refine((ms) => ms >= 50 && ms <= 60_000, 'must be from 50ms to 60s')
    .prefault('500ms'),
  /** Progress streams one API process serves at once; one more is a 429. */
  PROGRESS_MAX_STREAMS: count(1, 100_000, 200),
  QUERY_MAX_PAGE_SIZE: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int()
      .min(250, 'must be at least 250')
      .max(10_000, 'must be at most 10000')
      .default(1000),
  ),
  QUERY_TIMEOUT: duration.prefault('60s'),
  RULE_SCHEDULE_HEAL_INTERVAL: duration
    .refine((ms) => ms >= 1000, 'must be at least 1s')
    .prefault('30s'),
  RULE_SCHEDULE_OVERRIDE: z.preprocess(
    blankAsUnset,
    duration.refine((ms) => ms >= 100, 'must be at least 100ms').optional(),
  ),
  INTEGRATION_SECRETS_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('graphsync@localhost'),
  OUTBOUND_TIMEOUT: duration.prefault('10s'),
  OUTBOUND_ATTEMPTS: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(1, 'must be at least 1').max(10, 'must be at most 10').default(3),
  ),
  OUTBOUND_BACKOFF: duration.prefault('500ms'),
  WEBHOOK_ALLOWLIST: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    ),
  RULE_EVALUATIONS_KEPT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(100),
  ),
  AUDIT_RETENTION_DAYS: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(36_500, 'must be at most 36500')
      .default(365),
  ),
  HISTORY_RETENTION_DAYS: z.preprocess(
    blankAsUnset,
    z.coerce
      .number()
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(36_500, 'must be at most 36500')
      .default(90),
  ),
  WORKER_CONCURRENCY: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64').default(2),
  ),
  FINALIZE_ATTEMPTS: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(1, 'must be at least 1').max(20, 'must be at most 20').default(3),
  ),
  QUEUE_LOCK_DURATION: duration.prefault('10s'),
  QUEUE_RECONCILE_INTERVAL: duration.prefault('10s'),
  // `{name}` (a Redis Cluster hash tag) puts every key in one slot: docs/operations/scaling.md.
  QUEUE_PREFIX: z
    .string()
    .min(1)
    .regex(
      /^(?:\{[A-Za-z0-9_:-]+\}[A-Za-z0-9_:-]*|[A-Za-z0-9_:-]+)$/,
      'must be letters, digits, _ : or -, optionally opening with a hash tag such as {graphsync}',
    )
    .default('graphsync'),
  ADMIN_TOKEN: optionalText.pipe(
    z.string().min(16, 'must be at least 16 characters when set').optional(),
  ),
  ...limitsSchema,
  ...telemetrySchema,
  ...subscriptionSchema,
  ...digestSchema,
});

/** The parsed environment. */
export type Env = z.infer<typeof envSchema>;
