import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type express from 'express';
import { AccountService, type AccountFeature } from '../../src/accounts/account-service';
import type { OutboundConfig } from '../../src/actions/outbound-deps';
import { startApi, type RunningApi } from '../../src/api';
import { appDeps } from '../../src/compose/app-deps';
import {
  buildServices,
  type ServiceOverrides,
  type Services,
} from '../../src/compose/build-services';
import { runtimeFromConfig } from '../../src/compose/open-runtime';
import { type Config, loadConfig } from '../../src/config/config';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { Graph } from '../../src/graph/graph';
import { applySchema } from '../../src/graph/schema';
import { buildApp, type AppDeps } from '../../src/http/build-app';
import { blobStoreEnv } from './blob-stores';
import { testCypherRoots } from './cypher-roots';
import { capturedLogger, registerSecret, registerSecretValues } from './log-capture';
import { QueryService } from '../../src/query/query-service';
import { ParameterService } from '../../src/parameters/parameter-service';
import type { RuleEngine } from '../../src/rules/rule-engine';
import type { RuleSchedule } from '../../src/rules/schedule/rule-schedule';
import type { SyncJobs } from '../../src/sync/jobs/create-sync-jobs';
import type { SyncJobApi } from '../../src/sync/jobs/job-service-contract';

/** Shared access to the real test Neo4j (started by global-fixtures.ts) and app builders. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
/**
 * The logger of every service and app the tests build: nothing on the console, every line (debug
 * and up) in the run's captured log, which the root hooks scan for secrets (log-capture.ts).
 */
export const silentLogger: Logger = capturedLogger;
/**
 * The INTEGRATION_SECRETS_KEY of every service the tests build (testApp, startTestApi): every
 * stored secret of the test database opens with it, so the start-up check passes.
 */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 'graphsync-test-integration-secrets');
const TEST_UPLOAD_URL_SECRET = 'test-upload-url-secret-0123456789abcdef';
registerSecret(ADMIN_TOKEN, 'ADMIN_TOKEN');
registerSecret(TEST_SECRETS_KEY.toString('base64'), 'INTEGRATION_SECRETS_KEY');
registerSecret(TEST_UPLOAD_URL_SECRET, 'UPLOAD_URL_SECRET');

let graphPromise: Promise<Graph> | undefined;

export function neo4jUri(): string {
  const uri = process.env.NEO4J_URI;
  if (uri === undefined) throw new Error('NEO4J_URI is not set: run the tests with npm test');
  return uri;
}

export function redisUrl(): string {
  return process.env.REDIS_URL_FOR_TESTS ?? 'redis://127.0.0.1:6379';
}

/** One Graph per test process, schema applied once. */
export function testGraph(): Promise<Graph> {
  graphPromise ??= (async () => {
    const graph = Graph.connect(
      {
        uri: neo4jUri(),
        user: process.env.NEO4J_USER || undefined,
        password: process.env.NEO4J_PASSWORD || undefined,
        database: process.env.NEO4J_DATABASE || 'neo4j',
      },
      CypherRegistry.load(...testCypherRoots),
    );
    await applySchema(graph);
    return graph;
  })();
  return graphPromise;
}

export async function testAccounts(): Promise<AccountService> {
  return new AccountService({ graph: await testGraph() });
}

/** The DATA_DIR of the services built in this test process (testServices). */
const testDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-test-data-'));

/** Where the tests' blob store lives (one per test process): DATA_DIR/blobs. */
export const testBlobDir = path.join(testDataDir, 'blobs');
fs.mkdirSync(testBlobDir);

/** Where the bulk upload URLs of testSync() and testApp() point (tests PUT their path to the app). */
export const TEST_PUBLIC_URL = 'http://graphsync.test';

/** Outbound delivery in tests: loopback servers allowed, a 2 s timeout, a short backoff. */
export const TEST_OUTBOUND: OutboundConfig = {
  smtpUrl: undefined,
  mailFrom: 'graphsync@example.test',
  timeoutMs: 2000,
  attempts: 3,
  backoffMs: 10,
  webhookAllowlist: ['loopback'],
};

/** The environment of the services the tests build in-process (local mode: no REDIS_URL). */
const TEST_ENV = {
  DATA_DIR: testDataDir,
  LOG_LEVEL: 'silent',
  ADMIN_TOKEN,
  MAX_BODY_SIZE: '1mb',
  PUBLIC_URL: TEST_PUBLIC_URL,
  UPLOAD_URL_SECRET: TEST_UPLOAD_URL_SECRET,
  BULK_UPLOAD_MAX_SIZE: '1mb',
  FINALIZE_ATTEMPTS: '2',
  FINALIZE_BATCH_SIZE: '1000',
  INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
};

/**
 * The configuration of the services tests build in-process: TEST_ENV with TEST_OUTBOUND, and
 * `tune` for what a test changes, also values the environment refuses (a finalize batch of 3).
 */
export function testConfig(
  tune: {
    sync?: Partial<Config['sync']>;
    rules?: Partial<Config['rules']>;
    outbound?: Partial<OutboundConfig>;
    query?: Partial<Config['query']>;
  } = {},
): Config {
  // Inside a forEachBlobStore block's s3 run: blobs in the run's S3Mock (blob-stores.ts).
  const base = loadConfig({ ...TEST_ENV, ...blobStoreEnv() });
  return {
    ...base,
    query: { ...base.query, ...tune.query },
    sync: { ...base.sync, ...tune.sync },
    rules: { ...base.rules, ...tune.rules },
    outbound: { ...base.outbound, ...TEST_OUTBOUND, ...tune.outbound },
  };
}

/**
 * The schedule of services built in tests: it runs nothing, so that only the test evaluates its
 * rules (startTestApi runs the real schedule).
 */
const UNSCHEDULED: RuleSchedule = {
  set: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  reconcile: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/**
 * The services as the API builds them (buildServices, the local runtime) on the test Neo4j,
 * with `config` (testConfig()) and the test-only `overrides`: no rule schedule unless one is
 * given. Nothing to close: the local runtime opens nothing, and no schedule runs.
 */
export async function testServices(
  options: { config?: Config; overrides?: ServiceOverrides; graph?: Graph } = {},
): Promise<Services> {
  return (await testBuild(options)).services;
}

async function testBuild(options: {
  config?: Config;
  overrides?: ServiceOverrides;
  /** Another connection to the test Neo4j (a proxied one); testGraph() otherwise. */
  graph?: Graph;
}) {
  const config = options.config ?? testConfig();
  const runtime = runtimeFromConfig(config, silentLogger);
  const graph = options.graph ?? (await testGraph());
  const services = buildServices(config, runtime, {
    graph,
    logger: silentLogger,
    overrides: { schedule: UNSCHEDULED, ...options.overrides },
  });
  return { config, runtime, graph, services, logger: silentLogger };
}

/**
 * The real sync job services on the test Neo4j, local mode (finalize runs in-process); with
 * `queued`, finalize only moves the job to FINALIZE_PENDING, as a queue would, and the test runs
 * `finalizer.run` itself (the jobs record no owning deployment unless `owner` names one).
 */
export async function testSync(
  overrides: {
    chunkSize?: number;
    queued?: boolean;
    rawDataVersionsKept?: number;
    /** With `queued`: the deployment recorded on the jobs it accepts (finalize-owner.ts). */
    owner?: string;
  } = {},
): Promise<SyncJobs> {
  const config = testConfig({
    sync: {
      finalizeBatchSize: overrides.chunkSize ?? 1000,
      rawDataVersionsKept: overrides.rawDataVersionsKept ?? 10,
    },
  });
  const services = await testServices({
    config,
    overrides:
      overrides.queued === true
        ? {
            dispatcher: () => ({
              ...(overrides.owner === undefined ? {} : { owner: overrides.owner }),
              dispatch: () => Promise.resolve(),
            }),
          }
        : {},
  });
  return services.sync;
}

/** One JSON upload through the service (no HTTP), with every flag off. */
export async function uploadJson(
  sync: SyncJobs,
  ref: { accountId: string; jobId: string },
  body: unknown,
): Promise<void> {
  await sync.service.upload({
    ...ref,
    body,
    format: 'json',
    route: 'upload',
    correlationId: undefined,
    ignoreDuplicates: false,
    ignoreIllegalProperties: false,
  });
}

/** The sync job service that testApp() uses unless a test passes its own. */
export async function testSyncJobs(): Promise<SyncJobApi> {
  return (await testSync()).service;
}

let built = 0;

/**
 * How many apps testApp() built in this process on the captured log (the log scan's check that
 * it saw requests).
 */
export function appsBuilt(): number {
  return built;
}

/**
 * The API's app (appDeps of testServices) with response validation on, and any overrides. The
 * secret parameters and integration secrets sent to it are registered for the log scan.
 */
export async function testApp(
  overrides: Partial<AppDeps> = {},
  options: { config?: Config } = {},
): Promise<express.Express> {
  if (overrides.logger === undefined) built++;
  const deps = appDeps(await testBuild(options));
  return buildApp({
    ...deps,
    parameters: registeringParameters(deps.parameters),
    integrations: registeringIntegrations(deps.integrations),
    validateResponses: true,
    ...overrides,
  });
}

function registeringParameters(parameters: AppDeps['parameters']): AppDeps['parameters'] {
  return {
    list: (accountId) => parameters.list(accountId),
    get: (ref) => parameters.get(ref),
    delete: (ref) => parameters.delete(ref),
    put: (input) => {
      const body = input.body as { secret?: unknown; value?: unknown } | null;
      if (body?.secret === true) registerSecretValues(body.value, `secret parameter ${input.name}`);
      return parameters.put(input);
    },
  };
}

function registeringIntegrations(integrations: AppDeps['integrations']): AppDeps['integrations'] {
  const register = (body: unknown): void =>
    registerSecretValues((body as { secrets?: unknown } | null)?.secrets, 'integration secret');
  return {
    list: (input) => integrations.list(input),
    get: (ref) => integrations.get(ref),
    delete: (ref) => integrations.delete(ref),
    create: (input) => {
      register(input.body);
      return integrations.create(input);
    },
    update: (input) => {
      register(input.body);
      return integrations.update(input);
    },
  };
}

/**
 * The rule engine as the API builds it in local mode, without a schedule, on the test Neo4j, with
 * every outbound action handler and the failure notifier over `TEST_OUTBOUND` and `outbound`.
 */
export async function testRuleEngine(
  options: {
    evaluationsKept?: number;
    now?: () => number;
    outbound?: Partial<OutboundConfig>;
  } = {},
): Promise<RuleEngine> {
  const config = testConfig({
    rules: { evaluationsKept: options.evaluationsKept ?? 100 },
    outbound: options.outbound ?? {},
  });
  const services = await testServices({ config, overrides: { now: options.now } });
  return services.engine;
}

/**
 * The real API process's composition root (startApi) on a free port, with its own data directory,
 * on the test Neo4j. `env` adds configuration, e.g. REDIS_URL and QUEUE_PREFIX for queue mode.
 */
export async function startTestApi(
  env: Record<string, string> = {},
): Promise<{ url: string; dataDir: string; api: RunningApi; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-test-api-'));
  const config = loadConfig({
    NEO4J_URI: neo4jUri(),
    NEO4J_USER: process.env.NEO4J_USER,
    NEO4J_PASSWORD: process.env.NEO4J_PASSWORD,
    NEO4J_DATABASE: process.env.NEO4J_DATABASE,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
    ...blobStoreEnv(),
    ...env,
  });
  const api = await startApi({ config, logger: silentLogger, graph: await testGraph() });
  return {
    url: api.url,
    dataDir,
    api,
    close: async () => {
      await api.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestAccount {
  accountId: string;
  key: string;
  keyId: string;
  /** The two headers every account request needs. */
  headers: Record<string, string>;
}

const created: string[] = [];

/** A fresh account (the tenancy boundary makes isolation free) with one live key. */
export async function freshAccount(
  features: AccountFeature[] = [],
  options: { suiteWide?: boolean } = {},
): Promise<TestAccount> {
  const accounts = await testAccounts();
  const accountId = `t-${randomUUID()}`;
  await accounts.createAccount({ id: accountId, features });
  // A suite-wide account outlives each test; its suite deletes it with trackAccount in after().
  if (options.suiteWide !== true) created.push(accountId);
  const key = await accounts.createApiKey({ accountId, name: 'test' });
  registerSecret(key.secret, `API key of ${accountId}`);
  return {
    accountId,
    key: key.secret,
    keyId: key.id,
    headers: { 'JupiterOne-Account': accountId, Authorization: `Bearer ${key.secret}` },
  };
}

/** Marks an account created elsewhere (e.g. through the API) for deletion after the test. */
export function trackAccount(accountId: string): void {
  created.push(accountId);
}

/** Deletes every account the tests of this process created. */
export async function deleteTestAccounts(): Promise<void> {
  const graph = await testGraph();
  for (const id of created.splice(0)) {
    await graph.write('accounts/delete-account-data', { id });
    await graph.write('accounts/delete-account', { id });
  }
}

/** The J1QL query service on the test Neo4j, as the API builds it (page size at most 1000). */
export function testQuery(graph: Graph, options: { timeoutMs?: number } = {}): QueryService {
  const { query } = testConfig();
  return QueryService.onGraph(graph, new ParameterService({ graph }), {
    ...query,
    timeoutMs: options.timeoutMs ?? query.timeoutMs,
  });
}
