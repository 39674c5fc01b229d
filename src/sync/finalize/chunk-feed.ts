import type { BlobStore } from '../../blob/blob-store';
import type { Graph } from '../../graph/graph';
import type { StoredJob } from '../jobs/stored-job';
import type { StagedEntity, StagedRelationship } from '../jobs/job-types';
import { readBatch, stagedKeyRef } from '../staging/staging';
import type { JobKeys } from './job-keys';
import type { Tally, Write } from './apply-context';

/**
 * How the finalizer feeds a job's staged objects to the apply steps: in upload order, in chunks
 * of chunkSize pooled across batches, each chunk classified while the previous one is written.
 */
export interface ChunkFeedDeps {
  graph: Graph;
  blobs: BlobStore;
  /** Rows per transaction. */
  chunkSize: number;
}

type Staged = StagedEntity | StagedRelationship;
type BatchRow = { seq: number; blobKey: string; entities: number; relationships: number };

export interface ChunkPass {
  kind: 'e' | 'r';
  /** Objects an earlier run applied, passed over. */
  skip: number;
  /** One chunk at a time (see FinalizeStep); else two classifications may run at once. */
  sequential: boolean;
  /** The run's tally, which each chunk's counts join once the chunk is written. */
  tally: Tally;
  /** Classifies a chunk (reads only), counting into `tally`, and returns its write. */
  prepare: (chunk: Staged[], tally: Tally) => Promise<Write>;
  /** Told how many objects each write applied, in order. */
  written: (objects: number, counted: boolean) => Promise<void>;
  /** The job's keys (job-keys.ts): which copy of a key repeated across batches wins. */
  keys: JobKeys | undefined;
}

/**
 * Feeds the job's staged objects of one kind, in upload order and in chunks of chunkSize, to
 * `prepare` (classification: reads only) and runs the writes it returns one at a time, in
 * order, telling `written` how many objects each applied. The first `skip` objects (applied by
 * an earlier run) are passed over. The next chunk is classified while the previous one writes,
 * and unless `sequential` two classifications may run at once (Neo4j uses a core for each):
 * chunks hold distinct keys, so neither sees the other's effects.
 */
export async function eachChunk(
  deps: ChunkFeedDeps,
  job: StoredJob,
  pass: ChunkPass,
): Promise<void> {
  const depth = pass.sequential ? 1 : 2;
  // Each chunk counts into a tally of its own, added to the run's once the chunk is written:
  // the counters a checkpoint saves are those of the chunks written, not of one prepared ahead.
  const prepared: Array<{ write: Promise<Write>; objects: number; counted: Tally }> = [];
  const writeOldest = async () => {
    const { write, objects, counted } = prepared.shift()!;
    await (
      await write
    )();
    pass.tally.merge(counted);
    await pass.written(objects, !counted.isEmpty);
  };
  const apply = async (chunk: Staged[]) => {
    const counted = pass.tally.fork();
    const write = pass.prepare(chunk, counted);
    write.catch(() => undefined); // awaited in order by writeOldest, which rethrows
    prepared.push({ write, objects: chunk.length, counted });
    if (prepared.length >= depth) await writeOldest();
  };
  await eachBatchChunk(deps, job, pass, apply);
  while (prepared.length > 0) await writeOldest();
}

/**
 * Uploads come in batches of any size (often 100 to 1000 objects); transactions are always
 * chunkSize rows: objects of successive batches are pooled. Batches are read (and decoded) ahead
 * while Neo4j applies the current chunk, at most one chunk's worth: memory stays at about two
 * chunks plus one batch, however many batches the job has.
 */
async function eachBatchChunk(
  deps: ChunkFeedDeps,
  job: StoredJob,
  pass: Pick<ChunkPass, 'kind' | 'skip' | 'keys'>,
  apply: (objects: Staged[]) => Promise<void>,
): Promise<void> {
  const { chunkSize } = deps;
  const { todo, size, skip } = await batchesToRead(deps.graph, job, pass);
  let toSkip = skip;
  const reader = new ReadAhead(todo, size, chunkSize, (b) => loadBatch(deps, job, pass, b));
  reader.fill();
  let pending: Staged[] = [];
  while (!reader.done) {
    let objects = await reader.take();
    if (toSkip > 0) {
      const dropped = Math.min(toSkip, objects.length);
      objects = objects.slice(dropped);
      toSkip -= dropped;
    }
    pending = pending.length === 0 ? objects : pending.concat(objects);
    while (pending.length >= chunkSize) {
      const chunk = pending.slice(0, chunkSize);
      pending = pending.slice(chunkSize);
      reader.fill();
      await apply(chunk);
    }
    reader.fill();
  }
  if (pending.length > 0) await apply(pending);
}

/**
 * The job's batches that hold objects of the kind, in upload order. A resumed run passes over
 * what an earlier run applied: whole batches without reading them while their size is exact (no
 * object of theirs is superseded by a later batch); `skip` is what is left to drop by objects.
 */
async function batchesToRead(
  graph: Graph,
  job: StoredJob,
  pass: Pick<ChunkPass, 'kind' | 'skip'>,
): Promise<{ todo: BatchRow[]; size: (b: BatchRow) => number; skip: number }> {
  const batches = await graph.read<BatchRow>('sync/list-batches', { jobId: job.id, afterSeq: 0 });
  const size = (b: BatchRow) => (pass.kind === 'e' ? b.entities : b.relationships);
  let todo = batches.filter((b) => size(b) > 0);
  let skip = pass.skip;
  if (!job.crossBatchDuplicates) {
    while (todo.length > 0 && size(todo[0]!) <= skip) {
      skip -= size(todo[0]!);
      todo = todo.slice(1);
    }
  }
  return { todo, size, skip };
}

/** Batches being read ahead, at most about one chunk's worth of objects. */
class ReadAhead {
  private readonly loading: Array<Promise<Staged[]>> = [];
  private next = 0;
  private taken = 0;
  private ahead = 0;

  constructor(
    private readonly todo: BatchRow[],
    private readonly size: (b: BatchRow) => number,
    private readonly chunkSize: number,
    private readonly load: (b: BatchRow) => Promise<Staged[]>,
  ) {}

  get done(): boolean {
    return this.loading.length === 0;
  }

  /** Starts reading batches until a chunk's worth is on its way. */
  fill(): void {
    while (this.next < this.todo.length && this.ahead < this.chunkSize) {
      const b = this.todo[this.next++]!;
      this.ahead += this.size(b);
      const p = this.load(b);
      p.catch(() => undefined); // awaited by take; a failure surfaces there, in order
      this.loading.push(p);
    }
  }

  /** The next batch's objects, in order. */
  async take(): Promise<Staged[]> {
    const objects = await this.loading.shift()!;
    this.ahead -= this.size(this.todo[this.taken++]!);
    return objects;
  }
}

async function loadBatch(
  deps: ChunkFeedDeps,
  job: StoredJob,
  pass: Pick<ChunkPass, 'kind' | 'keys'>,
  b: BatchRow,
): Promise<Staged[]> {
  const batch = await readBatch(deps.blobs, b.blobKey);
  const objects: Staged[] = pass.kind === 'e' ? batch.entities : batch.relationships;
  if (!job.crossBatchDuplicates) return objects;
  // ignoreDuplicates across batches: skip the objects that a later batch uploaded again.
  const keys = pass.keys;
  if (keys === undefined) throw new Error(`job ${job.id} has repeated keys but no key table`);
  return objects.filter((o) => !keys.superseded(pass.kind, b.seq, stagedKeyRef(o).keyHash));
}
