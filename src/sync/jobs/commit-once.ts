import { randomUUID } from 'node:crypto';
import type { Tx } from '../../graph/graph';

/**
 * A write transaction of a sync job that commits at most once, though the driver may run it
 * again. When the connection drops after COMMIT (Neo4j died, the network cut), neo4j-driver cannot
 * know whether the transaction landed and runs the transaction function again: a second run of a
 * create breaks a uniqueness constraint, of an update bumps `_version` twice, of an upload finds
 * its own keys and refuses them as duplicates. So each attempt records the same commit mark in its
 * transaction (cypher/sync/record-commit.cypher, one `:_SyncCommit` node, removed with the job's
 * staging), and an attempt that finds the mark does nothing and returns what the attempt that
 * committed returned.
 *
 * One CommitOnce per call of writeTx: `lookFor()` at the start of each attempt, `earlier()` with
 * what the lookup found, `record()` as the attempt's last statement.
 */
export class CommitOnce<T> {
  private readonly mark = randomUUID();
  private attempts = 0;
  /** What the latest attempt that got as far as COMMIT returned: the one that committed, if any. */
  private last: { value: T } | undefined;

  constructor(private readonly jobId: string) {}

  /** The mark an attempt looks for: null on the first (it cannot exist yet). */
  lookFor(): string | null {
    return this.attempts++ === 0 ? null : this.mark;
  }

  /** When an earlier attempt committed (its mark was found): what it returned. */
  earlier(found: boolean): { value: T } | undefined {
    return found ? this.last : undefined;
  }

  /** Looks for the mark with sync/find-commit: what an earlier attempt returned, if it committed. */
  async committedBefore(tx: Tx): Promise<{ value: T } | undefined> {
    const mark = this.lookFor();
    if (mark === null) return undefined;
    const rows = await tx.run('sync/find-commit', { jobId: this.jobId, mark });
    return this.earlier(rows.length > 0);
  }

  /** Records the mark in the attempt's transaction; returns `value`. */
  async record(tx: Tx, value: T): Promise<T> {
    await tx.run('sync/record-commit', { jobId: this.jobId, mark: this.mark });
    this.last = { value };
    return value;
  }
}
