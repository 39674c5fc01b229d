import type { GraphAccess } from '../../graph/graph';
import { keyHash, storedKeyHash } from '../../graph/key-hash';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import { hashWords } from '../staging/batch-prints';
import { FingerprintTable, fingerprintOf } from '../staging/fingerprint-set';

/** Flags of a snapshot entry. */
const THIS_JOB = 1; // written by this job (a resumed run): never taken as unchanged
const TWICE = 2; // two live objects with this key: left to the classifying query
const END_DELETED = 4; // a relationship on a deleted end

type EntityRow = {
  keyHash: string | null;
  key: string | null;
  hash: string;
  thisJob: boolean | null;
};
type RelationshipRow = EntityRow & { class: string; endDeleted: boolean | null };

/**
 * The scope's live objects as a DIFF re-run's classification needs them (issue 26): for each key,
 * the head of its content hash and, for a relationship, its class. Read once per kind, streamed
 * (`sync/snapshot-scope-*`: lean reads; a relationship that starts outside the scope is not read
 * and goes to the query as before), so that the uploaded objects found
 * unchanged here are not sent to the classifying query, which would leave them out anyway: it
 * drops a row whose object is stored live with the same content hash (a relationship: same
 * class, both ends live) and was not written by this job. The answer is the query's, row for row;
 * only the rows it would drop are dropped early.
 */
export class ScopeSnapshot {
  private entities: FingerprintTable | undefined;
  private relationships: FingerprintTable | undefined;
  private loading: { kind: 'e' | 'r'; done: Promise<void> } | undefined;

  constructor(
    private readonly graph: Pick<GraphAccess, 'readEach'>,
    private readonly at: { accountId: string; scope: string; jobId: string },
  ) {}

  /**
   * Whether the stored entity with this key (its digest, decision 0035) is live, with this
   * content, not this job's.
   */
  unchangedEntity(digest: string, hash: string): boolean {
    return unchanged(this.entities, digest, hash, 0);
  }

  /** As unchangedEntity, and of this class on two live ends. */
  unchangedRelationship(digest: string, hash: string, cls: string): boolean {
    return unchanged(this.relationships, digest, hash, classWord(cls));
  }

  /**
   * Reads the scope's live objects of one kind, once (chunks classified side by side wait for the
   * same read): entities before the entity step, relationships before the relationship step.
   */
  load(kind: 'e' | 'r', sizeHint: number): Promise<void> {
    if (this.loading?.kind !== kind) {
      const done = kind === 'e' ? this.loadEntities(sizeHint) : this.loadRelationships(sizeHint);
      this.loading = { kind, done };
    }
    return this.loading.done;
  }

  private async loadEntities(sizeHint: number): Promise<void> {
    await this.graph.readEach<EntityRow>('sync/snapshot-scope-entities', this.at, () => {
      const table = new FingerprintTable(4, sizeHint);
      this.entities = table;
      return (row) => record(table, row, 0, 0);
    });
  }

  private async loadRelationships(sizeHint: number): Promise<void> {
    // The entity table is done with: its memory goes before the relationships' comes.
    this.entities = undefined;
    await this.graph.readEach<RelationshipRow>('sync/snapshot-scope-relationships', this.at, () => {
      const table = new FingerprintTable(4, sizeHint);
      this.relationships = table;
      return (row) =>
        record(table, row, row.endDeleted === true ? END_DELETED : 0, classWord(row.class));
    });
  }
}

function record(table: FingerprintTable, row: EntityRow, flags: number, cls: number): void {
  const digest = storedKeyHash(row);
  if (digest === null) return;
  const f = fingerprintOf(digest);
  const [h0, h1] = hashWords(row.hash);
  const twice = table.has(f) ? TWICE : 0;
  table.set(f, [h0, h1, flags | twice | (row.thisJob === true ? THIS_JOB : 0), cls]);
}

function unchanged(
  table: FingerprintTable | undefined,
  digest: string,
  hash: string,
  cls: number,
): boolean {
  if (table === undefined) return false;
  const f = fingerprintOf(digest);
  const flags = table.value(f, 2);
  if (flags === undefined || flags !== 0 || table.value(f, 3) !== cls) return false;
  const [h0, h1] = hashWords(hash);
  return table.value(f, 0) === h0 && table.value(f, 1) === h1;
}

/** A relationship class as one word (its digest's first four bytes); 0 for entities. */
function classWord(cls: string): number {
  return fingerprintOf(keyHash(cls))[0];
}

/**
 * The snapshot a finalization run uses: for a mode that replaces content by hash (DIFF), into a
 * scope that held entities when the run began; none otherwise.
 */
export function scopeSnapshotFor(
  graph: Pick<GraphAccess, 'readEach'>,
  job: Pick<StoredJob, 'id' | 'accountId' | 'syncMode'>,
  at: { scope: string | null; newScope: boolean },
): ScopeSnapshot | undefined {
  const replaces = SYNC_MODES[job.syncMode].writes === 'replace';
  if (at.scope === null || at.newScope || !replaces) return undefined;
  return new ScopeSnapshot(graph, { accountId: job.accountId, scope: at.scope, jobId: job.id });
}
