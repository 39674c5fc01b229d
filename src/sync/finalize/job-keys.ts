import type { BlobStore } from '../../blob/blob-store';
import type { GraphAccess } from '../../graph/graph';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import {
  ENTITY_PRINT,
  RELATIONSHIP_PRINT,
  batchPrints,
  eachPrint,
  hashWords,
} from '../staging/batch-prints';
import { type Fingerprint, FingerprintTable, fingerprintOf } from '../staging/fingerprint-set';
import { readBatch, stagedKeyRef } from '../staging/staging';
import { entityHashOf, relationshipHashOf } from './content-hash';

/** Batches read per page of `sync/list-batch-prints`. */
const PAGE = 100;

/**
 * What a job uploaded, as its finalization needs to know it (decision 0051): for each key, the
 * latest batch that holds it, and for a relationship the head of that batch's content hash. It
 * is built in the finalizing process from the prints the uploads kept on their batches, so that
 * finding what a DIFF did not receive (and which copy of a key repeated across batches wins)
 * reads no key node and writes none.
 */
export class JobKeys {
  private readonly entities: FingerprintTable;
  private readonly relationships: FingerprintTable;

  constructor(sizes: { entities: number; relationships: number }) {
    this.entities = new FingerprintTable(1, sizes.entities);
    this.relationships = new FingerprintTable(3, sizes.relationships);
  }

  /** Whether the job uploaded this entity key. */
  hasEntity(keyHash: string | null): boolean {
    return keyHash !== null && this.entities.has(fingerprintOf(keyHash));
  }

  /** Whether the job uploaded this relationship key. */
  hasRelationship(keyHash: string | null): boolean {
    return keyHash !== null && this.relationships.has(fingerprintOf(keyHash));
  }

  /** Whether the job uploaded this relationship key with this content (its latest upload). */
  relationshipAsIs(keyHash: string | null, hash: string): boolean {
    if (keyHash === null) return false;
    const f = fingerprintOf(keyHash);
    if (!this.relationships.has(f)) return false;
    const [h0, h1] = hashWords(hash);
    return this.relationships.value(f, 1) === h0 && this.relationships.value(f, 2) === h1;
  }

  /** Whether a later batch than `seq` uploaded this key again (ignoreDuplicates: it wins). */
  superseded(kind: 'e' | 'r', seq: number, keyHash: string): boolean {
    const table = kind === 'e' ? this.entities : this.relationships;
    const latest = table.value(fingerprintOf(keyHash), 0);
    return latest !== undefined && latest > seq;
  }

  /** Records a batch's print of a key; the latest batch of a key is the one kept. */
  add(kind: 'e' | 'r', seq: number, f: Fingerprint, hash: readonly [number, number]): void {
    const table = kind === 'e' ? this.entities : this.relationships;
    const latest = table.value(f, 0);
    if (latest !== undefined && latest > seq) return;
    table.set(f, [seq, hash[0], hash[1]]);
  }
}

/**
 * Whether the job's finalization needs its keys: to delete what it did not receive (DIFF,
 * CROSS_SCOPE) or to let the last of several uploads of a key win (ignoreDuplicates). The other
 * jobs (PATCH, PUT, OVERRIDE without repeated keys) need none.
 */
export function needsJobKeys(job: Pick<StoredJob, 'syncMode' | 'crossBatchDuplicates'>): boolean {
  const { deletesAbsent } = SYNC_MODES[job.syncMode];
  return (
    deletesAbsent.entities || deletesAbsent.relationships !== 'none' || job.crossBatchDuplicates
  );
}

/**
 * The job's keys, read from its batches' prints a page at a time; a batch without prints (a bulk
 * file, or one staged before prints were kept) is read from the blob store.
 */
export async function loadJobKeys(
  deps: { graph: Pick<GraphAccess, 'read'>; blobs: BlobStore },
  job: Pick<StoredJob, 'id' | 'numEntitiesUploaded' | 'numRelationshipsUploaded'>,
): Promise<JobKeys> {
  const keys = new JobKeys({
    entities: job.numEntitiesUploaded,
    relationships: job.numRelationshipsUploaded,
  });
  type Page = {
    seq: number;
    blobKey: string;
    entityPrints: Int8Array | null;
    relationshipPrints: Int8Array | null;
  };
  for (let after = 0; ;) {
    const page = await deps.graph.read<Page>('sync/list-batch-prints', {
      jobId: job.id,
      after,
      limit: PAGE,
    });
    for (const b of page) {
      const prints =
        b.entityPrints === null || b.relationshipPrints === null
          ? await printsOfContent(deps.blobs, b.blobKey)
          : b;
      eachPrint(prints.entityPrints!, ENTITY_PRINT, (f, h) => keys.add('e', b.seq, f, h));
      eachPrint(prints.relationshipPrints!, RELATIONSHIP_PRINT, (f, h) =>
        keys.add('r', b.seq, f, h),
      );
      after = b.seq;
    }
    if (page.length < PAGE) return keys;
  }
}

/** The prints of a batch read from its content (any size). */
async function printsOfContent(
  blobs: BlobStore,
  blobKey: string,
): Promise<{ entityPrints: Int8Array; relationshipPrints: Int8Array }> {
  const batch = await readBatch(blobs, blobKey);
  const prints = batchPrints(
    {
      entities: batch.entities.map((e) => ({ ...stagedKeyRef(e), hash: entityHashOf(e) })),
      relationships: batch.relationships.map((r) => ({
        ...stagedKeyRef(r),
        hash: relationshipHashOf(r),
      })),
    },
    Infinity,
  );
  return { entityPrints: prints.entityPrints!, relationshipPrints: prints.relationshipPrints! };
}
