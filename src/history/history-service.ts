import type { BlobStore } from '../blob/blob-store';
import { entityNotFound } from '../entities/entity-not-found';
import { NotFoundError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import { decodeTimeIdCursor, encodeTimeIdCursor, pageLimit } from '../paging/keyset-page';
import type {
  Change,
  ChangePage,
  EntityHistoryInput,
  HistoryApi,
  JobChangesInput,
} from './history-api';
import { type StoredChange, withCreatedValues } from './created-values';
import { purgeExpired } from './history-purge';

export const DEFAULT_CHANGE_LIMIT = 100;
export const MAX_CHANGE_LIMIT = 1000;

/**
 * The change history (decision 0045): the `:_Change` records every write makes (the writing
 * statements create them; nothing here writes one), listed per entity and per sync job newest
 * first in keyset pages, and purged after HISTORY_RETENTION_DAYS with the soft-deleted objects
 * older than that.
 */
export class HistoryService implements HistoryApi {
  private readonly now: () => number;

  constructor(
    private readonly deps: {
      graph: Graph;
      blobs: BlobStore;
      retentionMs: number;
      now?: () => number;
    },
  ) {
    this.now = deps.now ?? Date.now;
  }

  async entityHistory(input: EntityHistoryInput): Promise<ChangePage> {
    const [row] = await this.deps.graph.read<{ found: boolean; changes: StoredChange[] }>(
      'history/list-entity-changes',
      { accountId: input.accountId, id: input.entityId, ...pageParams(input) },
    );
    if (row?.found !== true) throw entityNotFound(input.entityId);
    return this.toPage(input.accountId, row.changes, pageParams(input).limit);
  }

  async jobChanges(input: JobChangesInput): Promise<ChangePage> {
    const [row] = await this.deps.graph.read<{ found: boolean; changes: StoredChange[] }>(
      'history/list-job-changes',
      {
        accountId: input.accountId,
        jobId: input.jobId,
        kind: input.kind ?? null,
        ...pageParams(input),
      },
    );
    if (row?.found !== true) throw new NotFoundError(`Sync job '${input.jobId}' not found`);
    return this.toPage(input.accountId, row.changes, pageParams(input).limit);
  }

  /** A page of `limit` changes (the statements read one more, to know whether more follow). */
  private async toPage(
    accountId: string,
    rows: StoredChange[],
    limit: number,
  ): Promise<ChangePage> {
    const page = await withCreatedValues(this.deps.graph, accountId, rows.slice(0, limit));
    const changes = page.map(toChange);
    const last = changes.at(-1);
    return {
      changes,
      ...(rows.length > limit && last !== undefined
        ? { cursor: encodeTimeIdCursor({ time: last.at, id: last.changeId }) }
        : {}),
    };
  }

  /**
   * Deletes the changes older than the retention, then the entities and relationships soft
   * deleted before it (with the entities' raw-data versions and content). Returns how many.
   */
  async prune(): Promise<number> {
    return purgeExpired({ ...this.deps, before: this.now() - this.deps.retentionMs });
  }
}

function pageParams(input: { limit?: number | undefined; cursor?: string | undefined }): {
  afterAt: number | null;
  afterId: string | null;
  limit: number;
} {
  const limit = pageLimit(input.limit, { default: DEFAULT_CHANGE_LIMIT, max: MAX_CHANGE_LIMIT });
  const after = input.cursor === undefined ? null : decodeTimeIdCursor(input.cursor);
  return { afterAt: after?.time ?? null, afterId: after?.id ?? null, limit };
}

function toChange(c: StoredChange): Change {
  // By name, so that a change reads the same whatever order the statement listed them in.
  const names = Array.isArray(c.props)
    ? c.props.filter((p): p is string => typeof p === 'string').sort()
    : [];
  return {
    changeId: String(c.changeId),
    objectKind: c.objectKind as Change['objectKind'],
    objectId: String(c.objectId),
    key: text(c.key),
    type: text(c.type),
    scope: text(c.scope),
    kind: c.kind as Change['kind'],
    at: Number(c.at),
    jobId: text(c.jobId),
    keyId: text(c.keyId),
    source: c.source as Change['source'],
    changes: names.map((name) => ({
      name,
      before: (c[`before.${name}`] ?? null) as Change['changes'][number]['before'],
      after: (c[`after.${name}`] ?? null) as Change['changes'][number]['after'],
    })),
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
