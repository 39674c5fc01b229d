import type { BlobStore } from '../../blob/blob-store';
import { ConflictError, ValidationError } from '../../errors/app-error';
import type { Graph, Tx } from '../../graph/graph';
import { contentHash, entityHash, relationshipHash } from '../finalize/content-hash';
import type { JobRef } from '../jobs/job-service-contract';
import type { ValidatedBatch } from '../jobs/job-types';
import type { JobStore, StoredJob } from '../jobs/job-store';
import { SYNC_MODES } from '../modes/mode-policy';
import { batchBlobKey, stagedKeyRef, writeBatch } from './staging';

/** A key as stage-keys records it: the key, its digest (decision 0035) and its content hash. */
type StagedKey = { key: string; keyHash: string; hash: string };

export interface BatchStagingDeps {
  graph: Graph;
  blobs: BlobStore;
  jobs: JobStore;
  now: () => number;
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
  const entityKeys: StagedKey[] = batch.entities.map((e) => ({
    ...stagedKeyRef(e),
    hash: entityHash(e),
  }));
  const relationshipKeys: StagedKey[] = batch.relationships.map((r) => ({
    ...stagedKeyRef(r),
    hash: relationshipHash(r),
  }));
  // Mapped relationships count apart (numMappedRelationshipsUploaded); their keys share one space.
  const isMapped = (i: number) => batch.relationships[i]?.mapping !== undefined;
  const standardKeys = relationshipKeys.filter((_, i) => !isMapped(i));
  const mappedKeys = relationshipKeys.filter((_, i) => isMapped(i));
  // What a retry must repeat: the validated content, so that the same batch re-sent compressed,
  // in another format or to another upload route is still the same batch.
  const contentDigest = opts.correlationId === undefined ? null : batchDigest(batch);
  return deps.graph.writeTx(async (tx) => {
    // The job's exclusive lock comes first and serialises the uploads of one job: every later
    // statement (correlation id, staged keys, the batch node, the counters) runs under it, and so
    // takes no lock another upload of this job could hold. While the lock is held, no statement may
    // SET a job property from its own value (`j.n = j.n + 1`): Cypher locks the node again around
    // such a write, and Neo4j aborts the uploads waiting for the lock with a false DeadlockDetected
    // (neo4j/neo4j#13291), and under steady concurrency their retries run out (503). See
    // cypher/sync/lock-job.cypher and add-batch.cypher.
    const locked = await deps.jobs.lock(tx, ref);
    opts.checkJob(locked);
    if (opts.correlationId !== undefined) {
      const [seen] = await tx.run<{ seq: number; contentHash: string | null }>(
        'sync/find-batch-by-correlation',
        { jobId: ref.jobId, correlationId: opts.correlationId },
      );
      if (seen !== undefined) {
        // Batches staged before content hashes were recorded have none: taken as the same.
        if (seen.contentHash === null || seen.contentHash === contentDigest) return locked;
        throw new ConflictError(
          `JupiterOne-Correlation-Id '${opts.correlationId}' was already used for another batch of sync job '${ref.jobId}' with different content; this batch was not stored. Send new data under a new correlation id`,
          'CORRELATION_ID_REUSED',
        );
      }
    }
    if (!opts.ignoreDuplicates) {
      await rejectKnownKeys(tx, ref.jobId, 'e', entityKeys, 'entities', 'an entity');
      await rejectKnownKeys(
        tx,
        ref.jobId,
        'r',
        relationshipKeys,
        'relationships',
        'a relationship',
      );
    }
    const seq = locked.batchSeq + 1;
    const added = async (kind: 'e' | 'r', keys: StagedKey[]) => {
      if (keys.length === 0) return 0;
      const [row] = await tx.run<{ added: number }>('sync/stage-keys', {
        jobId: ref.jobId,
        kind,
        seq,
        keys,
      });
      return row?.added ?? 0;
    };
    const addedEntities = await added('e', entityKeys);
    const addedRelationships = await added('r', standardKeys);
    const addedMapped = await added('r', mappedKeys);
    const { maxEntities } = SYNC_MODES[locked.syncMode];
    if (maxEntities !== null && locked.numEntitiesUploaded + addedEntities > maxEntities) {
      throw new ValidationError(
        `${locked.syncMode} sync jobs are limited to ${maxEntities} entities per job`,
      );
    }
    const blobKey = batchBlobKey(ref.accountId, ref.jobId, seq);
    await writeBatch(deps.blobs, blobKey, batch);
    return deps.jobs.addBatch(tx, {
      ...ref,
      seq,
      correlationId: opts.correlationId ?? null,
      contentHash: contentDigest,
      blobKey,
      entities: batch.entities.length,
      relationships: batch.relationships.length,
      addedEntities,
      addedRelationships,
      addedMapped,
      duplicates:
        addedEntities < entityKeys.length ||
        addedRelationships + addedMapped < relationshipKeys.length,
      now: deps.now(),
    });
  });
}

async function rejectKnownKeys(
  tx: Tx,
  jobId: string,
  kind: 'e' | 'r',
  keys: StagedKey[],
  list: 'entities' | 'relationships',
  what: string,
): Promise<void> {
  if (keys.length === 0) return;
  const rows = await tx.run<{ key: string }>('sync/find-staged-keys', {
    jobId,
    kind,
    keys: keys.map(({ key, keyHash }) => ({ key, keyHash })),
  });
  if (rows.length === 0) return;
  const known = new Set(rows.map((r) => r.key));
  const index = keys.findIndex((k) => known.has(k.key));
  const key = keys[index]?.key ?? '';
  throw new ValidationError(
    `/${list}/${index}/_key '${key}' is a duplicate: ${what} with this _key was already uploaded in this job`,
  );
}

/** The digest of a batch's validated content, kept with its correlation id. */
export function batchDigest(batch: ValidatedBatch): string {
  return contentHash({ e: batch.entities, r: batch.relationships });
}
