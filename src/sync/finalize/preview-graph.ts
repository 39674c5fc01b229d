import type { GraphAccess } from '../../graph/graph';

/** What the relationship pass of a finalization finds once the entity pass is applied. */
export interface PreviewEnds {
  /** The job's scope, where ends named by `_key` are looked up. */
  scope: string | null;
  /** Keys of the entities the job uploads: live (created, updated or kept) after its entity pass. */
  uploaded: ReadonlySet<string>;
  /** DIFF: an entity of the scope the job did not upload is deleted before the relationship pass. */
  deletesAbsent: boolean;
}

/** The reads that resolve relationship ends by `_key` (rows with `i` and the ends' ids). */
const END_READS = new Set(['sync/classify-relationships', 'sync/resolve-relationship-ends']);

type Row = Record<string, unknown>;

/**
 * The graph as the finalize preview lets its classification see it: reads go to Neo4j, writes
 * are refused (a preview writes nothing), and relationship ends named by `_key` are resolved as
 * the relationship pass would find them after the entity pass: an end the job uploads exists and
 * is live; in DIFF, an end of the scope it does not upload is deleted.
 */
export function previewGraph(graph: GraphAccess, ends: PreviewEnds): GraphAccess {
  const refuse = (): Promise<never> =>
    Promise.reject(new Error('The finalize preview writes nothing'));
  return {
    read: async <T extends object>(name: string, params?: Record<string, unknown>) => {
      const rows = await graph.read<T>(name, params);
      if (!END_READS.has(name) || !Array.isArray(params?.rows)) return rows;
      const inputs = new Map((params.rows as Row[]).map((r) => [r.i, r]));
      for (const row of rows as Row[]) {
        const input = inputs.get(row.i);
        if (input === undefined) continue;
        asApplied(row, input, 'from', ends);
        asApplied(row, input, 'to', ends);
      }
      return rows;
    },
    readEach: (name, params, start) => graph.readEach(name, params, start),
    write: refuse,
    writeTx: refuse,
  };
}

function asApplied(row: Row, input: Row, side: 'from' | 'to', ends: PreviewEnds): void {
  const key = input[`${side}Key`];
  if (typeof key !== 'string') return; // named by _id: as stored
  const scope = input[`${side}Scope`];
  if (typeof scope === 'string' && scope !== ends.scope) return;
  const id = `${side}Id`;
  const deleted = `${side}Deleted`;
  if (ends.uploaded.has(key)) {
    row[id] ??= `preview:${key}`;
    row[deleted] = false;
  } else if (ends.deletesAbsent && row[id] !== null && row[id] !== undefined) {
    row[deleted] = true;
  }
}
