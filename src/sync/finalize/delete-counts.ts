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

/** Live objects and deletes per type, with the first deleted keys in key order, by type. */
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
      t.keys.push(row.key);
      // The sample is the first keys in key order, whatever order the scan read them in, so a
      // preview or a guard message says the same thing each time; trimmed as it grows.
      if (t.keys.length >= this.sample * 8) t.keys = firstKeys(t.keys, this.sample);
    };
  }

  list(): TypeDeletes[] {
    return [...this.types.values()]
      .map((t) => ({ ...t, keys: firstKeys(t.keys, this.sample) }))
      .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  }
}

function firstKeys(keys: string[], n: number): string[] {
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, n);
}

export function totalsOf(types: readonly TypeDeletes[]): DeleteTotals {
  return types.reduce((t, x) => ({ live: t.live + x.live, deletes: t.deletes + x.deletes }), {
    live: 0,
    deletes: 0,
  });
}
