import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../paths';

/**
 * The only reader of process.env. Parsed once at start-up into a frozen, typed Config; a bad value
 * stops start-up with a message that names the variable.
 */

/** An empty value means "use the default" (z.coerce would turn '' into 0, a random port). */
const blankAsUnset = (v: unknown): unknown =>
  typeof v === 'string' && v.trim() === '' ? undefined : v;

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

/** '30s', '5m', '24h', '2d' or a number of milliseconds, to milliseconds. */
const duration = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)?$/, "must be a duration such as '30s', '5m', '24h' or milliseconds")
  .transform((v) => {
    const m = /^(\d+)(ms|s|m|h|d)?$/.exec(v);
    const n = Number(m?.[1]);
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m?.[2] ?? 'ms'] ?? 1;
    return n * unit;
  });

/** Neo4j's own default Bolt port, used by the local Neo4j unless NEO4J_LOCAL_PORT says otherwise. */
const DEFAULT_BOLT_PORT = 7687;

const javaMemory = z.string().regex(/^\d+[kmg]$/i, "must be a JVM size such as '512m' or '2g'");

const envSchema = z.object({
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
  NEO4J_LOCAL_PORT: z.preprocess(blankAsUnset, port.optional()),
  NEO4J_LOCAL_HEAP: javaMemory.default('1g'),
  NEO4J_LOCAL_PAGECACHE: javaMemory.default('256m'),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
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
  QUEUE_PREFIX: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9_:-]+$/, 'must be letters, digits, _ : or -')
    .default('graphsync'),
  ADMIN_TOKEN: optionalText.pipe(
    z.string().min(16, 'must be at least 16 characters when set').optional(),
  ),
});

export interface Config {
  readonly http: {
    readonly port: number;
    readonly host: string;
    readonly maxBodySize: string;
    /** Base of the URLs the service hands out (bulk upload URLs). Unset: its own address. */
    readonly publicUrl: string | undefined;
  };
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly dataDir: string;
  readonly neo4j: {
    /** Unset: start a local Neo4j from tools/neo4j-local. */
    readonly uri: string | undefined;
    readonly user: string | undefined;
    readonly password: string | undefined;
    readonly database: string;
    readonly local: {
      /** Bolt port of the local Neo4j (7687 unless NEO4J_LOCAL_PORT is set). */
      readonly port: number;
      /** NEO4J_LOCAL_PORT was set: a taken port stops start-up instead of picking a free one. */
      readonly portChosen: boolean;
      readonly heap: string;
      readonly pagecache: string;
    };
  };
  /** Set: the queue runtime (src/compose/runtime-choice.ts decides); unset: the local one. */
  readonly redisUrl: string | undefined;
  /** Unset: the admin API answers 404. */
  readonly adminToken: string | undefined;
  readonly sync: {
    /** Staged uploads and raw data (the local blob store). */
    readonly blobDir: string;
    /** Jobs left in AWAITING_UPLOADS longer than this are aborted by the reaper (ms). */
    readonly jobTtlMs: number;
    readonly reaperIntervalMs: number;
    /** Rows per finalize transaction. */
    readonly finalizeBatchSize: number;
    /** Largest bulk upload file, decompressed (bytes). */
    readonly bulkUploadMaxBytes: number;
    /** Signs bulk upload URLs. Unset: a random secret kept in DATA_DIR. */
    readonly uploadUrlSecret: string | undefined;
    /** Versions kept per raw-data entry (the newest); older ones are deleted. */
    readonly rawDataVersionsKept: number;
  };
  readonly query: {
    /** The largest page POST /query serves (`limit`). */
    readonly maxPageSize: number;
    /** How long one J1QL query may run in Neo4j before it is stopped (ms). */
    readonly timeoutMs: number;
  };
  readonly rules: {
    /** Every scheduled rule runs at this interval instead of its pollingInterval (ms; tests and
     * demos). Unset: the rules' own intervals. */
    readonly scheduleOverrideMs: number | undefined;
    /** Evaluation records kept per rule (the newest). */
    readonly evaluationsKept: number;
    /** How often each worker puts back the rule schedulers Redis lost (ms). */
    readonly scheduleHealIntervalMs: number;
  };
  readonly outbound: {
    /** Encrypts integration instance secrets at rest (32 bytes). Unset: secrets are refused, and
     * start-up fails when stored secrets exist. */
    readonly secretsKey: Buffer | undefined;
    /** Default SMTP server of SEND_EMAIL and failure notifications. */
    readonly smtpUrl: string | undefined;
    readonly mailFrom: string;
    /** How long one outbound request may take (ms). */
    readonly timeoutMs: number;
    /** Tries of a transiently failing delivery. */
    readonly attempts: number;
    /** First retry delay (ms), doubling. */
    readonly backoffMs: number;
    /** Private, loopback or link-local hosts WEBHOOK may reach (`loopback`, `private` or names). */
    readonly webhookAllowlist: readonly string[];
  };
  readonly queue: {
    /** Prefix of every BullMQ key in Redis. */
    readonly prefix: string;
    /** Finalizations (and later rule evaluations) one worker process runs at once. */
    readonly concurrency: number;
    /** Tries of a finalization that fails for infrastructure reasons before the job is ERROR. */
    readonly finalizeAttempts: number;
    /** How long a worker's lock on a queue job lasts without renewal: a killed worker's job is
     * handed to another worker within this long and a quarter more (ms). */
    readonly lockDurationMs: number;
    /** How often workers make sure every FINALIZE_PENDING job has a queue job (ms). */
    readonly reconcileIntervalMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Values never echoed in error messages. */
const SECRETS = new Set([
  'ADMIN_TOKEN',
  'NEO4J_PASSWORD',
  'REDIS_URL',
  'NEO4J_URI',
  'UPLOAD_URL_SECRET',
  'INTEGRATION_SECRETS_KEY',
  'SMTP_URL',
]);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '?');
        return SECRETS.has(name)
          ? `${name} ${issue.message}`
          : `${name} ${issue.message} (got '${String(env[name])}')`;
      }),
    );
  }
  const e = parsed.data;
  if ((e.NEO4J_USER === undefined) !== (e.NEO4J_PASSWORD === undefined)) {
    throw new ConfigError(['NEO4J_USER and NEO4J_PASSWORD must be set together']);
  }
  return deepFreeze({
    http: {
      port: e.PORT,
      host: e.HOST,
      maxBodySize: e.MAX_BODY_SIZE,
      publicUrl: e.PUBLIC_URL,
    },
    logLevel: e.LOG_LEVEL,
    // Relative to the repository, not the working directory: the CLI run from a subfolder must
    // find the same local Neo4j as `npm start`.
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    neo4j: {
      uri: e.NEO4J_URI,
      user: e.NEO4J_USER,
      password: e.NEO4J_PASSWORD,
      database: e.NEO4J_DATABASE,
      local: {
        port: e.NEO4J_LOCAL_PORT ?? DEFAULT_BOLT_PORT,
        portChosen: e.NEO4J_LOCAL_PORT !== undefined,
        heap: e.NEO4J_LOCAL_HEAP,
        pagecache: e.NEO4J_LOCAL_PAGECACHE,
      },
    },
    redisUrl: e.REDIS_URL,
    adminToken: e.ADMIN_TOKEN,
    sync: {
      blobDir: path.resolve(repoRoot, e.DATA_DIR, 'blobs'),
      jobTtlMs: e.SYNC_JOB_TTL,
      reaperIntervalMs: e.SYNC_REAPER_INTERVAL,
      finalizeBatchSize: e.FINALIZE_BATCH_SIZE,
      bulkUploadMaxBytes: e.BULK_UPLOAD_MAX_SIZE,
      uploadUrlSecret: e.UPLOAD_URL_SECRET,
      rawDataVersionsKept: e.RAW_DATA_VERSIONS_KEPT,
    },
    query: {
      maxPageSize: e.QUERY_MAX_PAGE_SIZE,
      timeoutMs: e.QUERY_TIMEOUT,
    },
    outbound: {
      secretsKey:
        e.INTEGRATION_SECRETS_KEY === undefined
          ? undefined
          : Buffer.from(e.INTEGRATION_SECRETS_KEY, 'base64'),
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      timeoutMs: e.OUTBOUND_TIMEOUT,
      attempts: e.OUTBOUND_ATTEMPTS,
      backoffMs: e.OUTBOUND_BACKOFF,
      webhookAllowlist: e.WEBHOOK_ALLOWLIST,
    },
    rules: {
      scheduleOverrideMs: e.RULE_SCHEDULE_OVERRIDE,
      evaluationsKept: e.RULE_EVALUATIONS_KEPT,
      scheduleHealIntervalMs: e.RULE_SCHEDULE_HEAL_INTERVAL,
    },
    queue: {
      prefix: e.QUEUE_PREFIX,
      concurrency: e.WORKER_CONCURRENCY,
      finalizeAttempts: e.FINALIZE_ATTEMPTS,
      lockDurationMs: e.QUEUE_LOCK_DURATION,
      reconcileIntervalMs: e.QUEUE_RECONCILE_INTERVAL,
    },
  });
}

function deepFreeze<T extends object>(value: T): T {
  for (const v of Object.values(value)) {
    // A Buffer (the secrets key) cannot be frozen; it is never handed out for writing.
    if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) deepFreeze(v as object);
  }
  return Object.freeze(value);
}
