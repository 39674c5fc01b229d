import path from 'node:path';
import type { Config } from '../config/config';
import { cypherRoot } from '../paths';
import { CypherRegistry } from './cypher-registry';
import { Graph } from './graph';
import { attachOrStartLocalNeo4j, type LocalNeo4j, startOwnLocalNeo4j } from './local-neo4j';
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
   * Only matters when NEO4J_URI is unset. 'owner' (serve, worker) runs its own local Neo4j, waiting
   * for a short-lived CLI's instance to stop first; 'guest' (CLI commands) uses a running one.
   */
  role: 'owner' | 'guest';
}

/**
 * Connects to NEO4J_URI, or (when it is unset) to the local Neo4j under DATA_DIR; then applies the
 * schema (idempotent).
 */
export async function openGraph(config: Config, options: OpenGraphOptions): Promise<OpenGraph> {
  const { log } = options;
  let local: LocalNeo4j | undefined;
  let uri = config.neo4j.uri;
  if (uri === undefined) {
    const start = options.role === 'owner' ? startOwnLocalNeo4j : attachOrStartLocalNeo4j;
    local = await start({
      homeDir: path.join(config.dataDir, 'neo4j'),
      port: config.neo4j.local.port,
      heap: config.neo4j.local.heap,
      pagecache: config.neo4j.local.pagecache,
      log,
    });
    uri = local.uri;
  }
  const graph = Graph.connect(
    {
      uri,
      user: config.neo4j.user,
      password: config.neo4j.password,
      database: config.neo4j.database,
    },
    CypherRegistry.load(cypherRoot),
  );
  try {
    await applySchema(graph);
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
