/**
 * Reads in read transactions, writes in write transactions: the rule that lets a routing driver
 * (neo4j://, neo4j+s://) send every read to a follower or read replica of a Neo4j cluster, and
 * keep the leader for writes. Neo4j itself is the judge of what a statement does: the summary of
 * every statement run reports its plan's query type ('r' read only, 'rw' reads and writes, 'w'
 * write only, 's' schema). Graph checks it on every run, whichever code path ran the statement:
 *
 * - a write statement in a read transaction: Neo4j refuses it (Neo.ClientError.Statement.AccessMode),
 *   as a cluster's follower would;
 * - a read-only statement through a single-statement write (Graph.write, Tx.write): refused here;
 * - a write transaction whose work ran no writing statement at all: refused here;
 * - an auto-commit statement (which a routing driver sends to the leader) that only reads, unless
 *   it is one of LEADER_READS.
 *
 * A breach is a programming error, found the first time its path runs. GRAPH_ACCESS_CHECK says
 * what then happens: `refuse` (the test suites set it) throws, so a test of the path fails;
 * `warn` (the default) logs the breach once per statement and lets the work go on, since on a
 * single server or a cluster the statement still does its job (it only loads the leader): a user's
 * request must not fail because of it. See docs/operations/scaling.md and decision 0042.
 */

/** What a breach does: throw (`refuse`) or log once per statement (`warn`). */
export type AccessCheckMode = 'refuse' | 'warn';

/** Where a breach goes: Graph throws it or logs it, as its AccessCheckMode says. */
export type AccessBreach = (error: AccessModeError) => void;

/** How a Graph treats a statement run through the wrong access mode. */
export interface AccessPolicy {
  readonly mode: AccessCheckMode;
  /** Where `warn` reports a breach (once per statement). */
  readonly warn: (line: string) => void;
}

/** The policy as a function: `refuse` throws, `warn` logs each statement's first breach. */
export function accessBreach(policy: AccessPolicy): AccessBreach {
  const logged = new Set<string>();
  return (error) => {
    if (policy.mode === 'refuse') throw error;
    if (logged.has(error.statement)) return;
    logged.add(error.statement);
    policy.warn(`${error.message} (GRAPH_ACCESS_CHECK=warn: logged once, the work went on)`);
  };
}

/** The query type Neo4j reports in a result summary (and for EXPLAIN). */
export type QueryType = 'r' | 'rw' | 'w' | 's';

/**
 * Read-only statements that run on the leader on purpose (auto-commit, write access mode):
 * `health/ping` answers readiness, which means "writes can be served"; `health/await-indexes` waits
 * for indexes the same process has just created, on the member that created them.
 */
export const LEADER_READS: ReadonlySet<string> = new Set(['health/ping', 'health/await-indexes']);

/** A statement ran through the wrong entry point for what it does. */
export class AccessModeError extends Error {
  constructor(
    readonly statement: string,
    message: string,
  ) {
    super(message);
    this.name = 'AccessModeError';
  }
}

/** What one attempt of a managed transaction ran, checked against the rules above. */
export class AccessCheck {
  private readonly names: string[] = [];
  private wrote = false;

  constructor(
    private readonly mode: 'READ' | 'WRITE',
    private readonly breach: AccessBreach,
  ) {}

  /** After each statement: its summary's query type; `mustWrite` for Graph.write and Tx.write. */
  ran(name: string, queryType: unknown, mustWrite: boolean): void {
    this.names.push(name);
    if (queryType !== 'r') this.wrote = true;
    else if (mustWrite) this.breach(readThroughWrite(name));
  }

  /** When the work function has returned, before the commit. */
  done(): void {
    if (this.mode === 'WRITE' && !this.wrote) this.breach(readOnlyWriteTransaction(this.names));
  }
}

/** After an auto-commit statement ran (on the leader). */
export function checkAutoCommit(name: string, queryType: unknown, breach: AccessBreach): void {
  if (queryType === 'r' && !LEADER_READS.has(name)) breach(readThroughAutoCommit(name));
}

export function readThroughWrite(name: string): AccessModeError {
  return new AccessModeError(
    name,
    `Statement '${name}' only reads: run it with Graph.read (a read transaction), not in a write transaction of its own`,
  );
}

export function readOnlyWriteTransaction(names: readonly string[]): AccessModeError {
  const list = names.length === 0 ? 'no statement' : names.map((n) => `'${n}'`).join(', ');
  return new AccessModeError(
    names[0] ?? '(transaction)',
    `A write transaction ran only read statements (${list}): run them with Graph.read`,
  );
}

export function readThroughAutoCommit(name: string): AccessModeError {
  return new AccessModeError(
    name,
    `Statement '${name}' only reads: auto-commit runs on the leader; run it with Graph.read`,
  );
}
