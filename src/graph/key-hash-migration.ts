import type { Graph } from './graph';
import { keyHash } from './key-hash';

/**
 * The one-off migration of decision 0035: objects written before keys were indexed by their digest
 * get it, so that every lookup by key finds them. Entities and relationships get `_keyHash`,
 * CROSS_SCOPE link records `keyHash` (the staged key nodes of open jobs are read by nothing since
 * decision 0051, and are left as they are until their job ends). Runs in rounds of BATCH (each
 * round reads the objects still without a digest, then writes the digests in one transaction),
 * so it resumes where it stopped if the process dies; idempotent.
 */
const BATCH = 10_000;

const NODES = [
  { pending: 'migrations/key-hash-pending-entities', property: '_keyHash' },
  { pending: 'migrations/key-hash-pending-cross-scope-links', property: 'keyHash' },
];

export async function addKeyHashes(graph: Graph): Promise<void> {
  for (const { pending, property } of NODES) {
    await rounds(graph, pending, (rows: Array<{ id: string; key: string }>) =>
      graph.write<{ set: number }>('migrations/key-hash-set-nodes', {
        rows: rows.map((r) => ({ id: r.id, props: { [property]: keyHash(r.key) } })),
      }),
    );
  }
  await rounds(
    graph,
    'migrations/key-hash-pending-relationships',
    (rows: Array<{ from: string; id: string; key: string }>) =>
      graph.write<{ set: number }>('migrations/key-hash-set-relationships', {
        rows: rows.map((r) => ({ from: r.from, id: r.id, hash: keyHash(r.key) })),
      }),
  );
}

async function rounds<R extends { key: string }>(
  graph: Graph,
  pending: string,
  set: (rows: R[]) => Promise<Array<{ set: number }>>,
): Promise<void> {
  for (;;) {
    const rows = await graph.read<R>(pending, { limit: BATCH });
    if (rows.length === 0) return;
    const [written] = await set(rows);
    // A round that sets nothing would be read again forever: the objects went away meanwhile
    // (deleted), or could not be reached. Both end here; anything left is read at the next start.
    if ((written?.set ?? 0) === 0) return;
  }
}
