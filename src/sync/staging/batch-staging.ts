import { randomUUID } from 'node:crypto';
import type { BlobStore } from '../../blob/blob-store';
import { AppError, ConflictError, ValidationError } from '../../errors/app-error';
import type { Graph, Tx } from '../../graph/graph';
import { contentHash, entityHash, relationshipHash } from '../finalize/content-hash';
import { CommitOnce } from '../jobs/commit-once';
import type { JobRef } from '../jobs/job-service-contract';
import type { ValidatedBatch } from '../jobs/job-types';
import type { JobStore } from '../jobs/job-store';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import { countUploaded } from '../../telemetry/metrics';
import { type BatchHashes, batchBlobKey, stagedKeyRef, writeBatch } from './staging';
import { batchPrints } from './batch-prints';
import type { KeyCheck, UploadKeyIndex } from './upload-key-index';
import { keyIndexOf, recordedKeys, recording } from './upload-keys';

/** A staged key: the key, its digest (decision 0035) and its content hash (its print: 0051). */
type StagedKey = { key: string; keyHash: string; hash: string };

export interface BatchStagingDeps {
  graph: Graph;
  blobs: BlobStore;
  jobs: JobStore;
  now: () => number;
  /** Where duplicates are found; by default the one index of this process. */
  keyIndex?: UploadKeyIndex;
}

/**
 * Stages one validated batch of a job (an upload request, or the bulk file at finalize): in one
 * Neo4j transaction that holds the job's lock, it skips a batch whose correlation id was seen with
 * the same content (a retry), refuses one whose correlation id was seen with other content (409
 * CORRELATION_ID_REUSED: that data would otherwise be lost without a word), rejects keys
 * uploaded by an earlier batch (unless duplicates are ignored), enforces the mode's cap on
 * entities (JupiterOne's on OVERRIDE jobs, counted across every batch and the bulk file),
 * writes the batch to the blob store and adds it to the job's counters. A batch is either staged
 * and counted once, or not at all. Rule violations throw ValidationError.
 */
export async function stageBatch(
  deps: BatchStagingDeps,
  ref: JobRef,
  batch: ValidatedBatch,
  opts: {
    ignoreDuplicates: boolean;
    correlationId?: string;
    /** Throws when the locked job may not take this batch (e.g. not AWAITING_UPLOADS). */
    checkJob: (job: StoredJob) => void;
  },
): Promise<StoredJob> {
  const keys = stagedKeys(batch);
  // What a retry must repeat: the validated content, so that the same batch re-sent compressed,
  // in another format or to another upload route is still the same batch.
  const contentDigest = opts.correlationId === undefined ? null : batchDigest(batch);
  // The content is written before the job's lock is taken, under a name of its own, so that
  // uploads of one job compress and store their batches side by side; only the batch the
  // transaction records is ever read. One it surely did not record (refused by a check of its
  // own, found to be a retry) is removed here. After any other failure the transaction may have
  // committed (a lost reply, then Neo4j gone for longer than the driver retries): the content
  // stays, at worst an orphan that goes with the job's staging, never a recorded batch without it.
  const blobKey = batchBlobKey(ref.accountId, ref.jobId, randomUUID());
  await writeBatch(deps.blobs, blobKey, batch, hashesOf(keys));
  let staged: { job: StoredJob; added: Added | undefined };
  recording.set(blobKey, keys);
  try {
    staged = await recordBatch(deps, ref, { batch, keys, blobKey, contentDigest }, opts);
  } catch (err) {
    if (err instanceof AppError && !err.retryable) {
      await deps.blobs.deletePrefix(blobKey).catch(() => undefined);
    }
    throw err;
  } finally {
    recording.delete(blobKey);
  }
  if (staged.added === undefined) await deps.blobs.deletePrefix(blobKey).catch(() => undefined);
  else {
    keyIndexOf(deps).recorded(ref.jobId, { seq: staged.job.batchSeq, ...keys });
  }
  // Counted once the transaction commits.
  countStaged(staged.added);
  return staged.job;
}

/** What recordBatch records: the batch, its keys, where its content is and its digest. */
interface BatchRecord {
  batch: ValidatedBatch;
  keys: ReturnType<typeof stagedKeys>;
  blobKey: string;
  contentDigest: string | null;
}

/**
 * The transaction of stageBatch: under the job's lock, the retry and duplicate checks, the keys,
 * the cap and the counters. `added` is undefined when the batch was a retry (nothing recorded).
 */
async function recordBatch(
  deps: BatchStagingDeps,
  ref: JobRef,
  record: BatchRecord,
  opts: Parameters<typeof stageBatch>[3],
): Promise<{ job: StoredJob; added: Added | undefined }> {
  const { batch, keys } = record;
  // A retry of a transaction that committed with its reply lost returns what that one did, not
  // a refusal of its own keys as duplicates (CommitOnce).
  const once = new CommitOnce<{ job: StoredJob; added: Added | undefined }>(ref.jobId);
  return deps.graph.writeTx(async (tx) => {
    // The job's exclusive lock comes first and serialises the uploads of one job; while it is
    // held no statement may SET a job property from its own value (a false DeadlockDetected for
    // the waiters, neo4j/neo4j#13291): see cypher/sync/lock-job.cypher and add-batch.cypher.
    const locked = await deps.jobs.lock(tx, ref);
    const earlier = await once.committedBefore(tx);
    if (earlier !== undefined) return earlier.value;
    opts.checkJob(locked);
    if (
      opts.correlationId !== undefined &&
      (await isRetry(tx, ref, opts.correlationId, record.contentDigest))
    ) {
      return { job: locked, added: undefined };
    }
    const seq = locked.batchSeq + 1;
    const check = await keyIndexOf(deps).check(ref.jobId, locked.batchSeq, keys, (after) =>
      recordedKeys(deps, tx, ref.jobId, after),
    );
    if (!opts.ignoreDuplicates) refuseKnown(keys, check);
    const added = addedBy(keys, check);
    checkEntityCap(locked, added.entities);
    const job = await deps.jobs.addBatch(tx, {
      ...ref,
      seq,
      correlationId: opts.correlationId ?? null,
      contentHash: record.contentDigest,
      blobKey: record.blobKey,
      ...batchPrints(keys),
      entities: batch.entities.length,
      relationships: batch.relationships.length,
      addedEntities: added.entities,
      addedRelationships: added.relationships,
      addedMapped: added.mapped,
      duplicates:
        added.entities < keys.entities.length ||
        added.relationships + added.mapped < keys.relationships.length,
      now: deps.now(),
    });
    return once.record(tx, { job, added });
  });
}

/** How many objects of each kind a batch added to its job. */
type Added = { entities: number; relationships: number; mapped: number };

/**
 * The objects a committed batch added to its job, in graphsync_sync_objects_uploaded_total; a
 * batch found to be a retry, not at all.
 */
function countStaged(added: Added | undefined): void {
  if (added === undefined) return;
  countUploaded('entity', added.entities);
  countUploaded('relationship', added.relationships);
  countUploaded('mapped_relationship', added.mapped);
}

/** The batch's staged keys, with their content hashes. */
function stagedKeys(batch: ValidatedBatch): {
  entities: StagedKey[];
  relationships: StagedKey[];
  /** Whether relationship i is a mapped one (counted apart; one key space with the others). */
  isMapped: (i: number) => boolean;
} {
  const entities = batch.entities.map((e) => ({ ...stagedKeyRef(e), hash: entityHash(e) }));
  const relationships = batch.relationships.map((r) => ({
    ...stagedKeyRef(r),
    hash: relationshipHash(r),
  }));
  // Mapped relationships count apart (numMappedRelationshipsUploaded); their keys share one space.
  const isMapped = (i: number) => batch.relationships[i]?.mapping !== undefined;
  return { entities, relationships, isMapped };
}

/** The batch's content hashes, kept with it for the finalize. */
function hashesOf(keys: ReturnType<typeof stagedKeys>): BatchHashes {
  return { e: keys.entities.map((k) => k.hash), r: keys.relationships.map((k) => k.hash) };
}

/**
 * Whether a batch with this correlation id was staged already with the same content (a retry,
 * staged once); another content under the same id is refused (409 CORRELATION_ID_REUSED).
 */
async function isRetry(
  tx: Tx,
  ref: JobRef,
  correlationId: string,
  contentDigest: string | null,
): Promise<boolean> {
  const [seen] = await tx.run<{ seq: number; contentHash: string | null }>(
    'sync/find-batch-by-correlation',
    { jobId: ref.jobId, correlationId },
  );
  if (seen === undefined) return false;
  // Batches staged before content hashes were recorded have none: taken as the same.
  if (seen.contentHash === null || seen.contentHash === contentDigest) return true;
  throw new ConflictError(
    `JupiterOne-Correlation-Id '${correlationId}' was already used for another batch of sync job '${ref.jobId}' with different content; this batch was not stored. Send new data under a new correlation id`,
    'CORRELATION_ID_REUSED',
  );
}

/** How many keys of each kind the batch adds to the job (mapped relationships apart). */
function addedBy(keys: ReturnType<typeof stagedKeys>, check: KeyCheck): Added {
  const added: Added = { entities: 0, relationships: 0, mapped: 0 };
  check.newEntities.forEach((isNew) => {
    if (isNew) added.entities++;
  });
  check.newRelationships.forEach((isNew, i) => {
    if (isNew && keys.isMapped(i)) added.mapped++;
    else if (isNew) added.relationships++;
  });
  return added;
}

/**
 * Refuses a batch holding a key that an earlier batch of the job uploaded: a 400 naming the
 * first such key, entities first, in upload order.
 */
function refuseKnown(keys: ReturnType<typeof stagedKeys>, check: KeyCheck): void {
  const [list, what, index] =
    check.knownEntities.length > 0
      ? (['entities', 'an entity', check.knownEntities[0]!] as const)
      : check.knownRelationships.length > 0
        ? (['relationships', 'a relationship', check.knownRelationships[0]!] as const)
        : [];
  if (list === undefined) return;
  const key = (list === 'entities' ? keys.entities : keys.relationships)[index]?.key ?? '';
  throw new ValidationError(
    `/${list}/${index}/_key '${key}' is a duplicate: ${what} with this _key was already uploaded in this job`,
  );
}

/** The mode's cap on a job's entities (maxEntities), counted across batches and the bulk file. */
function checkEntityCap(job: StoredJob, addedEntities: number): void {
  const { maxEntities } = SYNC_MODES[job.syncMode];
  if (maxEntities !== null && job.numEntitiesUploaded + addedEntities > maxEntities) {
    throw new ValidationError(
      `${job.syncMode} sync jobs are limited to ${maxEntities} entities per job`,
    );
  }
}

/** The digest of a batch's validated content, kept with its correlation id. */
export function batchDigest(batch: ValidatedBatch): string {
  return contentHash({ e: batch.entities, r: batch.relationships });
}
