import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectNeo4j, type Neo4jAuth, type Neo4jTarget, OwnNeo4j } from './neo4j-target';
import type { ChaosOptions } from './options';
import { Random } from './random';

/**
 * What every trial of a run shares: options, the seeded random source, the Neo4j instances (the
 * shared one: NEO4J_URI or a local one started on first use; the run's own, killable one for
 * neo4j-kill, also on first use), the run directory for logs, and the run times of clean jobs
 * (where a random strike point falls).
 */
export interface RunContext {
  readonly options: ChaosOptions;
  readonly rnd: Random;
  /** The environment the suite was started with (workers inherit it minus service variables). */
  readonly baseEnv: NodeJS.ProcessEnv;
  /** INTEGRATION_SECRETS_KEY of the API and the workers (base64). */
  readonly secretsKey: string;
  readonly runDir: string;
  readonly estimates: Estimates;
  log(line: string): void;
  sharedTarget(): Promise<Neo4jTarget>;
  ownNeo4j(): Promise<{ neo4j: OwnNeo4j; target: Neo4jTarget }>;
  close(): Promise<void>;
}

/**
 * The secrets key of the test suite's services (test/helpers/harness.ts): integration secrets a
 * shared test database may hold open with it, so the services' start-up check passes.
 */
const TEST_SECRETS_KEY = Buffer.alloc(32, 'graphsync-test-integration-secrets').toString('base64');

export function createRunContext(input: {
  options: ChaosOptions;
  baseEnv: NodeJS.ProcessEnv;
  log: (line: string) => void;
}): RunContext {
  const { options, baseEnv, log } = input;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-chaos-'));
  const auth: Neo4jAuth = {
    user: nonEmpty(baseEnv.NEO4J_USER),
    password: nonEmpty(baseEnv.NEO4J_PASSWORD),
    database: nonEmpty(baseEnv.NEO4J_DATABASE) ?? 'neo4j',
  };
  const neo4jLog = (line: string): void => log(`[neo4j] ${line}`);
  let shared: Promise<{ target: Neo4jTarget; local?: OwnNeo4j }> | undefined;
  let own: Promise<{ neo4j: OwnNeo4j; target: Neo4jTarget }> | undefined;
  const startLocal = (name: string) =>
    OwnNeo4j.start({
      homeDir: path.join(runDir, name),
      heap: options.neo4jHeap,
      pagecache: options.neo4jPagecache,
      log: neo4jLog,
    });
  return {
    options,
    rnd: new Random(options.seed),
    baseEnv,
    secretsKey: nonEmpty(baseEnv.INTEGRATION_SECRETS_KEY) ?? TEST_SECRETS_KEY,
    runDir,
    estimates: new Estimates(),
    log,
    sharedTarget: async () => {
      shared ??= (async () => {
        const uri = nonEmpty(baseEnv.NEO4J_URI);
        if (uri !== undefined) return { target: await connectNeo4j(uri, auth) };
        const local = await startLocal('neo4j-shared');
        return { target: await connectNeo4j(local.uri, { ...auth, user: undefined }), local };
      })();
      return (await shared).target;
    },
    ownNeo4j: async () => {
      own ??= (async () => {
        const neo4j = await startLocal('neo4j-own');
        return { neo4j, target: await connectNeo4j(neo4j.uri, { ...auth, user: undefined }) };
      })();
      return own;
    },
    close: async () => {
      for (const p of [own, shared]) {
        if (p === undefined) continue;
        const r = await p.catch(() => undefined);
        if (r === undefined) continue;
        await r.target.close().catch(() => undefined);
        const local = 'neo4j' in r ? r.neo4j : r.local;
        await local?.stop();
      }
      fs.rmSync(path.join(runDir, 'neo4j-shared'), { recursive: true, force: true });
      fs.rmSync(path.join(runDir, 'neo4j-own'), { recursive: true, force: true });
      if (fs.readdirSync(runDir).length === 0) fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/** Run times of clean finalizations, per kind and size: where strikes fall. */
export class Estimates {
  private readonly seen = new Map<string, number[]>();

  record(kind: string, entities: number, ms: number): void {
    const k = `${kind}:${entities}`;
    this.seen.set(k, [...(this.seen.get(k) ?? []), ms]);
  }

  has(kind: string, entities: number): boolean {
    return this.seen.has(`${kind}:${entities}`);
  }

  /**
   * The shortest of the last three run times seen (a cold first run is slow: a strike timed by it
   * would miss the runs after), or a rough guess (2 ms an entity, at least 1 s).
   */
  get(kind: string, entities: number): number {
    const recent = (this.seen.get(`${kind}:${entities}`) ?? []).slice(-3);
    if (recent.length === 0) return Math.max(1000, entities * 2);
    return Math.min(...recent);
  }
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : v;
}
