import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type express from 'express';
import { AccountService, type AccountFeature } from '../../src/accounts/account-service';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { Graph } from '../../src/graph/graph';
import { applySchema } from '../../src/graph/schema';
import { EntityService } from '../../src/entities/entity-service';
import { RawDataService } from '../../src/rawdata/raw-data-service';
import { ParameterService } from '../../src/parameters/parameter-service';
import { PropertyCatalog } from '../../src/catalog/property-catalog';
import { QueryService } from '../../src/query/query-service';
import { buildRuleEngine, type RuleEngine } from '../../src/rules/rule-engine';
import { LocalRuleLock } from '../../src/rules/schedule/local-rule-lock';
import { buildApp, type AppDeps } from '../../src/http/build-app';
import { cypherRoot } from '../../src/paths';
import { startApi, type RunningApi } from '../../src/api';
import { FsBlobStore } from '../../src/blob/fs-blob-store';
import { loadConfig } from '../../src/config/config';
import { createSyncJobs, type SyncJobs } from '../../src/sync/jobs/create-sync-jobs';
import type { SyncJobApi } from '../../src/sync/jobs/job-service-contract';
import { SignedUploadUrls } from '../../src/sync/staging/signed-upload-urls';
import { IntegrationService } from '../../src/integrations/integration-service';
import { outboundDelivery } from '../../src/actions/outbound-handlers';
import type { OutboundConfig } from '../../src/actions/outbound-deps';

/** Shared access to the real test Neo4j (started by global-fixtures.ts) and app builders. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const silentLogger = pino({ level: 'silent' });
/**
 * The INTEGRATION_SECRETS_KEY of every service the tests build (testApp, startTestApi): every
 * stored secret of the test database opens with it, so the start-up check passes.
 */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 'graphsync-test-integration-secrets');

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
      CypherRegistry.load(cypherRoot),
    );
    await applySchema(graph);
    return graph;
  })();
  return graphPromise;
}

export async function testAccounts(): Promise<AccountService> {
  return new AccountService({ graph: await testGraph() });
}

/** Where the tests' blob store lives (one per test process). */
export const testBlobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-test-blobs-'));

/** Where the bulk upload URLs of testSync() and testApp() point (tests PUT their path to the app). */
export const TEST_PUBLIC_URL = 'http://graphsync.test';

/** Bulk upload URL signing and size limit for services built in tests. */
export function testBulkUploads(maxBytes = 1024 * 1024): {
  urls: SignedUploadUrls;
  maxBytes: number;
} {
  const secret = Buffer.from('test-upload-url-secret-0123456789abcdef');
  return { urls: new SignedUploadUrls({ secret, publicUrl: () => TEST_PUBLIC_URL }), maxBytes };
}

/**
 * The real sync job services on the test Neo4j, local mode (finalize runs in-process); with
 * `queued`, finalize only moves the job to FINALIZE_PENDING, as a queue would, and the test runs
 * `finalizer.run` itself.
 */
export async function testSync(
  overrides: { chunkSize?: number; queued?: boolean; rawDataVersionsKept?: number } = {},
): Promise<SyncJobs> {
  const graph = await testGraph();
  return createSyncJobs({
    graph,
    blobs: new FsBlobStore(testBlobDir),
    accounts: new AccountService({ graph }),
    logger: silentLogger,
    chunkSize: overrides.chunkSize ?? 1000,
    attempts: overrides.queued === true ? 1 : 2,
    rawDataVersionsKept: overrides.rawDataVersionsKept ?? 10,
    bulkUploads: testBulkUploads(),
    ...(overrides.queued === true
      ? { dispatcher: () => ({ dispatch: () => Promise.resolve() }) }
      : {}),
  });
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

/** buildApp with the real Neo4j, response validation on, and any overrides. */
export async function testApp(overrides: Partial<AppDeps> = {}): Promise<express.Express> {
  const graph = await testGraph();
  const engine = await testRuleEngine();
  return buildApp({
    logger: silentLogger,
    accounts: new AccountService({ graph }),
    adminToken: ADMIN_TOKEN,
    maxBodySize: '1mb',
    readiness: { mode: 'local', pingNeo4j: () => graph.ping() },
    validateResponses: true,
    ...overrides,
    syncJobs: overrides.syncJobs ?? (await testSyncJobs()),
    bulkUploads: overrides.bulkUploads ?? (await testSync()).bulkUploads,
    entities: overrides.entities ?? new EntityService({ graph }),
    rawData:
      overrides.rawData ?? new RawDataService({ graph, blobs: new FsBlobStore(testBlobDir) }),
    parameters: overrides.parameters ?? new ParameterService({ graph }),
    query: overrides.query ?? testQuery(graph),
    rules: overrides.rules ?? engine.rules,
    alerts: overrides.alerts ?? engine.alerts,
    questions: overrides.questions ?? engine.questions,
    integrations:
      overrides.integrations ?? new IntegrationService({ graph, secretsKey: TEST_SECRETS_KEY }),
    evaluations: overrides.evaluations ?? engine.evaluations,
  });
}

/** Outbound delivery in tests: loopback servers allowed, a 2 s timeout, a short backoff. */
export const TEST_OUTBOUND: OutboundConfig = {
  smtpUrl: undefined,
  mailFrom: 'graphsync@example.test',
  timeoutMs: 2000,
  attempts: 3,
  backoffMs: 10,
  webhookAllowlist: ['loopback'],
};

/**
 * The rule engine as the API builds it in local mode (no schedule), on the test Neo4j, with every
 * outbound action handler and the failure notifier over `TEST_OUTBOUND` and `outbound`.
 */
export async function testRuleEngine(
  options: {
    evaluationsKept?: number;
    now?: () => number;
    outbound?: Partial<OutboundConfig>;
  } = {},
): Promise<RuleEngine> {
  const graph = await testGraph();
  return buildRuleEngine({
    graph,
    query: testQuery(graph),
    parameters: new ParameterService({ graph }),
    lock: new LocalRuleLock(),
    evaluationsKept: options.evaluationsKept ?? 100,
    baseUrl: () => TEST_PUBLIC_URL,
    ...outboundDelivery({
      integrations: new IntegrationService({ graph, secretsKey: TEST_SECRETS_KEY }),
      config: { ...TEST_OUTBOUND, ...options.outbound },
      logger: silentLogger,
      accounts: new AccountService({ graph }),
      baseUrl: () => TEST_PUBLIC_URL,
    }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
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
  return new QueryService({
    graph,
    catalog: new PropertyCatalog({ graph }),
    parameters: new ParameterService({ graph }),
    maxPageSize: 1000,
    timeoutMs: options.timeoutMs ?? 60_000,
  });
}
