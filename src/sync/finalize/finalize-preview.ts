import type { DeleteGuardSettings } from '../../accounts/delete-guard-setting';
import type { BlobStore } from '../../blob/blob-store';
import type { PropertyCatalogRecorder } from '../../catalog/property-catalog';
import { ConflictError } from '../../errors/app-error';
import type { Graph } from '../../graph/graph';
import type { RawDataWriter } from '../../rawdata/raw-data-writer';
import type { FinalizePreview } from '../jobs/job-service-contract';
import { type StagedRelationship, SYNC_MODE_NAMES, type SyncMode } from '../jobs/job-types';
import type { StoredJob } from '../jobs/stored-job';
import { namesEntitiesTwoWays, SYNC_MODES } from '../modes/mode-policy';
import { Tally } from './apply-context';
import { prepareEntities } from './apply-entities';
import { PLACEHOLDER_SCOPE } from './apply-mapped';
import { prepareRelationships } from './apply-relationships';
import { eachChunk } from './chunk-feed';
import { countDiffDeletes, type DiffDeletes } from './delete-counts';
import { effectiveScope } from './finalize-order';
import { planFinalization } from './finalize-plan';
import type { ObservedContext } from './plan-observer';
import { PREVIEW_SAMPLE, PreviewBook, typeBook } from './preview-book';
import { previewGraph } from './preview-graph';
import { previewAnswer } from './preview-answer';
import { type JobKeys, loadJobKeys, needsJobKeys } from './job-keys';

export interface FinalizePreviewDeps {
  graph: Graph;
  blobs: BlobStore;
  settings: DeleteGuardSettings;
  /** Rows per classification read, as the finalization's. */
  chunkSize: number;
}

/**
 * The modes a preview supports (DIFF, PUT, PATCH): not those that pin values on entities named
 * any way (OVERRIDE) or delete through cross-scope links (CROSS_SCOPE).
 */
export const PREVIEW_MODES: readonly SyncMode[] = SYNC_MODE_NAMES.filter(
  (m) =>
    SYNC_MODES[m].entities.apply !== 'override' &&
    SYNC_MODES[m].deletesAbsent.relationships !== 'cross-scope',
);

const refuse = (): Promise<never> =>
  Promise.reject(new Error('The finalize preview writes nothing'));
/** A preview stores no raw-data content and records no catalog entry. */
const NO_RAW_DATA = {
  storeContent: () => Promise.resolve({ pending: [], replayed: 0 }),
  record: refuse,
  on: () => NO_RAW_DATA,
} as unknown as RawDataWriter;
const NO_CATALOG = { record: refuse } as unknown as PropertyCatalogRecorder;

/**
 * What finalizing an AWAITING_UPLOADS job now would do (docs/guide/safe-sync.md, decision 0044),
 * computed in the API process by the finalization's own code with nothing written: the entity
 * and relationship passes classify and plan every chunk (chunk-feed, prepareEntities,
 * prepareRelationships) on a graph that refuses writes, their writes are never run, and a
 * PreviewBook reads each plan; DIFF's deletes are counted by the statements the delete guard
 * uses. The counters come from the same Tally a finalization fills.
 */
export class FinalizePreviewer {
  constructor(private readonly deps: FinalizePreviewDeps) {}

  /** `job`: awaiting uploads (the caller checked), with the finalize body's partial types. */
  async preview(job: StoredJob): Promise<FinalizePreview> {
    refuseUnsupported(job, this.deps.chunkSize);
    // The keys the delete counts and ignoreDuplicates read (decision 0051).
    const keys = needsJobKeys(job) ? await loadJobKeys(this.deps, job) : undefined;
    const scope = effectiveScope(job);
    const book = new PreviewBook();
    const ctx = await this.context(job, scope, book, keys);
    for (const kind of ['e', 'r'] as const) {
      await eachChunk(this.deps, job, {
        kind,
        skip: 0,
        sequential: false,
        tally: ctx.tally,
        prepare: async (chunk, tally) => {
          if (kind === 'e') await prepareEntities({ ...ctx, tally }, chunk);
          else await prepareRelationships({ ...ctx, tally }, chunk as StagedRelationship[]);
          return () => Promise.resolve(); // the write is never run
        },
        written: () => Promise.resolve(),
        keys,
      });
    }
    const deletes = await this.deletes(job, scope, keys);
    addDeletes(book, deletes);
    const percent = job.deleteGuardPercent ?? (await this.deps.settings.get(job.accountId));
    return previewAnswer({
      job,
      scope,
      tally: ctx.tally,
      book,
      deletes,
      percent,
      graph: this.deps.graph,
    });
  }

  private async context(
    job: StoredJob,
    scope: string | null,
    book: PreviewBook,
    keys: JobKeys | undefined,
  ): Promise<ObservedContext> {
    const policy = SYNC_MODES[job.syncMode];
    const plan = planFinalization({ job, scope, deleted: {} });
    const has = async (s: string) =>
      (
        await this.deps.graph.read('sync/scope-has-entities', {
          accountId: job.accountId,
          scope: s,
        })
      ).length > 0;
    return {
      graph: previewGraph(this.deps.graph, {
        scope,
        uploaded: book.uploadedKeys,
        deletesAbsent:
          policy.deletesAbsent.entities && (job.partialDatasetTypes ?? []).length === 0,
      }),
      job,
      policy,
      accountId: job.accountId,
      scope,
      now: Date.now(),
      chunkSize: this.deps.chunkSize,
      tally: new Tally(),
      rawData: NO_RAW_DATA,
      catalog: NO_CATALOG,
      newScope: plan.lookUpNewScope && scope !== null && !(await has(scope)),
      placeholders: plan.lookUpPlaceholders && (await has(PLACEHOLDER_SCOPE)),
      observe: book,
      keys,
    };
  }

  /** DIFF's deletes, counted as the delete guard counts them; none in the other modes. */
  private async deletes(
    job: StoredJob,
    scope: string | null,
    keys: JobKeys | undefined,
  ): Promise<DiffDeletes> {
    if (!SYNC_MODES[job.syncMode].deletesAbsent.entities || scope === null || keys === undefined) {
      return { entities: [], relationships: [] };
    }
    return countDiffDeletes(this.deps.graph, job, {
      scope,
      partialTypes: job.partialDatasetTypes ?? [],
      sample: PREVIEW_SAMPLE,
      keys,
    });
  }
}

/**
 * A preview would differ from the finalization where a chunk depends on an earlier chunk's writes:
 * mapped relationships (their placeholders), and a mode naming entities by `_key` or `_id`
 * (PATCH) once its entities span more than one chunk (one entity may be named twice).
 */
function refuseUnsupported(job: StoredJob, chunkSize: number): void {
  const policy = SYNC_MODES[job.syncMode];
  const why = !PREVIEW_MODES.includes(job.syncMode)
    ? `its mode ${job.syncMode} is not previewed (only ${PREVIEW_MODES.join(', ')})`
    : job.bulkFileKey !== undefined
      ? 'its bulk upload file is read only at finalize'
      : job.numMappedRelationshipsUploaded > 0
        ? 'it has mapped relationships, whose placeholders a finalization creates as it goes'
        : namesEntitiesTwoWays(policy) && job.numEntitiesUploaded > chunkSize
          ? `it names entities by _key and _id in more than one chunk (${chunkSize} entities)`
          : undefined;
  if (why !== undefined) {
    throw new ConflictError(
      `Sync job '${job.id}' cannot be previewed: ${why}`,
      'PREVIEW_NOT_SUPPORTED',
    );
  }
}

function addDeletes(book: PreviewBook, deletes: DiffDeletes): void {
  for (const [types, books] of [
    [deletes.entities, book.entityTypes],
    [deletes.relationships, book.relationshipTypes],
  ] as const) {
    for (const t of types) {
      if (t.deletes === 0) continue;
      const b = typeBook(books, t.type);
      b.delete += t.deletes;
      for (const key of t.keys)
        if (b.samples.delete.length < PREVIEW_SAMPLE) b.samples.delete.push({ key });
    }
  }
}
