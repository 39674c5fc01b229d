import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChangeEventBody, ChangeEventType } from './subscription-types';

/** A `:_ChangeEvent` node's properties as the outbox statements return them. */
export type ChangeEventNode = Record<string, unknown>;

/** The header naming the event (the receiver's de-duplication key). */
export const EVENT_ID_HEADER = 'X-Graphsync-Event-Id';
/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body, keyed with the secret>`. */
export const SIGNATURE_HEADER = 'X-Graphsync-Signature';

const COUNTS = [
  'entitiesCreated',
  'entitiesUpdated',
  'entitiesDeleted',
  'relationshipsCreated',
  'relationshipsUpdated',
  'relationshipsDeleted',
] as const;

/** What a subscription delivers for an event node: the same for every target and every try. */
export function eventBody(node: ChangeEventNode): ChangeEventBody {
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  const scope = text(node.scope);
  const source = text(node.source) ?? 'api';
  const jobId = text(node.jobId);
  return {
    eventId: String(node.id),
    type: node.type as ChangeEventType,
    occurredAt: new Date(Number(node.occurredOn)).toISOString(),
    accountId: String(node.accountId),
    job:
      jobId === null ? null : { id: jobId, source, scope, syncMode: text(node.syncMode) ?? 'DIFF' },
    scope,
    source,
    counts: Object.fromEntries(
      COUNTS.map((c) => [c, Number(node[c] ?? 0)]),
    ) as ChangeEventBody['counts'],
  };
}

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body bytes sent, keyed with the secret. */
export function signature(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Whether `header` is the signature of `rawBody` with `secret` (a receiver's check). */
export function verifySignature(rawBody: string, secret: string, header: string): boolean {
  const expected = Buffer.from(signature(rawBody, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
