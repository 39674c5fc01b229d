import type { PropertyCatalogRecorder } from '../../catalog/property-catalog';
import { type ChangeParams, changeParams } from '../../model/change-record';
import type { GraphAccess } from '../../graph/graph';
import type { RawDataWriter } from '../../rawdata/raw-data-writer';
import type { JobObjectError } from '../jobs/job-types';
import type { StoredJob } from '../jobs/stored-job';
import type { CreatedEntityIds } from './created-ids';
import type { JobKeys } from './job-keys';
import type { ScopeSnapshot } from './scope-snapshot';
import type { ModePolicy } from '../modes/mode-policy';

/** What applying one job's batches needs, and the running totals it produces. */
export interface ApplyContext {
  /** Writes go through the run's fence (finalize-fence.ts). */
  graph: GraphAccess;
  job: StoredJob;
  /** The job's sync mode, as SYNC_MODES has it. */
  policy: ModePolicy;
  accountId: string;
  /** `_scope` written on objects and matched by `_key`; null only for PATCH jobs without scope. */
  scope: string | null;
  now: number;
  chunkSize: number;
  tally: Tally;
  /** Stores the entities' `_rawData` entries as versions. */
  rawData: RawDataWriter;
  /** The account's property catalog, recording each (name, kind) this run writes once. */
  catalog: PropertyCatalogRecorder;
  /**
   * The mode's `fastNewScope`, into a scope that held no entity when the finalization began:
   * nothing it uploads can exist yet, so entities skip classification and relationships only
   * resolve their ends.
   */
  newScope: boolean;
  /**
   * The account holds placeholder targets of mapped relationships: an entity about to be created
   * first looks for a placeholder with its `_type` and `_key` to adopt.
   */
  placeholders: boolean;
  /**
   * What the job uploaded (decision 0051), for the delete steps and ignoreDuplicates' "last one
   * wins"; undefined for a job that needs neither (job-keys.ts, needsJobKeys).
   */
  keys: JobKeys | undefined;
  /**
   * A DIFF re-run's view of the scope's live objects, which drops the uploaded objects it finds
   * unchanged before they are classified (scope-snapshot.ts); undefined elsewhere.
   */
  snapshot?: ScopeSnapshot;
  /**
   * A DIFF into a new scope, run from its start: the ids of the entities it creates, where its
   * relationships find their ends (created-ids.ts); undefined elsewhere.
   */
  createdIds?: CreatedEntityIds;
}

export type Op = 'created' | 'updated' | 'unchanged';

/** The write that applies a classified chunk (run in chunk order, one at a time). */
export type Write = () => Promise<void>;

export const MAX_LISTED_ERRORS = 100;

/** The counters of a Tally, as a finalization's checkpoint keeps them. */
export interface TallyCounts {
  entitiesCreated: number;
  entitiesUpdated: number;
  entityUpdateErrors: number;
  relationshipsCreated: number;
  relationshipsUpdated: number;
  relationshipCreateErrors: number;
  rawDataVersions: number;
}

const COUNTS: ReadonlyArray<keyof TallyCounts> = [
  'entitiesCreated',
  'entitiesUpdated',
  'entityUpdateErrors',
  'relationshipsCreated',
  'relationshipsUpdated',
  'relationshipCreateErrors',
  'rawDataVersions',
];

export class Tally implements TallyCounts {
  entitiesCreated = 0;
  entitiesUpdated = 0;
  entityUpdateErrors = 0;
  relationshipsCreated = 0;
  relationshipsUpdated = 0;
  relationshipCreateErrors = 0;
  rawDataVersions = 0;
  readonly errors: JobObjectError[] = [];

  /** `placeholders`: `_id`s of the mapper placeholders this job created, counted once. */
  constructor(readonly placeholders = new Set<string>()) {}

  /** A tally as a checkpoint left it (a resumed run goes on from there). */
  static restore(counts?: TallyCounts, errors?: JobObjectError[]): Tally {
    const t = new Tally();
    for (const c of COUNTS) t[c] = counts?.[c] ?? 0;
    for (const e of errors ?? []) t.error(e);
    return t;
  }

  /** A tally for one chunk, sharing the placeholders seen: merged once the chunk is written. */
  fork(): Tally {
    return new Tally(this.placeholders);
  }

  merge(chunk: Tally): void {
    this.add(chunk, chunk.errors);
  }

  /** Adds counts (a chunk's planned writes) and their errors, in order. */
  add(counts: Partial<TallyCounts>, errors: readonly JobObjectError[] = []): void {
    for (const c of COUNTS) this[c] += counts[c] ?? 0;
    for (const e of errors) this.error(e);
  }

  /** Whether nothing is counted: a chunk whose tally is empty changed no counter. */
  get isEmpty(): boolean {
    return this.errors.length === 0 && COUNTS.every((c) => this[c] === 0);
  }

  counts(): TallyCounts {
    return Object.fromEntries(COUNTS.map((c) => [c, this[c]])) as unknown as TallyCounts;
  }

  entity(op: Op): void {
    if (op === 'created') this.entitiesCreated++;
    else if (op === 'updated') this.entitiesUpdated++;
  }

  relationship(op: Op): void {
    if (op === 'created') this.relationshipsCreated++;
    else if (op === 'updated') this.relationshipsUpdated++;
  }

  error(e: JobObjectError): void {
    if (this.errors.length < MAX_LISTED_ERRORS) this.errors.push(e);
  }
}

/**
 * The op an unchanged-looking object stands for. A re-run of the same job (a worker died half way)
 * finds its own earlier writes: those count as what they were then, so counters stay exact.
 */
export function replayed(
  stored: { lastJob: string | null; lastOp: string | null },
  jobId: string,
): Op {
  if (stored.lastJob === jobId && (stored.lastOp === 'created' || stored.lastOp === 'updated')) {
    return stored.lastOp;
  }
  return 'unchanged';
}

/**
 * The scope a job may write in: its `scope`, else its integration instance (whose data carries that
 * `_scope`); null for a job with neither, which may name entities anywhere in the account (PATCH
 * and OVERRIDE by `_id`, OVERRIDE by `_type` + `_key`). An entity named outside it is not written
 * and counts as an update error, like a missing one. Relationship ends are not bound by it: a
 * relationship of the job's scope may end at an entity of another scope.
 */
export function writableScope(job: {
  scope?: string;
  integrationInstanceId?: string;
}): string | null {
  return job.scope ?? job.integrationInstanceId ?? null;
}

/** What stamping a write needs: the job and the run's time. */
export interface StampContext {
  job: Pick<StoredJob, 'id' | 'source' | 'integrationInstanceId'>;
  now: number;
}

/** What a chunk's pure plan (entity-plan.ts, relationship-plan.ts) needs of the run. */
export interface PlanContext extends StampContext {
  policy: ModePolicy;
  accountId: string;
  scope: string | null;
  /** The `_id` of a new object (randomUUID; fixed in tests). */
  newId: () => string;
}

/** System properties every write by this job stamps on an object. */
export function stamp(ctx: StampContext, op: 'created' | 'updated'): Record<string, unknown> {
  const out: Record<string, unknown> = {
    _source: ctx.job.source,
    _beginOn: ctx.now,
    _deleted: false,
    _lastSyncJobId: ctx.job.id,
    _lastSyncOp: op,
  };
  if (ctx.job.integrationInstanceId !== undefined) {
    out._integrationInstanceId = ctx.job.integrationInstanceId;
  }
  return out;
}

/**
 * The `$history` parameter of a finalize write (decision 0045): the job, and the run's `now` that
 * the write stamps in `_beginOn` / `_endOn`.
 */
export function syncChanges(ctx: { job: { id: string }; now: number }): ChangeParams {
  return changeParams({ source: 'sync', jobId: ctx.job.id, at: ctx.now });
}
