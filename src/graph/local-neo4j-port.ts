/**
 * The development Neo4j (`npm start` without NEO4J_URI), as the graph layer sees it. The launcher
 * itself lives outside the production tree (tools/neo4j-local); the repository's entry points
 * (scripts/start.js, bin/graphsync.js) hand it to the CLI, which passes it to openGraph. A build
 * without it (the container image) needs NEO4J_URI.
 */
export interface LocalNeo4jOptions {
  /** Neo4j home (data, logs, state file). */
  homeDir: string;
  /** Bolt port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /**
   * When the port is taken: true picks a free one and says so (the default port, which the user
   * did not choose); false stops with one line naming NEO4J_LOCAL_PORT. Default false.
   */
  portFallback?: boolean;
  heap: string;
  pagecache: string;
  /**
   * True: attachers wait until ready() is called (after the owner applied the schema), so they
   * never use a database without its constraints. False (default): ready once Neo4j answers.
   */
  readyAfterSchema?: boolean;
  /** Progress lines for people (download and start-up). */
  log: (line: string) => void;
}

export interface LocalNeo4j {
  readonly uri: string;
  /** False when we attached to an instance another process started. */
  readonly owned: boolean;
  /** The owner says the schema is applied: attachers may use the instance (readyAfterSchema). */
  ready(): void;
  stop(): Promise<void>;
}

export interface LocalNeo4jLauncher {
  /**
   * The instance another process runs on homeDir, waiting while it is still starting; undefined
   * when none runs. Never starts Java.
   */
  attach(homeDir: string, log: (line: string) => void): Promise<LocalNeo4j | undefined>;
  /** Uses the instance running (or starting) on homeDir, else starts one and owns it. */
  attachOrStart(opts: LocalNeo4jOptions): Promise<LocalNeo4j>;
}

/** A local Neo4j problem, said in one line for people (the details are in the log file). */
export class LocalNeo4jError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalNeo4jError';
  }
}
