import type { GraphAccess } from '../../graph/graph';
import { keyHash, storedKeyHash } from '../../graph/key-hash';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import { hashWords } from '../staging/batch-prints';
import { FingerprintTable, fingerprintOf } from '../staging/fingerprint-set';
import { entityAbsent } from './absent-scan';
import type { JobKeys } from './job-keys';

/** Flags of a snapshot entry. */
const THIS_JOB = 1; // written by this job (a resumed run): never taken as unchanged
const TWICE = 2; // two live objects with this key: left to the classifying query
const END_DELETED = 4; // a relationship on a deleted end

type SnapshotRow = {
  keyHash: string | null;
  key: string | null;
  hash: string;
  thisJob: boolean | null;
};
type EntityRow = SnapshotRow & { id: string; spared: boolean | null };
type RelationshipRow = SnapshotRow & { class: string; endDeleted: boolean | null };

/** A live entity the job did not upload, as the entity delete step soft deletes it. */
export type AbsentEntity = { id: string; keyHash: string };

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
  private absent: AbsentEntity[] | undefined;
  private loading: { kind: 'e' | 'r'; done: Promise<void> } | undefined;

  constructor(
    private readonly graph: Pick<GraphAccess, 'readEach'>,
    private readonly at: { accountId: string; scope: string; jobId: string },
    /** The job's keys and partial types, which tell the entities it did not upload. */
    private readonly job: { keys: JobKeys | undefined; partialTypes: readonly string[] },
  ) {}

  /**
   * The live entities of the scope the job did not upload (their type not named partial), as the
   * entity read found them (decision 0057), so that the entity delete step need not read the
   * scope again; undefined when this run did not read its entities (a resumed run past its entity
   * step, an upload with no entity), and the step scans as before. Given once: it is let go then.
   */
  takeAbsentEntities(): AbsentEntity[] | undefined {
    const absent = this.absent;
    this.absent = undefined;
    return absent;
  }

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
    const { keys, partialTypes } = this.job;
    const params = { ...this.at, partialTypes };
    await this.graph.readEach<EntityRow>('sync/snapshot-scope-entities', params, () => {
      const table = new FingerprintTable(4, sizeHint);
      const absent: AbsentEntity[] = [];
      this.entities = table;
      // Without the job's keys nothing can be told absent: the delete step scans instead.
      this.absent = keys === undefined ? undefined : absent;
      return (row) => {
        const digest = record(table, row, 0, 0);
        if (keys !== undefined && entityAbsent(keys, digest, row.spared === true)) {
          absent.push({ id: row.id, keyHash: row.keyHash ?? '' });
        }
      };
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

/** Records a row in the table; returns its key's digest (null: a row with no key). */
function record(
  table: FingerprintTable,
  row: SnapshotRow,
  flags: number,
  cls: number,
): string | null {
  const digest = storedKeyHash(row);
  if (digest === null) return null;
  const f = fingerprintOf(digest);
  const [h0, h1] = hashWords(row.hash);
  const twice = table.has(f) ? TWICE : 0;
  table.set(f, [h0, h1, flags | twice | (row.thisJob === true ? THIS_JOB : 0), cls]);
  return digest;
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
  job: Pick<StoredJob, 'id' | 'accountId' | 'syncMode' | 'partialDatasetTypes'>,
  at: { scope: string | null; newScope: boolean; keys: JobKeys | undefined },
): ScopeSnapshot | undefined {
  const replaces = SYNC_MODES[job.syncMode].writes === 'replace';
  if (at.scope === null || at.newScope || !replaces) return undefined;
  return new ScopeSnapshot(
    graph,
    { accountId: job.accountId, scope: at.scope, jobId: job.id },
    { keys: at.keys, partialTypes: job.partialDatasetTypes ?? [] },
  );
}
