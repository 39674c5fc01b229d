import { randomUUID } from 'node:crypto';
import { accountSegment, type BlobStore, blobKey } from '../blob/blob-store';
import type { GraphAccess } from '../graph/graph';
import type { RawDataEntry } from './raw-data-content';
import { encodeEntry } from './raw-data-content';

/** Blob writes (and deletes) in flight at once. */
const BLOBS_IN_FLIGHT = 16;

export interface RawDataWriterDeps {
  graph: GraphAccess;
  blobs: BlobStore;
  /** Versions kept per entry (the newest); older ones are deleted with their content. */
  versionsKept: number;
}

/** The latest version of one entry, as stored. */
export interface LatestVersion {
  name: string;
  hash: string;
  deleted: boolean;
  /** The sync job that stored it, if any. */
  jobId: string | null;
}

/** The raw-data entries uploaded for one entity, and what is stored for them already. */
export interface RawDataItem {
  entries: RawDataEntry[];
  /** The latest version of each entry that has one (none for an entity not written yet). */
  latest: LatestVersion[];
}

/** A version whose content is in the blob store and whose metadata is not recorded yet. */
export interface PendingVersion {
  /** Index of its item. */
  item: number;
  name: string;
  versionId: string;
  hash: string;
  blobKey: string;
  contentType: string;
  contentLength: number;
}

/**
 * Stores raw-data entries as versions, in two steps: `storeContent` decides which entries differ
 * from their latest version and writes their content to the blob store (it needs no entity id, so
 * it runs before the entities are written); `record` adds the metadata (`:_RawDataVersion` nodes)
 * once each item's entity is known. Content is written before the metadata that points at it, so
 * a crash in between leaves at most an unreferenced blob, never a version without content.
 */
export class RawDataWriter {
  constructor(private readonly deps: RawDataWriterDeps) {}

  /** The same writer over another view of the graph (a finalization run's fenced one). */
  on(graph: GraphAccess): RawDataWriter {
    return new RawDataWriter({ ...this.deps, graph });
  }

  /**
   * Writes the content of every entry whose content type and content differ from its latest live
   * version. `replayed` counts the unchanged entries that this job stored itself (in an earlier
   * finalize run), so that a re-run counts exactly.
   */
  async storeContent(input: {
    accountId: string;
    jobId: string | null;
    items: RawDataItem[];
  }): Promise<{ pending: PendingVersion[]; replayed: number }> {
    const pending: Array<PendingVersion & { bytes: Buffer }> = [];
    let replayed = 0;
    input.items.forEach((item, index) => {
      const live = new Map(item.latest.filter((l) => !l.deleted).map((l) => [l.name, l]));
      for (const entry of item.entries) {
        const encoded = encodeEntry(entry);
        const stored = live.get(entry.name);
        if (stored?.hash === encoded.hash) {
          if (input.jobId !== null && stored.jobId === input.jobId) replayed++;
          continue;
        }
        const versionId = randomUUID();
        pending.push({
          item: index,
          name: entry.name,
          versionId,
          hash: encoded.hash,
          // Two hex digits of fan-out keep directories small in a filesystem store.
          blobKey: blobKey(
            'raw-data',
            accountSegment(input.accountId),
            versionId.slice(0, 2),
            versionId,
          ),
          contentType: encoded.contentType,
          contentLength: encoded.bytes.length,
          bytes: encoded.bytes,
        });
      }
    });
    await eachLimited(pending, (p) => this.deps.blobs.put(p.blobKey, p.bytes));
    return { pending: pending.map(({ bytes: _bytes, ...p }) => p), replayed };
  }

  /**
   * Records the pending versions of the items whose entity is known (`entityIdOf`), pruning each
   * entry to the newest versions kept; removes the content of versions not recorded (their entity
   * was not written, or another writer stored the same content first) and of pruned ones.
   * Returns the number of versions recorded.
   */
  async record(input: {
    accountId: string;
    jobId: string | null;
    now: number;
    pending: PendingVersion[];
    entityIdOf: (item: number) => string | undefined;
  }): Promise<number> {
    const rows = input.pending.flatMap((p) => {
      const entityId = input.entityIdOf(p.item);
      return entityId === undefined ? [] : [{ ...p, entityId }];
    });
    const added =
      rows.length === 0
        ? []
        : await this.deps.graph.write<{ versionId: string; pruned: string[] }>(
            'rawdata/add-versions',
            {
              accountId: input.accountId,
              jobId: input.jobId,
              now: input.now,
              keep: this.deps.versionsKept,
              rows: rows.map(({ item: _item, ...row }) => row),
            },
          );
    const kept = new Set(added.map((a) => a.versionId));
    const unused = [
      ...input.pending.filter((p) => !kept.has(p.versionId)).map((p) => p.blobKey),
      ...added.flatMap((a) => a.pruned),
    ];
    await eachLimited(unused, (key) => this.deps.blobs.deletePrefix(key));
    return added.length;
  }
}

async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(BLOBS_IN_FLIGHT, items.length) }, lane));
}
