import type { GraphAccess } from '../../graph/graph';
import type { StoredJob } from '../jobs/stored-job';
import { type ScannedObject, scanEntities, scanRelationships } from './absent-scan';
import type { JobKeys } from './job-keys';

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
 * rules of absent-scan.ts, with the job's keys): the delete guard checks these numbers and the
 * finalize preview reports them, with up to `sample` keys of each type.
 */
export async function countDiffDeletes(
  graph: Pick<GraphAccess, 'readEach'>,
  job: Pick<StoredJob, 'id' | 'accountId' | 'numMappedRelationshipsUploaded'>,
  at: { scope: string; partialTypes: readonly string[]; sample: number; keys: JobKeys },
): Promise<DiffDeletes> {
  const rule = {
    accountId: job.accountId,
    scope: at.scope,
    jobId: job.id,
    partialTypes: at.partialTypes,
    keys: at.keys,
  };
  const entities = new TypeCounts(at.sample);
  const relationships = new TypeCounts(at.sample);
  await Promise.all([
    scanEntities(graph, rule, () => entities.restart()),
    scanRelationships(
      graph,
      { ...rule, before: true, mappedUploaded: job.numMappedRelationshipsUploaded > 0 },
      () => relationships.restart(),
    ),
  ]);
  return { entities: entities.list(), relationships: relationships.list() };
}

/** Live objects and deletes per type, with a sample of the deleted keys, sorted by type. */
class TypeCounts {
  private types = new Map<string, TypeDeletes>();

  constructor(private readonly sample: number) {}

  /** A visitor counting from nothing (a read that is retried starts over). */
  restart(): (row: ScannedObject, absent: boolean) => void {
    this.types = new Map();
    return (row, absent) => {
      let t = this.types.get(row.type);
      if (t === undefined) {
        t = { type: row.type, live: 0, deletes: 0, keys: [] };
        this.types.set(row.type, t);
      }
      t.live++;
      if (!absent) return;
      t.deletes++;
      if (t.keys.length < this.sample) t.keys.push(row.key);
    };
  }

  list(): TypeDeletes[] {
    return [...this.types.values()].sort((a, b) =>
      a.type < b.type ? -1 : a.type > b.type ? 1 : 0,
    );
  }
}

export function totalsOf(types: readonly TypeDeletes[]): DeleteTotals {
  return types.reduce((t, x) => ({ live: t.live + x.live, deletes: t.deletes + x.deletes }), {
    live: 0,
    deletes: 0,
  });
}
