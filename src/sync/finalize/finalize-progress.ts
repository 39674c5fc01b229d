import type { GraphAccess } from '../../graph/graph';
import type { ApplyContext, TallyCounts } from './apply-context';
import type { JobRef } from '../jobs/job-service-contract';
import type { JobObjectError } from '../jobs/job-types';
import type { StoredJob } from '../jobs/stored-job';
import { FINALIZE_PHASES, type FinalizePhase, type PhaseProgress } from '../jobs/job-progress';
import type { FinalizePlan, FinalizeStep } from './finalize-plan';
import { phaseOf } from './phase-telemetry';

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

/** How often, at most, a run saves a checkpoint for chunks that changed no counter. */
export const QUIET_SAVE_MS = 1000;

export class Progress {
  private readonly applied_: { e: number; r: number };
  private readonly deleted_: { e?: number; r?: number };
  /** While set, saves keep the relationship pass at its start with these counters. */
  private relationshipsStart: { tally: TallyCounts; errors: JobObjectError[] } | undefined;
  /** The phases this run shows, in order, and the one it is in. */
  private readonly phaseNames: FinalizePhase[];
  private phase: FinalizePhase = 'entities';
  /** When the checkpoint was last saved (epoch ms). */
  private savedAt = 0;

  constructor(
    private readonly graph: GraphAccess,
    private readonly ref: JobRef,
    private readonly ctx: ApplyContext,
    checkpoint: Checkpoint | undefined,
    plan: FinalizePlan,
  ) {
    this.applied_ = { ...(checkpoint?.applied ?? { e: 0, r: 0 }) };
    this.deleted_ = { ...(checkpoint?.deleted ?? {}) };
    // A delete step an earlier run completed is not in the plan, but is shown (done).
    const planned = new Set(plan.steps.map(phaseOf));
    if (this.deleted_.e !== undefined) planned.add('delete-entities');
    if (this.deleted_.r !== undefined) planned.add('delete-relationships');
    if (ctx.job.bulkFileKey !== undefined) planned.add('bulk-file');
    planned.add('finish');
    this.phaseNames = FINALIZE_PHASES.filter((p) => planned.has(p));
  }

  /**
   * Before the bulk file is read (a long step for a large file): the job shows the `bulk-file`
   * phase, the file's bytes as its total. One write, through the run's fenced graph.
   */
  static async enterBulkFile(graph: GraphAccess, ref: JobRef, job: StoredJob): Promise<void> {
    if (job.bulkFileKey === undefined) return;
    const size = job.bulkFile?.size ?? null;
    const phases: PhaseProgress[] = [{ name: 'bulk-file', done: 0, total: size }];
    await graph.write('sync/update-job', {
      ...ref,
      set: { finalizePhase: 'bulk-file', finalizePhases: JSON.stringify(phases) },
    });
  }

  /** A step of the plan begins: the run enters its phase, if it has one. */
  async enterStep(step: FinalizeStep): Promise<void> {
    // The relationship pass's start writes nothing: the pass is entered by its apply step.
    if (step.do !== 'start-relationships') await this.enter(phaseOf(step));
  }

  /** The run enters a phase: the job node shows it (with the checkpoint, in one write). */
  async enter(phase: FinalizePhase): Promise<void> {
    this.phase = phase;
    await this.save();
  }

  /** Each phase of the run with its objects done and total (job-progress.ts). */
  phases(finished = false): PhaseProgress[] {
    const job = this.ctx.job;
    const one = (name: FinalizePhase): PhaseProgress => {
      switch (name) {
        case 'bulk-file': {
          const size = job.bulkFile?.size ?? 0;
          return { name, done: size, total: size };
        }
        case 'entities':
          return { name, done: this.applied_.e, total: job.numEntitiesUploaded };
        case 'relationships':
          return {
            name,
            done: this.applied_.r,
            total: job.numRelationshipsUploaded + job.numMappedRelationshipsUploaded,
          };
        case 'delete-entities':
          return { name, done: this.deleted_.e ?? 0, total: this.deleted_.e ?? null };
        case 'delete-relationships':
          return { name, done: this.deleted_.r ?? 0, total: this.deleted_.r ?? null };
        case 'finish':
          return { name, done: finished ? 1 : 0, total: 1 };
      }
    };
    return this.phaseNames.map(one);
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

  /**
   * A chunk of `objects` is written. `counted`: whether it changed a counter. One that changed
   * none (a DIFF re-run's unchanged chunk) saves only when the last save is QUIET_SAVE_MS old: an
   * unchanged re-run at N = 100k wrote 60 checkpoints, each a fenced transaction, for nothing a
   * reader would see but the phases' done counts (decision 0057). A run resumed after one of
   * those unsaved chunks applies it again, which a run resumed between a chunk's commit and its
   * checkpoint has always had to do.
   */
  async advance(kind: 'e' | 'r', objects: number, counted = true): Promise<void> {
    this.applied_[kind] += objects;
    if (!counted && Date.now() - this.savedAt < QUIET_SAVE_MS) return;
    await this.save();
  }

  async recordDeleted(kind: 'e' | 'r', deleted: number): Promise<void> {
    if (kind === 'r') this.relationshipsStart = undefined;
    this.deleted_[kind] = deleted;
    await this.save();
  }

  private async save(): Promise<void> {
    this.savedAt = Date.now();
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
      set: {
        ...counters(this.ctx),
        ...(this.deleted_.e === undefined ? {} : { numEntitiesDeleted: this.deleted_.e }),
        ...(this.deleted_.r === undefined ? {} : { numRelationshipsDeleted: this.deleted_.r }),
        finalizeCheckpoint: JSON.stringify(checkpoint),
        finalizePhase: this.phase,
        finalizePhases: JSON.stringify(this.phases()),
      },
    });
  }
}
