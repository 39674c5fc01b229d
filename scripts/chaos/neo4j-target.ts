import neo4j, { type Driver } from 'neo4j-driver';
import { CypherRegistry } from '../../src/graph/cypher-registry';
import { Graph } from '../../src/graph/graph';
import { type LocalNeo4j, startLocalNeo4j } from '../../tools/neo4j-local';
import { readState } from '../../tools/neo4j-local/state';
import { applySchema } from '../../src/graph/schema';
import { testCypherRoots } from '../../test/helpers/cypher-roots';
import { track } from './cleanup';

/**
 * A Neo4j the trials run against: the service's Graph (named statements: jobs, scope contents,
 * accounts) and a raw driver for what no named statement does (SHOW TRANSACTIONS).
 */
export interface Neo4jAuth {
  user: string | undefined;
  password: string | undefined;
  database: string;
}

export interface Neo4jTarget {
  readonly uri: string;
  readonly auth: Neo4jAuth;
  readonly graph: Graph;
  readonly driver: Driver;
  close(): Promise<void>;
}

export async function connectNeo4j(uri: string, auth: Neo4jAuth): Promise<Neo4jTarget> {
  const graph = Graph.connect({ uri, ...auth }, CypherRegistry.load(...testCypherRoots));
  const driver = neo4j.driver(uri, neo4j.auth.basic(auth.user ?? 'neo4j', auth.password ?? ''), {
    disableLosslessIntegers: true,
    logging: { level: 'error', logger: () => undefined },
  });
  await applySchema(graph);
  return {
    uri,
    auth,
    graph,
    driver,
    close: async () => {
      await graph.close();
      await driver.close();
    },
  };
}

/**
 * A local Neo4j this run owns (tools/neo4j-local), which can be SIGKILLed and started again on the
 * same home directory and port (the neo4j-kill fault), and is stopped at the end of the run.
 */
export class OwnNeo4j {
  private local: LocalNeo4j;
  private readonly untrack: () => void;

  private constructor(
    private readonly opts: {
      homeDir: string;
      heap: string;
      pagecache: string;
      log: (line: string) => void;
    },
    local: LocalNeo4j,
    readonly port: number,
  ) {
    this.local = local;
    this.untrack = track(`neo4j ${opts.homeDir}`, () => this.stop());
  }

  static async start(opts: {
    homeDir: string;
    heap: string;
    pagecache: string;
    log: (line: string) => void;
  }): Promise<OwnNeo4j> {
    const local = await startLocalNeo4j({ ...opts, port: 0 });
    const port = Number(new URL(local.uri.replace(/^bolt:/, 'http:')).port);
    return new OwnNeo4j(opts, local, port);
  }

  get uri(): string {
    return this.local.uri;
  }

  /** The JVM's pid, from the state file the launcher keeps in the home directory. */
  pid(): number | undefined {
    return readState(this.opts.homeDir)?.pid;
  }

  /** SIGKILL the JVM (a crash: no checkpoint, no clean shutdown); resolves once it is gone. */
  async killJvm(): Promise<void> {
    const pid = this.pid();
    if (pid === undefined) throw new Error('no pid of the local Neo4j');
    process.kill(pid, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    while (alive(pid)) {
      if (Date.now() > deadline) throw new Error(`Neo4j pid ${pid} survived SIGKILL`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Starts Neo4j again on the same home directory and port (after killJvm). */
  async restart(): Promise<void> {
    this.local = await startLocalNeo4j({ ...this.opts, port: this.port });
  }

  async stop(): Promise<void> {
    await this.local.stop();
    this.untrack();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
