import path from 'node:path';
import { repoRoot } from '../paths';
import { type BlobConfig, blobConfig } from './blob-config';
import { type DigestConfig, digestConfig } from './digest-config';
import { DEFAULT_BOLT_PORT, type Env, envSchema } from './env-schema';
import { type SubscriptionConfig, subscriptionConfig } from './subscription-config';
import { type TelemetryConfig, telemetryConfig } from './telemetry-config';

/**
 * The only reader of process.env. Parsed once at start-up into a frozen, typed Config; a bad value
 * stops start-up with a message that names the variable.
 */

export interface Config {
  readonly http: {
    readonly port: number;
    readonly host: string;
    readonly maxBodySize: string;
    /** Base of the URLs the service hands out (bulk upload URLs). Unset: its own address. */
    readonly publicUrl: string | undefined;
  };
  readonly logLevel: Env['LOG_LEVEL'];
  readonly dataDir: string;
  readonly neo4j: {
    /** Unset: start a local Neo4j from tools/neo4j-local. */
    readonly uri: string | undefined;
    readonly user: string | undefined;
    readonly password: string | undefined;
    readonly database: string;
    /** A statement run in the wrong access mode: throw (`refuse`) or log once (`warn`). */
    readonly accessCheck: Env['GRAPH_ACCESS_CHECK'];
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
  /** Where staged uploads, bulk files and raw-data content live (BLOB_STORE). */
  readonly blobs: BlobConfig;
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
    /** How often a progress stream reads its job (ms), and how many one process serves. */
    readonly progressPollMs: number;
    readonly progressMaxStreams: number;
  };
  readonly query: {
    /** The largest page POST /query serves (`limit`). */
    readonly maxPageSize: number;
    /** How long one J1QL query may run in Neo4j before it is stopped (ms). */
    readonly timeoutMs: number;
    /** The complexity bounds a query is checked against before it runs. */
    readonly bounds: {
      /** Relationship hops (THAT ...), optional groups' included. */
      readonly maxTraversals: number;
      /** RETURN items. */
      readonly maxColumns: number;
      /** Characters of the compiled Cypher. */
      readonly maxCypherLength: number;
    };
    /** Rows a rule's query reads into memory; past it the evaluation record says so. */
    readonly ruleMaxRows: number;
    /** The oldest `asOf` answered: the change history's retention (HISTORY_RETENTION_DAYS). */
    readonly historyRetentionMs: number;
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
  readonly audit: {
    /** How long audit events are kept (ms; AUDIT_RETENTION_DAYS); older ones are pruned. */
    readonly retentionMs: number;
  };
  readonly history: {
    /** How long changes, and soft-deleted objects, are kept (ms; HISTORY_RETENTION_DAYS). */
    readonly retentionMs: number;
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
  /** Limits on expensive work per account and key (docs/security.md, "Limits"). */
  readonly limits: {
    /** Queries, dry runs and rule evaluations one account runs at once, per API process. */
    readonly concurrentPerAccount: number;
    /** The window the request counts below are per (ms). */
    readonly rateWindowMs: number;
    readonly ratePerKey: number;
    readonly ratePerAccount: number;
    /** Failed authentications per account header and client address, per window. */
    readonly authFailures: number;
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
  /** Metrics and tracing (telemetry-config.ts). */
  readonly telemetry: TelemetryConfig;
  /** Change-event delivery to subscriptions (subscription-config.ts). */
  readonly subscriptions: SubscriptionConfig;
  /** The alert digest's scheduler (digest-config.ts). */
  readonly digest: DigestConfig;
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
  'METRICS_TOKEN',
]);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
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
    neo4j: neo4jConfig(e),
    redisUrl: e.REDIS_URL,
    blobs: blobConfig(e, (problem) => {
      throw new ConfigError([problem]);
    }),
    adminToken: e.ADMIN_TOKEN,
    sync: syncConfig(e),
    query: {
      maxPageSize: e.QUERY_MAX_PAGE_SIZE,
      timeoutMs: e.QUERY_TIMEOUT,
      bounds: {
        maxTraversals: e.J1QL_MAX_TRAVERSALS,
        maxColumns: e.J1QL_MAX_COLUMNS,
        maxCypherLength: e.J1QL_MAX_CYPHER_LENGTH,
      },
      ruleMaxRows: e.RULE_QUERY_MAX_ROWS,
      historyRetentionMs: e.HISTORY_RETENTION_DAYS * 86_400_000,
    },
    limits: {
      concurrentPerAccount: e.ACCOUNT_MAX_CONCURRENT,
      rateWindowMs: e.RATE_LIMIT_WINDOW,
      ratePerKey: e.RATE_LIMIT_PER_KEY,
      ratePerAccount: e.RATE_LIMIT_PER_ACCOUNT,
      authFailures: e.AUTH_FAILURE_LIMIT,
    },
    outbound: outboundConfig(e),
    rules: {
      scheduleOverrideMs: e.RULE_SCHEDULE_OVERRIDE,
      evaluationsKept: e.RULE_EVALUATIONS_KEPT,
      scheduleHealIntervalMs: e.RULE_SCHEDULE_HEAL_INTERVAL,
    },
    audit: { retentionMs: e.AUDIT_RETENTION_DAYS * 86_400_000 },
    history: { retentionMs: e.HISTORY_RETENTION_DAYS * 86_400_000 },
    queue: {
      prefix: e.QUEUE_PREFIX,
      concurrency: e.WORKER_CONCURRENCY,
      finalizeAttempts: e.FINALIZE_ATTEMPTS,
      lockDurationMs: e.QUEUE_LOCK_DURATION,
      reconcileIntervalMs: e.QUEUE_RECONCILE_INTERVAL,
    },
    telemetry: telemetryConfig(e),
    subscriptions: subscriptionConfig(e),
    digest: digestConfig(e),
  });
}

/** The environment checked, or ConfigError naming every bad variable (secrets not echoed). */
function parseEnv(env: NodeJS.ProcessEnv): Env {
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
  return e;
}

function neo4jConfig(e: Env): Config['neo4j'] {
  return {
    uri: e.NEO4J_URI,
    user: e.NEO4J_USER,
    password: e.NEO4J_PASSWORD,
    database: e.NEO4J_DATABASE,
    accessCheck: e.GRAPH_ACCESS_CHECK,
    local: {
      port: e.NEO4J_LOCAL_PORT ?? DEFAULT_BOLT_PORT,
      portChosen: e.NEO4J_LOCAL_PORT !== undefined,
      heap: e.NEO4J_LOCAL_HEAP,
      pagecache: e.NEO4J_LOCAL_PAGECACHE,
    },
  };
}

function syncConfig(e: Env): Config['sync'] {
  return {
    blobDir: path.resolve(repoRoot, e.DATA_DIR, 'blobs'),
    jobTtlMs: e.SYNC_JOB_TTL,
    reaperIntervalMs: e.SYNC_REAPER_INTERVAL,
    finalizeBatchSize: e.FINALIZE_BATCH_SIZE,
    bulkUploadMaxBytes: e.BULK_UPLOAD_MAX_SIZE,
    uploadUrlSecret: e.UPLOAD_URL_SECRET,
    rawDataVersionsKept: e.RAW_DATA_VERSIONS_KEPT,
    progressPollMs: e.PROGRESS_POLL_INTERVAL,
    progressMaxStreams: e.PROGRESS_MAX_STREAMS,
  };
}

function outboundConfig(e: Env): Config['outbound'] {
  return {
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
  };
}

function deepFreeze<T extends object>(value: T): T {
  for (const v of Object.values(value)) {
    // A Buffer (the secrets key) cannot be frozen; it is never handed out for writing.
    if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) deepFreeze(v as object);
  }
  return Object.freeze(value);
}
