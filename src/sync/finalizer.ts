import type { Logger } from 'pino';
import type { BlobStore } from '../blob/blob-store';
import { PropertyCatalog } from '../catalog/property-catalog';
import { AppError, DataRejectedError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type { RawDataWriter } from '../rawdata/raw-data-writer';
import { type ApplyContext, Tally, type Write } from './apply-context';
import { PLACEHOLDER_SCOPE } from './apply-mapped';
import { prepareEntities } from './apply-entities';
import { prepareRelationships } from './apply-relationships';
import { stageBulkFile } from './bulk-file';
import type { JobRef } from './job-service-contract';
import type { StagedEntity, StagedRelationship } from './job-types';
import { type JobStore, type StoredJob } from './job-store';
import { acquireScopeLock } from './scope-lock';
import { jobStagingPrefix, readBatch, stagedKeyOf } from './staging';

/**
 * Applies a FINALIZE_PENDING job to the graph: entities first (batch by batch, in upload order),
 * then DIFF's soft deletes of absent entities, then relationships, then absent relationships;
 * finally FINISHED with the counters. Safe to run again from the start after a crash: writes are
 * keyed by `_key` and stamped with the job id, so a re-run repeats nothing and counts exactly.
 * The same code runs in-process (local mode) and in queue workers.
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
  /** Lease on the scope lock; a crashed worker's lock frees after this long. */
  scopeLeaseMs?: number;
  now?: () => number;
}

const DELETE_CHUNK = 10_000;

/** The delete steps: DIFF's absent entities and relationships, CROSS_SCOPE's absent relationships. */
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

export class Finalizer {
  private readonly catalog: PropertyCatalog;

  constructor(private readonly deps: FinalizerDeps) {
    this.catalog = new PropertyCatalog({ graph: deps.graph });
  }

  async run(ref: JobRef): Promise<StoredJob> {
    const { jobs, graph, logger } = this.deps;
    const now = this.deps.now ?? Date.now;
    let job = await jobs.get(ref);
    if (job.status !== 'FINALIZE_PENDING') return job;
    const scope = effectiveScope(job);
    const lease = await acquireScopeLock({
      graph,
      accountId: job.accountId,
      scope: scope ?? '(no scope)',
      jobId: job.id,
      leaseMs: this.deps.scopeLeaseMs ?? 60_000,
      now,
    });
    const started = now();
    try {
      job = await jobs.get(ref);
      if (job.status !== 'FINALIZE_PENDING') return job;
      // A re-run (a worker died half way) recounts what the earlier run already deleted.
      const rerun = job.finalizeRuns > 0;
      await jobs.update(ref, { finalizeRuns: job.finalizeRuns + 1 });
      job = await stageBulkFile(this.deps, job);
      const ctx: ApplyContext = {
        graph,
        job,
        mode: job.syncMode,
        accountId: job.accountId,
        scope,
        now: now(),
        chunkSize: this.deps.chunkSize,
        tally: new Tally(),
        rawData: this.deps.rawData,
        catalog: this.catalog.recorder(job.accountId),
        newScope:
          job.syncMode === 'DIFF' &&
          scope !== null &&
          !(await this.scopeHasEntities(job.accountId, scope)),
        placeholders:
          (job.syncMode === 'DIFF' || job.syncMode === 'PUT') &&
          (await this.scopeHasEntities(job.accountId, PLACEHOLDER_SCOPE)),
      };
      await this.eachChunk(
        job,
        'e',
        (entities) => prepareEntities(ctx, entities),
        () => this.progress(ref, ctx),
      );
      let entitiesDeleted = 0;
      if (job.syncMode === 'DIFF' && scope !== null) {
        entitiesDeleted = await this.softDeleteAbsent(ctx, scope, 'entities', rerun);
      }
      await this.eachChunk(
        job,
        'r',
        (relationships) => prepareRelationships(ctx, relationships as StagedRelationship[]),
        () => this.progress(ref, ctx),
      );
      let relationshipsDeleted = 0;
      if (job.syncMode === 'DIFF' && scope !== null) {
        relationshipsDeleted = await this.softDeleteAbsent(ctx, scope, 'relationships', rerun);
      }
      if (job.syncMode === 'CROSS_SCOPE' && scope !== null) {
        relationshipsDeleted = await this.softDeleteAbsent(ctx, scope, 'cross-scope', rerun);
      }
      const t = ctx.tally;
      const finished = await jobs.transition(ref, {
        from: ['FINALIZE_PENDING'],
        to: 'FINISHED',
        set: {
          ...counters(ctx),
          numEntitiesDeleted: entitiesDeleted,
          numRelationshipsDeleted: relationshipsDeleted,
          endTimestamp: now(),
          ...(t.errors.length > 0 ? { errorsJson: JSON.stringify(t.errors) } : {}),
        },
      });
      logger.info(
        { jobId: job.id, accountId: job.accountId, ms: now() - started },
        'sync job finalized',
      );
      job = finished ?? (await jobs.get(ref));
    } finally {
      await lease.release();
    }
    await this.cleanUp(job);
    return job;
  }

  /**
   * The job could not be finalized and will not be tried again: FAILED when the data was
   * rejected, ERROR when infrastructure kept failing. Staged data is discarded either way.
   */
  async giveUp(ref: JobRef, err: unknown): Promise<void> {
    const rejected = err instanceof DataRejectedError;
    const message =
      err instanceof AppError ? err.message : 'Finalization failed after repeated errors';
    const job = await this.deps.jobs.transition(ref, {
      from: ['FINALIZE_PENDING'],
      to: rejected ? 'FAILED' : 'ERROR',
      set: { error: message, endTimestamp: (this.deps.now ?? Date.now)() },
    });
    this.deps.logger.error({ err, jobId: ref.jobId }, 'sync job finalization gave up');
    if (job !== undefined) await this.cleanUp(job);
  }

  /**
   * Feeds the job's staged objects of one kind, in upload order and in chunks of chunkSize, to
   * `prepare` (classification: reads only) and runs the writes it returns one at a time, in
   * order. The next chunk is classified while the previous one writes, and two classifications
   * may run at once (Neo4j uses a core for each): chunks hold distinct keys, so neither sees the
   * other's effects. PATCH and OVERRIDE, whose entities may be named by `_key` in one chunk and
   * by `_id` in another, and mapped relationships go one chunk at a time.
   */
  private async eachChunk(
    job: StoredJob,
    kind: 'e' | 'r',
    prepare: (chunk: Array<StagedEntity | StagedRelationship>) => Promise<Write>,
    written: () => Promise<void>,
  ): Promise<void> {
    // PATCH and OVERRIDE may name one entity by `_key` in one chunk and by `_id` in another;
    // mapped relationships create placeholder targets that a later chunk must find.
    const sequential =
      job.syncMode === 'PATCH' ||
      job.syncMode === 'OVERRIDE' ||
      (kind === 'r' && job.numMappedRelationshipsUploaded > 0);
    const depth = sequential ? 1 : 2;
    const prepared: Array<Promise<Write>> = [];
    const writeOldest = async () => {
      const write = await prepared.shift()!;
      await write();
      await written();
    };
    const apply = async (chunk: Array<StagedEntity | StagedRelationship>) => {
      const p = prepare(chunk);
      p.catch(() => undefined); // awaited in order by writeOldest, which rethrows
      prepared.push(p);
      if (prepared.length >= depth) await writeOldest();
    };
    await this.eachBatchChunk(job, kind, apply);
    while (prepared.length > 0) await writeOldest();
  }

  private async eachBatchChunk(
    job: StoredJob,
    kind: 'e' | 'r',
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
    const todo = batches.filter((b) => size(b) > 0);
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
      const objects = await loading.shift()!;
      ahead -= size(todo[i]!);
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
    const keys = objects.map((o) => stagedKeyOf(o));
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
      const [row] = await this.deps.graph.write<{ deleted: number }>(statement, params);
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

  private async progress(ref: JobRef, ctx: ApplyContext): Promise<void> {
    await this.deps.jobs.update(ref, counters(ctx));
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

/** The scope a job's objects live in: its scope, or for integration jobs the instance id. */
export function effectiveScope(job: {
  scope?: string;
  integrationInstanceId?: string;
  source: string;
  syncMode: string;
}): string | null {
  if (job.scope !== undefined) return job.scope;
  if (job.integrationInstanceId !== undefined) return job.integrationInstanceId;
  return job.syncMode === 'PATCH' ? null : job.source;
}

function counters(ctx: ApplyContext): Record<string, number> {
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
