import type { Logger } from 'pino';
import type { BlobStore } from '../../blob/blob-store';
import { PropertyCatalog } from '../../catalog/property-catalog';
import { AppError, DataRejectedError } from '../../errors/app-error';
import type { Graph } from '../../graph/graph';
import type { RawDataWriter } from '../../rawdata/raw-data-writer';
import type { JobRef } from '../jobs/job-service-contract';
import type { StagedRelationship } from '../jobs/job-types';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import { jobStagingPrefix } from '../staging/staging';
import { type ApplyContext, Tally } from './apply-context';
import { prepareEntities } from './apply-entities';
import { PLACEHOLDER_SCOPE } from './apply-mapped';
import { prepareRelationships } from './apply-relationships';
import { eachChunk } from './chunk-feed';
import { stageForRun } from './finalize-staging';
import { DELETE_CHUNK, softDeleteAbsent } from './delete-absent';
import { createdIdsFor } from './created-ids';
import { scopeSnapshotFor } from './scope-snapshot';
import type { DeleteGuard } from './delete-guard';
import { FencedOutError, fencedGraph, fencedTxTimeoutMs } from './finalize-fence';
import { effectiveScope } from './finalize-order';
import {
  type FinalizePlan,
  type FinalizeStep,
  looksUpNewScope,
  planFinalization,
} from './finalize-plan';
import { type Checkpoint, counters, Progress, readCheckpoint } from './finalize-progress';
import { inPhase, inPhases } from './phase-telemetry';

/**
 * Applies a FINALIZE_PENDING job to the graph: entities first (batch by batch, in upload order),
 * then DIFF's soft deletes of absent entities, then relationships, then absent relationships;
 * finally FINISHED with the counters. Which of these steps a run takes is planned from the job's
 * mode and checkpoint with no IO (finalize-plan.ts); this class reads what the plan needs, runs
 * its steps and records the end. The same code runs in-process (local mode) and in queue
 * workers. What makes it safe under faults (docs/decisions/0028-fenced-ordered-finalization.md):
 * - Order: jobs of one (account, scope) apply in the order their finalize was accepted; a job
 *   whose scope has an earlier pending job answers `waiting` and stays FINALIZE_PENDING.
 * - Fencing: each run claims the next run number of its job, and every write of the run (objects,
 *   deletes, raw data, progress, the final status) is conditional on it inside the same
 *   transaction (finalize-fence.ts); a run superseded by a newer one stops at its next write.
 * - Resumption: after each chunk the run records how far it got with the counters so far (in the
 *   fenced progress write), so a re-run skips what was applied and still counts exactly. Writes
 *   are keyed by `_key` and stamped with the job id, so re-applying a chunk repeats nothing.
 * - Only the run that moves the job to its final status deletes the job's staging.
 */
export interface FinalizerDeps {
  graph: Graph;
  blobs: BlobStore;
  jobs: JobStore;
  logger: Logger;
  /** Stores the `_rawData` of written entities. */
  rawData: RawDataWriter;
  /** Rows per transaction. */
  chunkSize: number;
  /** How often `run` looks again while an earlier job of the scope is pending. */
  scopeWaitMs?: number;
  now?: () => number;
  guard?: DeleteGuard; // stops a DIFF that would delete too much, before any write
}

/** One attempt at a job's finalization. */
export type FinalizeOutcome =
  /** This attempt finished the job, or found it final already. */
  | { status: 'final'; job: StoredJob }
  /** An earlier job of the same scope is still pending: try again later (nothing was done). */
  | { status: 'waiting'; earlier: string }
  /** A newer run of the same job took over; this one stopped without writing more. */
  | { status: 'superseded' }
  /** The attempt failed; `run` is the run number it held, if it got as far as claiming one. */
  | { status: 'failed'; error: unknown; run?: number };

export class Finalizer {
  private readonly catalog: PropertyCatalog;

  constructor(private readonly deps: FinalizerDeps) {
    this.catalog = new PropertyCatalog({ graph: deps.graph });
  }

  /**
   * Runs the job to its end in this process: waits while earlier jobs of its scope are pending,
   * and returns the job as it ends (another run's result when this one was superseded). Throws
   * what a failed attempt threw.
   */
  async run(ref: JobRef): Promise<StoredJob> {
    for (;;) {
      const outcome = await this.attempt(ref);
      switch (outcome.status) {
        case 'final':
          return outcome.job;
        case 'superseded':
          return this.deps.jobs.get(ref);
        case 'failed':
          throw outcome.error;
        case 'waiting':
          await new Promise((r) => setTimeout(r, this.deps.scopeWaitMs ?? 250));
      }
    }
  }

  /** One attempt: claims a run of the job (when it is the scope's turn) and applies it. */
  async attempt(ref: JobRef): Promise<FinalizeOutcome> {
    let run: number | undefined = undefined;
    try {
      const job = await this.deps.jobs.get(ref);
      if (job.status !== 'FINALIZE_PENDING') return { status: 'final', job };
      const claim = await this.deps.jobs.claimRun(ref);
      if (!claim.mine) {
        return claim.earlier !== null && claim.job.status === 'FINALIZE_PENDING'
          ? { status: 'waiting', earlier: claim.earlier }
          : { status: 'final', job: claim.job };
      }
      run = claim.job.finalizeRuns;
      return { status: 'final', job: await this.apply(claim.job, run) };
    } catch (error) {
      if (error instanceof FencedOutError) {
        this.deps.logger.warn({ jobId: ref.jobId, run }, 'finalization run superseded; stopped');
        return { status: 'superseded' };
      }
      return { status: 'failed', error, ...(run === undefined ? {} : { run }) };
    }
  }

  private async apply(claimed: StoredJob, run: number): Promise<StoredJob> {
    const ref = { accountId: claimed.accountId, jobId: claimed.id };
    const graph = fencedGraph(
      this.deps.graph,
      { ...ref, run },
      fencedTxTimeoutMs(Math.max(this.deps.chunkSize, DELETE_CHUNK)),
    );
    const started = Date.now();
    const scope = effectiveScope(claimed);
    const checkpoint = readCheckpoint(claimed);
    if (checkpoint !== undefined) {
      this.deps.logger.info(
        { jobId: claimed.id, run, applied: checkpoint.applied, deleted: checkpoint.deleted },
        'finalization resumed from its checkpoint',
      );
    }
    const { job, newScope, keys } = await stageForRun(this.deps, claimed, {
      ...{ fenced: graph, ref, run, checkpoint },
      isNewScope: async (j) =>
        looksUpNewScope(j, scope) && !(await this.scopeHasEntities(j.accountId, scope!)),
    });
    const stopped = await this.deps.guard?.check(job, { run, scope, resumed: !!checkpoint, keys });
    if (stopped !== undefined) return stopped;
    const plan = planFinalization({ job, scope, deleted: checkpoint?.deleted ?? {} });
    const ctx = await this.context(job, { graph, scope, checkpoint, plan, newScope, keys });
    const progress = new Progress(graph, ref, ctx, checkpoint, plan);
    // A re-run (the worker of an earlier run died or stalled) recounts deletes it cannot skip.
    await inPhases(plan.steps, (step) => this.runStep(step, { ctx, progress, rerun: run > 1 }));
    return inPhase('finish', async () => {
      const finished = await this.finish(ctx, progress, run);
      this.deps.logger.info(
        { jobId: job.id, accountId: job.accountId, run, ms: Date.now() - started },
        'sync job finalized',
      );
      await this.cleanUp(finished);
      return finished;
    });
  }

  /** What the run's apply steps share: the job, its mode, scope, time, tally and lookups. */
  private async context(
    job: StoredJob,
    run: Pick<ApplyContext, 'graph' | 'scope' | 'newScope' | 'keys'> & {
      checkpoint: Checkpoint | undefined;
      plan: FinalizePlan;
    },
  ): Promise<ApplyContext> {
    const { graph, scope, checkpoint, plan } = run;
    return {
      graph,
      job,
      policy: SYNC_MODES[job.syncMode],
      accountId: job.accountId,
      scope,
      // A resumed run stamps what it writes with the first run's time, as if it had not stopped.
      now: checkpoint?.now ?? (this.deps.now ?? Date.now)(),
      chunkSize: this.deps.chunkSize,
      tally: Tally.restore(checkpoint?.tally, checkpoint?.errors),
      rawData: this.deps.rawData.on(graph),
      catalog: this.catalog.recorder(job.accountId),
      newScope: run.newScope,
      keys: run.keys,
      snapshot: scopeSnapshotFor(graph, job, run),
      ...createdIdsFor(job, { newScope: run.newScope, resumed: checkpoint !== undefined }),
      placeholders:
        plan.lookUpPlaceholders && (await this.scopeHasEntities(job.accountId, PLACEHOLDER_SCOPE)),
    };
  }

  private async runStep(
    step: FinalizeStep,
    run: { ctx: ApplyContext; progress: Progress; rerun: boolean },
  ): Promise<void> {
    const { ctx, progress } = run;
    await progress.enterStep(step);
    switch (step.do) {
      case 'apply':
        return eachChunk(this.deps, ctx.job, {
          kind: step.kind,
          skip: progress.applied(step.kind),
          sequential: step.sequential,
          tally: ctx.tally,
          prepare: (chunk, tally) =>
            step.kind === 'e'
              ? prepareEntities({ ...ctx, tally }, chunk)
              : prepareRelationships({ ...ctx, tally }, chunk as StagedRelationship[]),
          written: (n, counted) => progress.advance(step.kind, n, counted),
          keys: ctx.keys,
        });
      case 'start-relationships':
        return progress.startRelationships(step.resumable);
      case 'delete':
        return progress.recordDeleted(
          step.kind,
          await softDeleteAbsent(ctx, step.scope, step.step, run.rerun),
        );
    }
  }

  /** FINISHED with the run's counters, while this run is still the job's current one. */
  private async finish(ctx: ApplyContext, progress: Progress, run: number): Promise<StoredJob> {
    const ref = { accountId: ctx.accountId, jobId: ctx.job.id };
    const t = ctx.tally;
    await progress.enter('finish');
    const finished = await this.deps.jobs.transition(ref, {
      from: ['FINALIZE_PENDING'],
      to: 'FINISHED',
      run,
      set: {
        ...counters(ctx),
        numEntitiesDeleted: progress.deleted('e') ?? 0,
        numRelationshipsDeleted: progress.deleted('r') ?? 0,
        endTimestamp: (this.deps.now ?? Date.now)(),
        finalizeCheckpoint: null,
        finalizePhase: null,
        finalizePhases: JSON.stringify(progress.phases(true)),
        ...(t.errors.length > 0 ? { errorsJson: JSON.stringify(t.errors) } : {}),
      },
    });
    if (finished === undefined) throw new FencedOutError(ref.jobId, run);
    return finished;
  }

  /**
   * The job could not be finalized and will not be tried again: FAILED when the data was
   * rejected, ERROR when infrastructure kept failing. Staged data is discarded either way. With
   * `run`, only while that run is still the job's latest (a newer run may be finishing it).
   */
  async giveUp(ref: JobRef, err: unknown, run?: number): Promise<void> {
    const rejected = err instanceof DataRejectedError;
    const message =
      err instanceof AppError ? err.message : 'Finalization failed after repeated errors';
    let job: StoredJob | undefined;
    try {
      job = await this.deps.jobs.transition(ref, {
        from: ['FINALIZE_PENDING'],
        to: rejected ? 'FAILED' : 'ERROR',
        ...(run === undefined ? {} : { run }),
        set: {
          error: message,
          endTimestamp: (this.deps.now ?? Date.now)(),
          finalizeCheckpoint: null,
          finalizePhase: null,
        },
      });
    } catch (fenceErr) {
      if (!(fenceErr instanceof FencedOutError)) throw fenceErr;
      job = undefined;
    }
    if (job === undefined) {
      this.deps.logger.warn(
        { err, jobId: ref.jobId, run },
        'finalization failed; a newer run goes on',
      );
      return;
    }
    this.deps.logger.error({ err, jobId: ref.jobId }, 'sync job finalization gave up');
    await this.cleanUp(job);
  }

  private async scopeHasEntities(accountId: string, scope: string): Promise<boolean> {
    return (await this.deps.graph.read('sync/scope-has-entities', { accountId, scope })).length > 0;
  }

  private async cleanUp(job: StoredJob): Promise<void> {
    try {
      await this.deps.jobs.deleteStaging(job.id);
      await this.deps.blobs.deletePrefix(jobStagingPrefix(job.accountId, job.id));
    } catch (err) {
      this.deps.logger.warn({ err, jobId: job.id }, 'could not remove staged data');
    }
  }
}
