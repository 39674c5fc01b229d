import { keyHashOf } from '../../graph/key-hash';
import { FingerprintTable, fingerprintOf } from '../staging/fingerprint-set';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The `_id` of each entity a DIFF into a new scope creates, by its key's digest, so that the
 * relationship step finds the ends of the job's relationships in memory instead of reading them
 * back from Neo4j (decision 0055): in a new scope every end named by `_key` is an entity of this
 * job, and nothing else writes the scope while the run holds it.
 *
 * Each id is kept as the 128 bits of its UUID, in the value words of a fingerprint table (36 bytes
 * per entity at most, against ~150 for a Map of strings); an id of another form goes to a map.
 * The table is recorded as the entity chunks are planned; a failed write ends the run, and its
 * table with it. A chunk that does anything but create (a placeholder adopted) marks it
 * incomplete: the relationship step then reads the ends, as it does for a resumed run (which has
 * no table at all).
 */
export class CreatedEntityIds {
  private readonly table: FingerprintTable;
  private readonly other = new Map<string, string>();
  private whole = true;

  constructor(capacity: number) {
    this.table = new FingerprintTable(4, capacity);
  }

  /** Whether every entity of the scope so far was recorded here. */
  get complete(): boolean {
    return this.whole;
  }

  /** Records the entities a planned chunk creates (an EntityPlan's `creates`). */
  record(plan: {
    creates: ReadonlyArray<{ props: Record<string, unknown> }>;
    updates: readonly unknown[];
  }): void {
    if (plan.updates.length > 0) this.whole = false;
    for (const { props } of plan.creates) {
      const keyHash = props._keyHash;
      const id = props._id;
      if (typeof keyHash !== 'string' || typeof id !== 'string') {
        this.whole = false;
        continue;
      }
      if (UUID.test(id)) this.table.set(fingerprintOf(keyHash), uuidWords(id));
      else this.other.set(keyHash, id);
    }
  }

  /** The `_id` of the entity created with this `_key`, or null when none was. */
  idOf(key: string | null | undefined): string | null {
    const keyHash = keyHashOf(key);
    if (keyHash === null) return null;
    const f = fingerprintOf(keyHash);
    if (!this.table.has(f)) return this.other.get(keyHash) ?? null;
    return wordsUuid([0, 1, 2, 3].map((i) => this.table.value(f, i)!));
  }
}

function uuidWords(id: string): number[] {
  const hex = id.replaceAll('-', '');
  return [0, 8, 16, 24].map((at) => parseInt(hex.slice(at, at + 8), 16));
}

function wordsUuid(words: readonly number[]): string {
  const hex = words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The table of a run from the start of a job into a new scope (ApplyContext.createdIds), whose
 * entities are upserted (planned by upsertChunk, which records them); none for a resumed run,
 * whose entities an earlier run created: it reads the ends instead.
 */
export function createdIdsFor(
  job: Pick<StoredJob, 'numEntitiesUploaded' | 'syncMode'>,
  run: { newScope: boolean; resumed: boolean },
): { createdIds?: CreatedEntityIds } {
  if (!run.newScope || run.resumed) return {};
  if (SYNC_MODES[job.syncMode].entities.apply !== 'upsert') return {};
  return { createdIds: new CreatedEntityIds(job.numEntitiesUploaded) };
}
