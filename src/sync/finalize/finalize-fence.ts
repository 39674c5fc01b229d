import type { Graph, GraphAccess, Params, Row, Tx } from '../../graph/graph';
import { CommitOnce } from '../jobs/commit-once';
import type { JobRef } from '../jobs/job-service-contract';

/**
 * The graph as one finalization run sees it: reads as they are, and every write transaction
 * opened by the fence check (cypher/sync/check-finalize-fence.cypher), which takes the job's write
 * lock and lets the transaction go on only while the job is FINALIZE_PENDING and this run holds
 * its latest run number. A run that lost its turn (a newer run of the same job was claimed after
 * a stall, or the job became final) throws FencedOutError at its next write and commits nothing
 * more: entity and relationship writes, soft deletes, raw-data versions, progress and the final
 * status transition all go through here.
 *
 * Each of those writes also commits at most once (CommitOnce): a retry of a transaction whose
 * COMMIT landed with its reply lost would otherwise create entities twice (a uniqueness conflict),
 * bump `_version` twice, or find its raw-data version present and remove its content as unused.
 * The fence statement looks for the commit mark too, and lets a transaction that committed
 * through whatever the job's status now is (it may be the one that made the job final).
 */
/** A finalization run that is no longer the job's current one: it must stop, writing nothing. */
export class FencedOutError extends Error {
  constructor(
    readonly jobId: string,
    readonly run: number,
  ) {
    super(`Finalization run ${run} of sync job '${jobId}' was superseded; it stops here`);
    this.name = 'FencedOutError';
  }
}

export interface RunFence extends JobRef {
  /** The run number this run claimed (the job's finalizeRuns when it started). */
  run: number;
}

/**
 * How long one fenced write may hold the job's lock: a run frozen mid-transaction (a stopped
 * process, a partition) loses it after this long, so the run that takes over is not held up
 * until the frozen one wakes. Far above what a write of one chunk takes (well under a millisecond
 * a row on a small machine): 30 s, or 2 ms a row for larger chunks.
 */
export function fencedTxTimeoutMs(rowsPerWrite = 0): number {
  return Math.max(30_000, rowsPerWrite * 2);
}

export function fencedGraph(
  graph: Graph,
  fence: RunFence,
  txTimeoutMs = fencedTxTimeoutMs(),
): GraphAccess {
  const params = { accountId: fence.accountId, jobId: fence.jobId, run: fence.run };
  const fenced = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const once = new CommitOnce<T>(fence.jobId);
    return graph.writeTx(
      async (tx) => {
        const [row] = await tx.run<{ committed: boolean }>('sync/check-finalize-fence', {
          ...params,
          mark: once.lookFor(),
        });
        if (row === undefined) throw new FencedOutError(fence.jobId, fence.run);
        const earlier = once.earlier(row.committed);
        if (earlier !== undefined) return earlier.value;
        return once.record(tx, await work(tx));
      },
      { timeoutMs: txTimeoutMs },
    );
  };
  return {
    read: (name, p) => graph.read(name, p),
    readEach: (name, p, start) => graph.readEach(name, p, start),
    write: <T extends object = Row>(name: string, p?: Params) =>
      fenced((tx) => tx.write<T>(name, p)),
    writeTx: fenced,
  };
}
