import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type express from 'express';
import { AccountService, type AccountFeature } from '../../src/accounts/account-service';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { Graph } from '../../src/graph/graph';
import { applySchema } from '../../src/graph/schema';
import { buildApp, type AppDeps } from '../../src/http/build-app';
import { cypherRoot } from '../../src/paths';

/** Shared access to the real test Neo4j (started by global-fixtures.ts) and app builders. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const silentLogger = pino({ level: 'silent' });

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

/** buildApp with the real Neo4j, response validation on, and any overrides. */
export async function testApp(overrides: Partial<AppDeps> = {}): Promise<express.Express> {
  const graph = await testGraph();
  return buildApp({
    logger: silentLogger,
    accounts: new AccountService({ graph }),
    adminToken: ADMIN_TOKEN,
    maxBodySize: '1mb',
    readiness: { mode: 'local', pingNeo4j: () => graph.ping() },
    validateResponses: true,
    ...overrides,
  });
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
export async function freshAccount(features: AccountFeature[] = []): Promise<TestAccount> {
  const accounts = await testAccounts();
  const accountId = `t-${randomUUID()}`;
  await accounts.createAccount({ id: accountId, features });
  created.push(accountId);
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
  for (const id of created.splice(0)) await graph.write('accounts/delete-account', { id });
}
