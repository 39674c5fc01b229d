import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalNeo4j, type LocalNeo4j } from '../../tools/neo4j-local';

/**
 * Mocha global fixture: when NEO4J_URI is unset, start a real Neo4j 5.26 for this test run, on a
 * free port with a fresh data directory, and point the tests at it. REDIS_URL defaults to the
 * machine's Redis.
 */
let neo4j: LocalNeo4j | undefined;
let homeDir: string | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  process.env.REDIS_URL_FOR_TESTS ??= process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // A statement run in the wrong access mode fails the test that ran it (src/graph/access-mode.ts);
  // child processes (serve, worker) inherit it.
  process.env.GRAPH_ACCESS_CHECK ??= 'refuse';
  if (process.env.NEO4J_URI !== undefined && process.env.NEO4J_URI !== '') return;
  homeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-test-neo4j-'));
  neo4j = await startLocalNeo4j({
    homeDir,
    port: 0,
    heap: '1g',
    pagecache: '256m',
    log: (line) => process.stderr.write(`[neo4j] ${line}\n`),
  });
  process.env.NEO4J_URI = neo4j.uri;
}

export async function mochaGlobalTeardown(): Promise<void> {
  await neo4j?.stop();
  if (homeDir !== undefined) fs.rmSync(homeDir, { recursive: true, force: true });
}
