import { FingerprintSet, fingerprintOf } from './fingerprint-set';

/** A staged key as the index sees it: its digest (decision 0035). */
export type IndexedKey = { keyHash: string };

/** The keys of one recorded batch, by kind. */
export interface BatchKeys {
  seq: number;
  entities: IndexedKey[];
  relationships: IndexedKey[];
}

/** What the index says of a new batch's keys. */
export interface KeyCheck {
  /** Distinct keys of each kind that no recorded batch of the job holds. */
  newEntities: boolean[];
  newRelationships: boolean[];
  /** Indexes (in their lists) of keys that a recorded batch of the job holds. */
  knownEntities: number[];
  knownRelationships: number[];
}

/**
 * Which keys each job's recorded batches hold, kept in this process so that an upload finds its
 * duplicates and counts its new keys without a Neo4j write per key (decision 0050). It is a
 * cache of what Neo4j and the blob store say, never a source of truth:
 * - it is consulted by an upload that holds the job's lock, so batches are recorded one at a
 *   time and the index knows up to which batch (`seq`) it is current;
 * - when the locked job shows more batches than the index knows (another process, a restart, an
 *   eviction), the missing ones are read from staging (`catchUp`) before the check;
 * - a batch is added only after its transaction committed, and only when it is the next one
 *   (a later upload may have caught up past it already); an index that is ahead of the job (a
 *   batch it was told of did not commit after all) is dropped and rebuilt.
 * Jobs are evicted least recently used first once `maxKeys` are held.
 */
export class UploadKeyIndex {
  private readonly jobs = new Map<string, JobKeys>();
  private held = 0;

  constructor(private readonly maxKeys = 4_000_000) {}

  /**
   * Checks a batch's keys against the job's recorded batches 1..`recordedSeq`, reading the ones
   * it does not know through `catchUp(afterSeq)` (the batches after that seq, in order).
   */
  async check(
    jobId: string,
    recordedSeq: number,
    batch: Omit<BatchKeys, 'seq'>,
    catchUp: (afterSeq: number) => Promise<BatchKeys[]>,
  ): Promise<KeyCheck> {
    const job = await this.current(jobId, recordedSeq, catchUp);
    const e = sort(job.entities, batch.entities);
    const r = sort(job.relationships, batch.relationships);
    return {
      newEntities: e.fresh,
      knownEntities: e.known,
      newRelationships: r.fresh,
      knownRelationships: r.known,
    };
  }

  /** Tells the index that a batch committed. Ignored unless it is the next one the index lacks. */
  recorded(jobId: string, batch: BatchKeys): void {
    const job = this.jobs.get(jobId);
    if (job === undefined || job.seq !== batch.seq - 1) return;
    this.add(job, batch);
  }

  /** Forgets a job (it left AWAITING_UPLOADS, or its index can no longer be trusted). */
  forget(jobId: string): void {
    const job = this.jobs.get(jobId);
    if (job === undefined) return;
    this.jobs.delete(jobId);
    this.held -= job.entities.size + job.relationships.size;
  }

  private async current(
    jobId: string,
    recordedSeq: number,
    catchUp: (afterSeq: number) => Promise<BatchKeys[]>,
  ): Promise<JobKeys> {
    let job = this.jobs.get(jobId);
    if (job !== undefined && job.seq > recordedSeq) this.forget(jobId);
    job = this.jobs.get(jobId);
    if (job === undefined) {
      job = {
        id: jobId,
        seq: 0,
        entities: new FingerprintSet(),
        relationships: new FingerprintSet(),
      };
      this.jobs.set(jobId, job);
    } else {
      // Most recently used last (Map keeps insertion order).
      this.jobs.delete(jobId);
      this.jobs.set(jobId, job);
    }
    if (job.seq < recordedSeq) {
      for (const batch of await catchUp(job.seq)) {
        if (batch.seq === job.seq + 1) this.add(job, batch);
      }
      // Evicted while it caught up (another job's batch came in): held again, and counted.
      if (this.jobs.get(jobId) !== job) {
        this.jobs.set(jobId, job);
        this.held += job.entities.size + job.relationships.size;
      }
      if (job.seq !== recordedSeq) {
        this.forget(jobId);
        throw new Error(
          `upload key index of job ${jobId} could not catch up to batch ${recordedSeq} (at ${job.seq})`,
        );
      }
    }
    return job;
  }

  private add(job: JobKeys, batch: BatchKeys): void {
    const before = job.entities.size + job.relationships.size;
    for (const k of batch.entities) job.entities.add(fingerprintOf(k.keyHash));
    for (const k of batch.relationships) job.relationships.add(fingerprintOf(k.keyHash));
    job.seq = batch.seq;
    // A job evicted meanwhile is not counted (current() counts it again if it is held again).
    if (this.jobs.get(job.id) !== job) return;
    this.held += job.entities.size + job.relationships.size - before;
    this.evict();
  }

  private evict(): void {
    for (const [jobId] of this.jobs) {
      if (this.held <= this.maxKeys || this.jobs.size <= 1) return;
      this.forget(jobId);
    }
  }
}

interface JobKeys {
  id: string;
  /** The last batch whose keys are in the sets. */
  seq: number;
  entities: FingerprintSet;
  relationships: FingerprintSet;
}

/**
 * Which keys of a list are new (first time in the job: not in a recorded batch, not earlier in
 * this list) and which a recorded batch holds. A key repeated within the list is neither.
 */
function sort(recorded: FingerprintSet, keys: IndexedKey[]): { fresh: boolean[]; known: number[] } {
  const fresh: boolean[] = [];
  const known: number[] = [];
  const seen = new FingerprintSet(keys.length);
  keys.forEach((k, i) => {
    const f = fingerprintOf(k.keyHash);
    if (recorded.has(f)) {
      fresh.push(false);
      known.push(i);
    } else fresh.push(seen.add(f));
  });
  return { fresh, known };
}
