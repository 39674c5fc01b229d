import path from 'node:path';
import { parameterKeys } from '../common/sealed-parameter';
import type { Config } from '../config/config';
import { cypherRoot } from '../paths';
import { CypherRegistry } from './cypher-registry';
import { Graph } from './graph';
import { ConfigError } from '../config/config';
import { type LocalNeo4j, LocalNeo4jError, type LocalNeo4jLauncher } from './local-neo4j-port';
import { applySchema } from './schema';

export interface OpenGraph {
  graph: Graph;
  /** Where the graph lives, for banners and logs. */
  uri: string;
  /** Closes the driver, then stops the local Neo4j if this process started it. */
  close(): Promise<void>;
}

export interface OpenGraphOptions {
  /** Progress lines for people. */
  log: (line: string) => void;
  /**
   * Only matters when NEO4J_URI is unset. 'start' (serve) uses the local Neo4j running on DATA_DIR
   * or starts one; 'attach' (workers, CLI commands) only uses a running one and never starts Java:
   * with none running it fails with one line saying what to do.
   */
  role: 'start' | 'attach';
  /**
   * The development Neo4j launcher (tools/neo4j-local), which the repository's entry points hand
   * in; without it (the container image) NEO4J_URI is required.
   */
  localNeo4j?: LocalNeo4jLauncher;
}

/**
 * Connects to NEO4J_URI, or (when it is unset) to the local Neo4j under DATA_DIR; then applies the
 * schema (idempotent) unless another graphsync process started that local Neo4j.
 */
export async function openGraph(config: Config, options: OpenGraphOptions): Promise<OpenGraph> {
  const configured = config.neo4j.uri;
  const local = configured === undefined ? await localNeo4j(config, options) : undefined;
  const uri = local === undefined ? (configured as string) : local.uri;
  const graph = Graph.connect(
    {
      uri,
      user: config.neo4j.user,
      password: config.neo4j.password,
      database: config.neo4j.database,
    },
    CypherRegistry.load(cypherRoot),
    { mode: config.neo4j.accessCheck, warn: options.log },
  );
  try {
    // An instance another graphsync process started has the schema already (its starter applied
    // it): attaching skips the round trips, which keeps CLI commands quick.
    if (local?.owned !== false) {
      // Secret parameter values are sealed with the configured key or DATA_DIR's generated one.
      const keys = parameterKeys({
        configured: config.outbound.secretsKey,
        dataDir: config.dataDir,
      });
      await applySchema(graph, { secretsKey: keys.current, earlierSecretsKey: keys.earlier });
    }
    local?.ready();
  } catch (err) {
    await graph.close();
    await local?.stop();
    throw err;
  }
  return {
    graph,
    uri,
    close: async () => {
      await graph.close();
      await local?.stop();
    },
  };
}

/** The local Neo4j under DATA_DIR (NEO4J_URI unset): started or attached per the role. */
async function localNeo4j(config: Config, options: OpenGraphOptions): Promise<LocalNeo4j> {
  const { log } = options;
  const launcher = options.localNeo4j;
  if (launcher === undefined)
    throw new ConfigError([
      'NEO4J_URI is not set: set it to your Neo4j (bolt://host:7687). Only the repository (npm start, npx graphsync) runs a local Neo4j when it is unset.',
    ]);
  const homeDir = path.join(config.dataDir, 'neo4j');
  const local =
    options.role === 'start'
      ? await launcher.attachOrStart({
          homeDir,
          port: config.neo4j.local.port,
          portFallback: !config.neo4j.local.portChosen,
          heap: config.neo4j.local.heap,
          pagecache: config.neo4j.local.pagecache,
          readyAfterSchema: true,
          log,
        })
      : await launcher.attach(homeDir, log);
  if (local === undefined)
    throw new LocalNeo4jError(
      `No local Neo4j is running for DATA_DIR ${config.dataDir}: start graphsync first (npm start) with the same environment, or set NEO4J_URI.`,
    );
  return local;
}
