import type { Logger } from 'pino';
import type { BlobStore } from '../../blob/blob-store';
import { PropertyCatalog } from '../../catalog/property-catalog';
import { AppError, DataRejectedError } from '../../errors/app-error';
import type { Graph } from '../../graph/graph';
import type { RawDataWriter } from '../../rawdata/raw-data-writer';
import { type ApplyContext, Tally, type Write } from './apply-context';
import { PLACEHOLDER_SCOPE } from './apply-mapped';
import { prepareEntities } from './apply-entities';
import { prepareRelationships } from './apply-relationships';
import { stageBulkFile } from '../staging/bulk-file';
import type { JobRef } from '../jobs/job-service-contract';
import type { StagedEntity, StagedRelationship } from '../jobs/job-types';
import { type JobStore, type StoredJob } from '../jobs/job-store';
import { FencedOutError, fencedGraph, fencedTxTimeoutMs } from './finalize-fence';
import { counters, Progress, readCheckpoint } from './finalize-progress';
import { effectiveScope } from './finalize-order';
import { namesEntitiesTwoWays, SYNC_MODES } from '../modes/mode-policy';
import { jobStagingPrefix, readBatch, stagedKeyOf, stagedKeyRef } from '../staging/staging';

/**
 * Applies a FINALIZE_PENDING job to the graph: entities first (batch by batch, in upload order),
 * then DIFF's soft deletes of absent entities, then relationships, then absent relationships;
 * finally FINISHED with the counters. The same code runs in-process (local mode) and in queue
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

const DELETE_CHUNK = 10_000;

/** The delete steps a mode's `deletesAbsent` asks for (DIFF: entities, in-scope; CROSS_SCOPE). */
const DELETE_STATEMENTS = {
  entities: { delete: 'sync/soft-delete-absent-entities', count: 'sync/count-entity-deletes' },
  relationships: {
    delete: 'sync/soft-delete-absent-relationships',
    count: 'sync/count-relationship-deletes',
  },
  'cross-scope': {
    delete: 'sync/soft-delete-absent-cross-scope',
    count: 'sync/count-cross-scope-deletes',
  },
} as const;

/** The delete step of each `deletesAbsent.relationships`. */
const RELATIONSHIP_DELETES = {
  none: null,
  'in-scope': 'relationships',
  'cross-scope': 'cross-scope',
} as const satisfies Record<string, keyof typeof DELETE_STATEMENTS | null>;

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
    const { jobs, logger } = this.deps;
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
      logger.info(
        { jobId: claimed.id, run, applied: checkpoint.applied, deleted: checkpoint.deleted },
        'finalization resumed from its checkpoint',
      );
    }
    const job = await stageBulkFile({ ...this.deps, run }, claimed);
    const policy = SYNC_MODES[job.syncMode];
    const ctx: ApplyContext = {
      graph,
      job,
      policy,
      accountId: job.accountId,
      scope,
      // A resumed run stamps what it writes with the first run's time, as if it had not stopped.
      now: checkpoint?.now ?? (this.deps.now ?? Date.now)(),
      chunkSize: this.deps.chunkSize,
      tally: Tally.restore(checkpoint?.tally, checkpoint?.errors),
      rawData: this.deps.rawData.on(graph),
      catalog: this.catalog.recorder(job.accountId),
      newScope:
        policy.fastNewScope &&
        scope !== null &&
        !(await this.scopeHasEntities(job.accountId, scope)),
      placeholders:
        policy.entities.adoptsPlaceholders &&
        (await this.scopeHasEntities(job.accountId, PLACEHOLDER_SCOPE)),
    };
    const progress = new Progress(graph, ref, ctx, checkpoint);
    // A re-run (the worker of an earlier run died or stalled) recounts deletes it cannot skip.
    const rerun = run > 1;
    await this.eachChunk(
      job,
      ctx.tally,
      'e',
      progress.applied('e'),
      (entities, tally) => prepareEntities({ ...ctx, tally }, entities),
      (n) => progress.advance('e', n),
    );
    if (policy.deletesAbsent.entities && scope !== null && progress.deleted('e') === undefined) {
      await progress.recordDeleted('e', await this.softDeleteAbsent(ctx, scope, 'entities', rerun));
    }
    // Mapped relationships count the placeholders they create once per run: a re-run does the
    // relationship pass again from its start (counters as they were then) instead of resuming.
    const resumable = job.numMappedRelationshipsUploaded === 0;
    progress.startRelationships(resumable);
    await this.eachChunk(
      job,
      ctx.tally,
      'r',
      progress.applied('r'),
      (relationships, tally) =>
        prepareRelationships({ ...ctx, tally }, relationships as StagedRelationship[]),
      (n) => progress.advance('r', n),
    );
    const relationshipDeletes = RELATIONSHIP_DELETES[policy.deletesAbsent.relationships];
    if (scope !== null && progress.deleted('r') === undefined && relationshipDeletes !== null) {
      await progress.recordDeleted(
        'r',
        await this.softDeleteAbsent(ctx, scope, relationshipDeletes, rerun),
      );
    }
    const t = ctx.tally;
    const finished = await jobs.transition(ref, {
      from: ['FINALIZE_PENDING'],
      to: 'FINISHED',
      run,
      set: {
        ...counters(ctx),
        numEntitiesDeleted: progress.deleted('e') ?? 0,
        numRelationshipsDeleted: progress.deleted('r') ?? 0,
        endTimestamp: (this.deps.now ?? Date.now)(),
        finalizeCheckpoint: null,
        ...(t.errors.length > 0 ? { errorsJson: JSON.stringify(t.errors) } : {}),
      },
    });
    if (finished === undefined) throw new FencedOutError(ref.jobId, run);
    logger.info(
      { jobId: job.id, accountId: job.accountId, run, ms: Date.now() - started },
      'sync job finalized',
    );
    await this.cleanUp(finished);
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

  /**
   * Feeds the job's staged objects of one kind, in upload order and in chunks of chunkSize, to
   * `prepare` (classification: reads only) and runs the writes it returns one at a time, in
   * order, telling `written` how many objects each applied. The first `skip` objects (applied by
   * an earlier run) are passed over. The next chunk is classified while the previous one writes,
   * and two classifications may run at once (Neo4j uses a core for each): chunks hold distinct
   * keys, so neither sees the other's effects. PATCH and OVERRIDE, whose entities may be named by
   * `_key` in one chunk and by `_id` in another, and mapped relationships go one chunk at a time.
   */
  private async eachChunk(
    job: StoredJob,
    tally: Tally,
    kind: 'e' | 'r',
    skip: number,
    prepare: (chunk: Array<StagedEntity | StagedRelationship>, tally: Tally) => Promise<Write>,
    written: (objects: number) => Promise<void>,
  ): Promise<void> {
    // Modes that name entities by `_key` or `_id` (PATCH, OVERRIDE) may name one entity by `_key`
    // in one chunk and by `_id` in another; mapped relationships create placeholder targets that
    // a later chunk must find.
    const sequential =
      namesEntitiesTwoWays(SYNC_MODES[job.syncMode]) ||
      (kind === 'r' && job.numMappedRelationshipsUploaded > 0);
    const depth = sequential ? 1 : 2;
    // Each chunk counts into a tally of its own, added to the run's once the chunk is written:
    // the counters a checkpoint saves are those of the chunks written, not of one prepared ahead.
    const prepared: Array<{ write: Promise<Write>; objects: number; counted: Tally }> = [];
    const writeOldest = async () => {
      const { write, objects, counted } = prepared.shift()!;
      await (
        await write
      )();
      tally.merge(counted);
      await written(objects);
    };
    const apply = async (chunk: Array<StagedEntity | StagedRelationship>) => {
      const counted = tally.fork();
      const write = prepare(chunk, counted);
      write.catch(() => undefined); // awaited in order by writeOldest, which rethrows
      prepared.push({ write, objects: chunk.length, counted });
      if (prepared.length >= depth) await writeOldest();
    };
    await this.eachBatchChunk(job, kind, skip, apply);
    while (prepared.length > 0) await writeOldest();
  }

  private async eachBatchChunk(
    job: StoredJob,
    kind: 'e' | 'r',
    skip: number,
    apply: (objects: Array<StagedEntity | StagedRelationship>) => Promise<void>,
  ): Promise<void> {
    const batches = await this.deps.graph.read<{
      seq: number;
      blobKey: string;
      entities: number;
      relationships: number;
    }>('sync/list-batches', { jobId: job.id });
    // Uploads come in batches of any size (often 100 to 1000 objects); transactions are always
    // chunkSize rows: objects of successive batches are pooled. Batches are read (and decoded)
    // ahead while Neo4j applies the current chunk, at most one chunk's worth: memory stays at
    // about two chunks plus one batch, however many batches the job has.
    const { chunkSize } = this.deps;
    const size = (b: (typeof batches)[number]) => (kind === 'e' ? b.entities : b.relationships);
    let todo = batches.filter((b) => size(b) > 0);
    // A resumed run passes over what an earlier run applied: whole batches without reading them
    // while their size is exact (no object of theirs is superseded by a later batch), the rest
    // by dropping objects.
    let toSkip = skip;
    if (!job.crossBatchDuplicates) {
      while (todo.length > 0 && size(todo[0]!) <= toSkip) {
        toSkip -= size(todo[0]!);
        todo = todo.slice(1);
      }
    }
    const load = async (b: (typeof batches)[number]) => {
      const batch = await readBatch(this.deps.blobs, b.blobKey);
      const objects: Array<StagedEntity | StagedRelationship> =
        kind === 'e' ? batch.entities : batch.relationships;
      return job.crossBatchDuplicates ? this.lastWins(job, kind, b.seq, objects) : objects;
    };
    const loading: Array<Promise<Array<StagedEntity | StagedRelationship>>> = [];
    let next = 0;
    let ahead = 0;
    const readAhead = () => {
      while (next < todo.length && ahead < chunkSize) {
        const b = todo[next++]!;
        ahead += size(b);
        const p = load(b);
        p.catch(() => undefined); // awaited below; a failure surfaces there, in order
        loading.push(p);
      }
    };
    readAhead();
    let pending: Array<StagedEntity | StagedRelationship> = [];
    for (let i = 0; loading.length > 0; i++) {
      let objects = await loading.shift()!;
      ahead -= size(todo[i]!);
      if (toSkip > 0) {
        const dropped = Math.min(toSkip, objects.length);
        objects = objects.slice(dropped);
        toSkip -= dropped;
      }
      pending = pending.length === 0 ? objects : pending.concat(objects);
      while (pending.length >= chunkSize) {
        const chunk = pending.slice(0, chunkSize);
        pending = pending.slice(chunkSize);
        readAhead();
        await apply(chunk);
      }
      readAhead();
    }
    if (pending.length > 0) await apply(pending);
  }

  /** ignoreDuplicates across batches: skip the objects that a later batch uploaded again. */
  private async lastWins<T extends { key?: string; id?: string }>(
    job: StoredJob,
    kind: 'e' | 'r',
    seq: number,
    objects: T[],
  ): Promise<T[]> {
    const keys = objects.map((o) => stagedKeyRef(o));
    const rows = await this.deps.graph.read<{ key: string }>('sync/superseded-keys', {
      jobId: job.id,
      kind,
      seq,
      keys,
    });
    if (rows.length === 0) return objects;
    const superseded = new Set(rows.map((r) => r.key));
    return objects.filter((o) => !superseded.has(stagedKeyOf(o)));
  }

  private async softDeleteAbsent(
    ctx: ApplyContext,
    scope: string,
    what: keyof typeof DELETE_STATEMENTS,
    rerun: boolean,
  ): Promise<number> {
    const params = {
      accountId: ctx.accountId,
      scope,
      jobId: ctx.job.id,
      partialTypes: ctx.job.partialDatasetTypes ?? [],
      now: ctx.now,
      limit: DELETE_CHUNK,
    };
    const statement = DELETE_STATEMENTS[what].delete;
    await ctx.catalog.record([{ name: '_endOn', kind: 'number' }]);
    let deleted = 0;
    for (;;) {
      const [row] = await ctx.graph.write<{ deleted: number }>(statement, params);
      deleted += row?.deleted ?? 0;
      if ((row?.deleted ?? 0) < DELETE_CHUNK) break;
    }
    if (!rerun) return deleted;
    // A re-run counts afterwards instead, so that it also reports the earlier run's deletes.
    const [row] = await this.deps.graph.read<{ deleted: number }>(DELETE_STATEMENTS[what].count, {
      accountId: ctx.accountId,
      scope,
      jobId: ctx.job.id,
    });
    return row?.deleted ?? 0;
  }

  private async scopeHasEntities(accountId: string, scope: string): Promise<boolean> {
    const rows = await this.deps.graph.read('sync/scope-has-entities', { accountId, scope });
    return rows.length > 0;
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
