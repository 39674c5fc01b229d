import { randomUUID } from 'node:crypto';
import { accountSegment, type BlobStore, blobKey } from '../blob/blob-store';
import type { Graph } from '../graph/graph';
import type { RawDataEntry } from '../sync/job-types';
import { encodeEntry, type EncodedEntry } from './raw-data-content';

/** Blob writes in flight at once while a chunk's new versions are stored. */
const BLOB_WRITES_IN_FLIGHT = 16;

export interface RawDataWriterDeps {
  graph: Graph;
  blobs: BlobStore;
  /** Versions kept per entry (the newest); older ones are deleted with their content. */
  versionsKept: number;
}

/** The raw-data entries uploaded for one entity (by its `_id`). */
export interface EntityRawData {
  entityId: string;
  entries: RawDataEntry[];
}

/**
 * Stores raw-data entries as versions: content in the blob store, metadata as `:_RawDataVersion`
 * nodes in Neo4j. An entry whose content (and content type) equals its latest live version adds
 * nothing. Content is written before the metadata that points at it, so a crash in between
 * leaves at most an unreferenced blob, never a version without content.
 */
export class RawDataWriter {
  constructor(private readonly deps: RawDataWriterDeps) {}

  /**
   * Returns the number of versions this writer's job added: those added now, and those an
   * earlier run of the same job added (a finalize re-run after a crash counts exactly).
   */
  async write(input: {
    accountId: string;
    /** The sync job writing, stamped on its versions. */
    jobId: string | null;
    now: number;
    items: EntityRawData[];
  }): Promise<number> {
    const encoded = input.items.flatMap((item) =>
      item.entries.map((entry) => ({ entityId: item.entityId, entry: encodeEntry(entry) })),
    );
    if (encoded.length === 0) return 0;
    const { changed, replayed } = await this.changed(encoded, input.jobId);
    if (changed.length === 0) return replayed;
    const rows = changed.map(({ entityId, entry }) => {
      const versionId = randomUUID();
      return {
        entityId,
        name: entry.name,
        versionId,
        hash: entry.hash,
        blobKey: blobKey('raw-data', accountSegment(input.accountId), entityId, versionId),
        contentType: entry.contentType,
        contentLength: entry.bytes.length,
        bytes: entry.bytes,
      };
    });
    await eachLimited(rows, BLOB_WRITES_IN_FLIGHT, (r) => this.deps.blobs.put(r.blobKey, r.bytes));
    const added = await this.deps.graph.write<{ versionId: string; pruned: string[] }>(
      'rawdata/add-versions',
      {
        accountId: input.accountId,
        jobId: input.jobId,
        now: input.now,
        keep: this.deps.versionsKept,
        rows: rows.map(({ bytes: _bytes, ...row }) => row),
      },
    );
    const kept = new Set(added.map((a) => a.versionId));
    const unused = [
      ...rows.filter((r) => !kept.has(r.versionId)).map((r) => r.blobKey),
      ...added.flatMap((a) => a.pruned),
    ];
    await eachLimited(unused, BLOB_WRITES_IN_FLIGHT, (key) => this.deps.blobs.deletePrefix(key));
    return added.length + replayed;
  }

  /**
   * The entries whose latest version differs from the upload (or is deleted, or is missing), and
   * how many of the others this job wrote itself (in an earlier run).
   */
  private async changed(
    encoded: Array<{ entityId: string; entry: EncodedEntry }>,
    jobId: string | null,
  ): Promise<{ changed: Array<{ entityId: string; entry: EncodedEntry }>; replayed: number }> {
    const latest = await this.deps.graph.read<{
      entityId: string;
      name: string;
      hash: string;
      deleted: boolean;
      jobId: string | null;
    }>('rawdata/latest-versions', {
      rows: encoded.map(({ entityId, entry }) => ({ entityId, name: entry.name })),
    });
    const live = new Map(
      latest.filter((l) => !l.deleted).map((l) => [`${l.entityId}\u0000${l.name}`, l]),
    );
    const changed: Array<{ entityId: string; entry: EncodedEntry }> = [];
    let replayed = 0;
    for (const item of encoded) {
      const stored = live.get(`${item.entityId}\u0000${item.entry.name}`);
      if (stored?.hash !== item.entry.hash) changed.push(item);
      else if (jobId !== null && stored.jobId === jobId) replayed++;
    }
    return { changed, replayed };
  }
}

async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
