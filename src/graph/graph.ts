import neo4j, { type Driver, type ManagedTransaction } from 'neo4j-driver';
import { observeStatement } from '../telemetry/metrics';
import {
  AccessCheck,
  type AccessBreach,
  type AccessPolicy,
  type QueryType,
  accessBreach,
  checkAutoCommit,
} from './access-mode';
import type { CypherRegistry } from './cypher-registry';
import { streamRows } from './stream-read';
import { mapNeo4jError, rejectedStatement } from './neo4j-errors';
import { toPlain } from './to-plain';

/**
 * The one owner of neo4j-driver: driver lifecycle, named statements over managed transactions,
 * error-code mapping and conversion of Neo4j values to plain JSON-friendly values.
 * Nothing outside src/graph imports the driver.
 */
export { StatementRejected, mapNeo4jError } from './neo4j-errors';

export type Row = Record<string, unknown>;
export type Params = Record<string, unknown>;

/** `timeoutMs`: the database ends the transaction (and frees its locks) after this long. */
export interface TxOptions {
  timeoutMs?: number;
}

/** A transaction in progress: runs named statements (`write`: one that must write); commits when the work function returns. */
export interface Tx {
  run<T extends object = Row>(name: string, params?: Params): Promise<T[]>;
  write<T extends object = Row>(name: string, params?: Params): Promise<T[]>;
}

/**
 * What code that runs named statements needs of the graph: a Graph, or a view of one that wraps
 * each write (a finalization run's fence, src/sync/finalize/finalize-fence.ts).
 */
export interface GraphAccess {
  read<T extends object = Row>(name: string, params?: Params): Promise<T[]>;
  write<T extends object = Row>(name: string, params?: Params): Promise<T[]>;
  writeTx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** A read statement's rows, one at a time, to the visitor `start` returns (Graph.readEach). */
  readEach<T extends object = Row>(
    name: string,
    params: Params,
    start: () => (row: T) => void,
  ): Promise<void>;
}

export interface GraphConnection {
  readonly uri: string;
  readonly user: string | undefined;
  readonly password: string | undefined;
  readonly database: string;
}

/** What metrics and spans call the generated (J1QL) statements, which have no name of their own. */
const GENERATED = 'query/generated';

export class Graph {
  /**
   * Shared by every session of this Graph, so that each transaction starts after the last one this
   * process committed: on a cluster, a read routed to a follower waits until the follower has
   * this process's writes (read-your-writes; docs/operations/scaling.md).
   */
  readonly bookmarks = neo4j.bookmarkManager();

  private constructor(
    private readonly driver: Driver,
    private readonly database: string,
    readonly cypher: CypherRegistry,
    access: AccessPolicy,
  ) {
    this.breach = accessBreach(access);
  }

  /** A statement ran through the wrong access mode: throw, or log it once (AccessPolicy). */
  private readonly breach: AccessBreach;

  /** Without a policy, a breach of the access rules throws (tests, tools). */
  static connect(
    conn: GraphConnection,
    cypher: CypherRegistry,
    access: AccessPolicy = { mode: 'refuse', warn: () => undefined },
  ): Graph {
    const auth =
      conn.user === undefined
        ? neo4j.auth.basic('neo4j', '')
        : neo4j.auth.basic(conn.user, conn.password ?? '');
    const driver = neo4j.driver(conn.uri, auth, {
      disableLosslessIntegers: true,
      maxConnectionPoolSize: 50,
      connectionAcquisitionTimeout: 30_000,
      logging: { level: 'error', logger: () => undefined },
    });
    return new Graph(driver, conn.database, cypher, access);
  }

  /** Runs a named read statement in a managed (retried) read transaction (routed to followers). */
  async read<T extends object = Row>(name: string, params: Params = {}): Promise<T[]> {
    return this.exec('READ', name, params);
  }

  /**
   * Runs a named read statement in a managed read transaction, giving its rows one at a time to
   * the visitor `start` returns, as they stream in (src/graph/stream-read.ts: a retry starts over).
   */
  async readEach<T extends object = Row>(
    name: string,
    params: Params,
    start: () => (row: T) => void,
  ): Promise<void> {
    const work = streamRows(name, this.cypher.get(name).text, params, start, this.breach);
    const session = this.driver.session({
      database: this.database,
      bookmarkManager: this.bookmarks,
    });
    try {
      await session.executeRead(work);
    } catch (err) {
      throw mapNeo4jError(err, name);
    } finally {
      await session.close();
    }
  }

  /** Runs a named write statement in a managed (retried) write transaction; one that only reads is refused. */
  async write<T extends object = Row>(name: string, params: Params = {}): Promise<T[]> {
    return this.exec('WRITE', name, params);
  }

  /**
   * Runs several named statements in one managed write transaction. The work function may be
   * called again when Neo4j reports a transient error, so it must not have side effects outside
   * the transaction that cannot be repeated; throwing from it rolls everything back.
   */
  async writeTx<T>(work: (tx: Tx) => Promise<T>, options: TxOptions = {}): Promise<T> {
    return this.managed('WRITE', work, options);
  }

  /**
   * Runs a named statement in an auto-commit transaction: needed for schema commands and
   * `CALL { ... } IN TRANSACTIONS`, which managed transactions refuse.
   */
  async autoCommit<T extends object = Row>(name: string, params: Params = {}): Promise<T[]> {
    const statement = this.cypher.get(name);
    const session = this.driver.session({
      database: this.database,
      bookmarkManager: this.bookmarks,
    });
    try {
      const result = await observeStatement(name, async () => session.run(statement.text, params));
      checkAutoCommit(name, result.summary.queryType, this.breach);
      return result.records.map((r) => toPlain(r.toObject()) as T);
    } catch (err) {
      throw mapNeo4jError(err, name);
    } finally {
      await session.close();
    }
  }

  /** EXPLAIN a named statement without running it: its query type ('r', 'rw', 'w', 's'). */
  async explain(name: string, params: Params = {}): Promise<QueryType> {
    return this.explainGenerated(this.cypher.get(name).text, params);
  }

  /**
   * Runs generated read-only Cypher (compiled J1QL, not a file of cypher/) in a managed read
   * transaction with a time limit. What Neo4j refuses in the statement itself (a type error at
   * run time, a bad full-text query, the time limit) is a StatementRejected, so the caller can
   * say what was wrong with the query rather than fail as the service.
   */
  async readGenerated<T extends object = Row>(
    text: string,
    params: Params,
    options: { timeoutMs: number },
  ): Promise<T[]> {
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: neo4j.session.READ,
      bookmarkManager: this.bookmarks,
    });
    try {
      return await session.executeRead(
        async (tx) => {
          const result = await observeStatement(GENERATED, async () => tx.run(text, params));
          return result.records.map((r) => toPlain(r.toObject()) as T);
        },
        { timeout: options.timeoutMs },
      );
    } catch (err) {
      throw rejectedStatement(err) ?? mapNeo4jError(err, '(generated query)');
    } finally {
      await session.close();
    }
  }

  /** EXPLAIN Cypher text: plans it without running it (tests of the J1QL compiler). */
  async explainGenerated(text: string, params: Params): Promise<QueryType> {
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: neo4j.session.READ,
    });
    try {
      const result = await session.run(`EXPLAIN ${text}`, params);
      return result.summary.queryType as QueryType;
    } finally {
      await session.close();
    }
  }

  /** Resolves when the database answers a trivial query; no retries, so a dead database fails fast. */
  async ping(): Promise<void> {
    await this.autoCommit('health/ping');
  }

  async close(): Promise<void> {
    await this.driver.close();
  }

  private async exec<T extends object>(
    mode: 'READ' | 'WRITE',
    name: string,
    params: Params,
  ): Promise<T[]> {
    this.cypher.get(name); // an unknown statement fails here, before a session is opened
    return this.managed(mode, (tx) =>
      mode === 'READ' ? tx.run<T>(name, params) : tx.write<T>(name, params),
    );
  }

  /** A managed (retried) transaction; driver errors are mapped, naming the statement that failed. */
  private async managed<T>(
    mode: 'READ' | 'WRITE',
    work: (tx: Tx) => Promise<T>,
    options: TxOptions = {},
  ): Promise<T> {
    const session = this.driver.session({
      database: this.database,
      bookmarkManager: this.bookmarks,
    });
    let current = '(transaction)';
    const inTransaction = async (mtx: ManagedTransaction): Promise<T> => {
      const check = new AccessCheck(mode, this.breach);
      const run = async <R extends object = Row>(
        name: string,
        params: Params = {},
        must = false,
      ) => {
        current = name;
        const text = this.cypher.get(name).text;
        const result = await observeStatement(name, async () => mtx.run(text, params));
        check.ran(name, result.summary.queryType, must);
        return result.records.map((r) => toPlain(r.toObject()) as R);
      };
      const value = await work({ run, write: (name, params) => run(name, params, true) });
      check.done();
      return value;
    };
    try {
      const config = options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs };
      // Neo4j's access mode (READ or WRITE), not a sync mode: no policy of SYNC_MODES.
      return mode === 'READ'
        ? await session.executeRead(inTransaction, config)
        : await session.executeWrite(inTransaction, config);
    } catch (err) {
      throw mapNeo4jError(err, current);
    } finally {
      await session.close();
    }
  }
}
