import type { GraphAccess } from '../../graph/graph';
import type { StoredJob } from '../jobs/stored-job';

/** One `_type` of a scope: its live objects and how many a DIFF would delete (a sample of keys). */
export interface TypeDeletes {
  type: string;
  live: number;
  deletes: number;
  keys: string[];
}

/** What a DIFF finalization of the job would delete, per type, before any of its writes. */
export interface DiffDeletes {
  entities: TypeDeletes[];
  relationships: TypeDeletes[];
}

/** Sums of a kind: live objects of the scope and how many would be deleted. */
export interface DeleteTotals {
  live: number;
  deletes: number;
}

/**
 * Counts, before any write of a DIFF finalization, what its two delete steps would delete (the
 * rules of soft-delete-absent-entities and -relationships, read from the job's staged keys):
 * the delete guard checks these numbers and the finalize preview reports them.
 */
export async function countDiffDeletes(
  graph: Pick<GraphAccess, 'read'>,
  job: Pick<StoredJob, 'id' | 'accountId' | 'numMappedRelationshipsUploaded'>,
  at: { scope: string; partialTypes: readonly string[]; sample: number },
): Promise<DiffDeletes> {
  const params = {
    accountId: job.accountId,
    scope: at.scope,
    jobId: job.id,
    partialTypes: at.partialTypes,
    sample: at.sample,
  };
  const [entities, relationships] = await Promise.all([
    graph.read<TypeDeletes>('sync/count-absent-entities', params),
    graph.read<TypeDeletes>('sync/count-absent-relationships', {
      ...params,
      mappedUploaded: job.numMappedRelationshipsUploaded > 0,
    }),
  ]);
  return { entities, relationships };
}

export function totalsOf(types: readonly TypeDeletes[]): DeleteTotals {
  return types.reduce((t, x) => ({ live: t.live + x.live, deletes: t.deletes + x.deletes }), {
    live: 0,
    deletes: 0,
  });
}
