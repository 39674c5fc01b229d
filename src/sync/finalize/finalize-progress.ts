import type { GraphAccess } from '../../graph/graph';
import type { ApplyContext, TallyCounts } from './apply-context';
import type { JobRef } from '../jobs/job-service-contract';
import type { JobObjectError } from '../jobs/job-types';
import type { StoredJob } from '../jobs/stored-job';

/**
 * How far a finalization got, kept on the job node (`finalizeCheckpoint`) by each run after each
 * chunk it wrote: a re-run after a crash or a stall goes on from there with the counters as they
 * were, instead of applying every chunk again. Saved through the run's fenced graph, so a
 * superseded run cannot move it.
 */
export interface Checkpoint {
  /** The first run's time, stamped on everything the job writes. */
  now: number;
  /** Objects applied, per kind, in upload order (after last-wins). */
  applied: { e: number; r: number };
  /** The delete steps' counts, once each step is complete. */
  deleted: { e?: number; r?: number };
  /** The counters for exactly the objects in `applied`. */
  tally: TallyCounts;
  errors: JobObjectError[];
}

export function readCheckpoint(job: StoredJob): Checkpoint | undefined {
  return job.finalizeCheckpoint === undefined
    ? undefined
    : (JSON.parse(job.finalizeCheckpoint) as Checkpoint);
}

/** The job's public counters from a run's tally. */
export function counters(ctx: ApplyContext): Record<string, number> {
  const t = ctx.tally;
  return {
    numEntitiesCreated: t.entitiesCreated,
    numEntitiesUpdated: t.entitiesUpdated,
    numEntityUpdateErrors: t.entityUpdateErrors,
    numRelationshipsCreated: t.relationshipsCreated,
    numRelationshipsUpdated: t.relationshipsUpdated,
    numRelationshipCreateErrors: t.relationshipCreateErrors,
    numRawDataVersionsCreated: t.rawDataVersions,
  };
}

export class Progress {
  private readonly applied_: { e: number; r: number };
  private readonly deleted_: { e?: number; r?: number };
  /** While set, saves keep the relationship pass at its start with these counters. */
  private relationshipsStart: { tally: TallyCounts; errors: JobObjectError[] } | undefined;

  constructor(
    private readonly graph: GraphAccess,
    private readonly ref: JobRef,
    private readonly ctx: ApplyContext,
    checkpoint: Checkpoint | undefined,
  ) {
    this.applied_ = { ...(checkpoint?.applied ?? { e: 0, r: 0 }) };
    this.deleted_ = { ...(checkpoint?.deleted ?? {}) };
  }

  applied(kind: 'e' | 'r'): number {
    return this.applied_[kind];
  }

  deleted(kind: 'e' | 'r'): number | undefined {
    return this.deleted_[kind];
  }

  /**
   * The relationship pass begins. When it cannot be resumed half way (mapped relationships count
   * their placeholders once per pass), checkpoints keep it at its start until it is complete.
   */
  startRelationships(resumable: boolean): void {
    if (resumable) return;
    this.relationshipsStart = {
      tally: this.ctx.tally.counts(),
      errors: [...this.ctx.tally.errors],
    };
  }

  async advance(kind: 'e' | 'r', objects: number): Promise<void> {
    this.applied_[kind] += objects;
    await this.save();
  }

  async recordDeleted(kind: 'e' | 'r', deleted: number): Promise<void> {
    if (kind === 'r') this.relationshipsStart = undefined;
    this.deleted_[kind] = deleted;
    await this.save();
  }

  private async save(): Promise<void> {
    const t = this.ctx.tally;
    const start = this.relationshipsStart;
    const checkpoint: Checkpoint = {
      now: this.ctx.now,
      applied: start === undefined ? this.applied_ : { ...this.applied_, r: 0 },
      deleted: this.deleted_,
      tally: start?.tally ?? t.counts(),
      errors: start?.errors ?? t.errors,
    };
    await this.graph.write('sync/update-job', {
      ...this.ref,
      set: { ...counters(this.ctx), finalizeCheckpoint: JSON.stringify(checkpoint) },
    });
  }
}
