import { randomUUID } from 'node:crypto';
import { isoDateTimeMs } from '../common/iso-date-time';
import { ValidationError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import { decodeTimeIdCursor, encodeTimeIdCursor, pageLimit } from '../paging/keyset-page';
import type { AuditAction, AuditEvent, AuditRecord, AuditTargetType } from './audit-types';

export const DEFAULT_AUDIT_PAGE_SIZE = 100;
export const MAX_AUDIT_PAGE_SIZE = 1000;
/** Events deleted per prune transaction. */
export const AUDIT_PRUNE_BATCH = 1000;

export interface ListAuditEventsInput {
  accountId: string;
  /** ISO 8601 date-times: events from `since` (inclusive) to `until` (exclusive). */
  since?: string | undefined;
  until?: string | undefined;
  /** Only the changes made with this API key (its id). */
  actor?: string | undefined;
  /** Only the changes of this target (its id). */
  target?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

export interface AuditEventPage {
  events: AuditEvent[];
  cursor?: string;
}

/** What `GET /audit-events` needs. */
export interface AuditApi {
  list(input: ListAuditEventsInput): Promise<AuditEventPage>;
}

/** What the edge (and the CLI) record changes with. */
export interface AuditRecorder {
  record(event: AuditRecord): Promise<AuditEvent>;
}

export interface AuditServiceDeps {
  graph: Graph;
  /** How long events are kept (ms): AUDIT_RETENTION_DAYS. */
  retentionMs: number;
  now?: () => number;
}

interface EventRow {
  event: {
    id: string;
    accountId: string;
    occurredOn: number;
    actorType: AuditEvent['actor']['type'];
    actorKeyId: string | null;
    actorKeyName: string | null;
    operation: string;
    action: AuditAction;
    targetType: AuditTargetType;
    targetId: string;
    summary: string;
    requestId: string | null;
  };
}

/**
 * The audit trail as `:_AuditEvent` nodes (docs/graph-model.md): recorded after each successful
 * change, listed newest first in keyset pages, pruned after the retention.
 */
export class AuditService implements AuditApi, AuditRecorder {
  private readonly graph: Graph;
  private readonly retentionMs: number;
  private readonly now: () => number;

  constructor(deps: AuditServiceDeps) {
    this.graph = deps.graph;
    this.retentionMs = deps.retentionMs;
    this.now = deps.now ?? Date.now;
  }

  async record(event: AuditRecord): Promise<AuditEvent> {
    const { actor } = event;
    const [row] = await this.graph.write<EventRow>('audit/record-audit-event', {
      id: randomUUID(),
      accountId: event.accountId,
      occurredOn: this.now(),
      actorType: actor.type,
      actorKeyId: actor.type === 'apiKey' ? actor.keyId : null,
      actorKeyName: actor.type === 'apiKey' ? actor.keyName : null,
      operation: event.operation,
      action: event.action,
      targetType: event.target.type,
      targetId: event.target.id,
      summary: JSON.stringify(event.summary),
      requestId: event.requestId,
    });
    if (row === undefined) throw new Error('Recording an audit event returned no row');
    return toEvent(row);
  }

  async list(input: ListAuditEventsInput): Promise<AuditEventPage> {
    const limit = pageLimit(input.limit, {
      default: DEFAULT_AUDIT_PAGE_SIZE,
      max: MAX_AUDIT_PAGE_SIZE,
    });
    const after = input.cursor === undefined ? undefined : decodeTimeIdCursor(input.cursor);
    const rows = await this.graph.read<EventRow>('audit/list-audit-events', {
      accountId: input.accountId,
      since: instant('since', input.since),
      until: instant('until', input.until),
      afterOccurredOn: after?.time ?? null,
      afterId: after?.id ?? null,
      actor: input.actor ?? null,
      target: input.target ?? null,
      limit,
    });
    const events = rows.slice(0, limit).map(toEvent);
    const last = rows.length > limit ? events[limit - 1] : undefined;
    return last === undefined
      ? { events }
      : { events, cursor: encodeTimeIdCursor({ time: last.occurredOn, id: last.id }) };
  }

  /** Deletes every event older than the retention, in batches; answers how many. */
  async prune(): Promise<number> {
    const before = this.now() - this.retentionMs;
    let total = 0;
    for (;;) {
      const [row] = await this.graph.write<{ deleted: number }>('audit/prune-audit-events', {
        before,
        batch: AUDIT_PRUNE_BATCH,
      });
      const deleted = row?.deleted ?? 0;
      total += deleted;
      if (deleted < AUDIT_PRUNE_BATCH) return total;
    }
  }
}

function toEvent(row: EventRow): AuditEvent {
  const e = row.event;
  return {
    id: e.id,
    accountId: e.accountId,
    occurredOn: e.occurredOn,
    occurredAt: new Date(e.occurredOn).toISOString(),
    actor: { type: e.actorType, keyId: e.actorKeyId, keyName: e.actorKeyName },
    operation: e.operation,
    action: e.action,
    target: { type: e.targetType, id: e.targetId },
    summary: JSON.parse(e.summary) as AuditEvent['summary'],
    requestId: e.requestId,
  };
}

/** An ISO 8601 date-time with its offset, to epoch ms; null when not given; else a 400. */
function instant(name: 'since' | 'until', value: string | undefined): number | null {
  if (value === undefined) return null;
  const ms = isoDateTimeMs(value);
  if (Number.isNaN(ms)) {
    throw new ValidationError(
      `query parameter '${name}' must be an ISO 8601 date-time such as 2026-01-31T12:00:00Z`,
    );
  }
  return ms;
}
