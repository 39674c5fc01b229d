import type { BlobStore } from '../blob/blob-store';
import type { Graph } from '../graph/graph';

/** Objects deleted per purge transaction. */
export const HISTORY_PURGE_BATCH = 1000;

/**
 * One purge (decision 0045): the changes written before `before`, then the entities soft deleted
 * before it (with their relationships, raw-data versions and the versions' content), then the
 * relationships soft deleted before it; each in transactions of HISTORY_PURGE_BATCH. Several API
 * processes may purge at once: deleting twice is nothing. Returns how many objects went.
 */
export async function purgeExpired(deps: {
  graph: Graph;
  blobs: BlobStore;
  before: number;
  batch?: number;
}): Promise<number> {
  const params = { before: deps.before, batch: deps.batch ?? HISTORY_PURGE_BATCH };
  let total = 0;
  total += await repeat(params.batch, async () => {
    const [row] = await deps.graph.write<{ deleted: number }>('history/purge-changes', params);
    return row?.deleted ?? 0;
  });
  total += await repeat(params.batch, async () => {
    const [row] = await deps.graph.write<{ deleted: number; blobKeys: string[] }>(
      'history/purge-deleted-entities',
      params,
    );
    // The versions are gone from the graph first: content left behind is only unused bytes.
    for (const key of row?.blobKeys ?? []) await deps.blobs.deletePrefix(key);
    return row?.deleted ?? 0;
  });
  total += await repeat(params.batch, async () => {
    const [row] = await deps.graph.write<{ deleted: number }>(
      'history/purge-deleted-relationships',
      params,
    );
    return row?.deleted ?? 0;
  });
  return total;
}

/** Runs `step` until it deletes fewer than a full batch; the sum of what it deleted. */
async function repeat(batch: number, step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await step();
    total += deleted;
    if (deleted < batch) return total;
  }
}
