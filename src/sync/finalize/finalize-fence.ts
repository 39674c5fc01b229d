import type { Graph, GraphAccess, Params, Row, Tx } from '../../graph/graph';
import type { JobRef } from '../jobs/job-service-contract';

/**
 * The graph as one finalization run sees it: reads as they are, and every write transaction
 * opened by the fence check (cypher/sync/check-finalize-fence.cypher), which takes the job's write
 * lock and lets the transaction go on only while the job is FINALIZE_PENDING and this run holds
 * its latest run number. A run that lost its turn (a newer run of the same job was claimed after
 * a stall, or the job became final) throws FencedOutError at its next write and commits nothing
 * more: entity and relationship writes, soft deletes, raw-data versions, progress and the final
 * status transition all go through here.
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
  const fenced = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    graph.writeTx(
      async (tx) => {
        const rows = await tx.run('sync/check-finalize-fence', params);
        if (rows.length === 0) throw new FencedOutError(fence.jobId, fence.run);
        return work(tx);
      },
      { timeoutMs: txTimeoutMs },
    );
  return {
    read: (name, p) => graph.read(name, p),
    write: <T extends object = Row>(name: string, p?: Params) =>
      fenced((tx) => tx.write<T>(name, p)),
    writeTx: fenced,
  };
}
