import { randomUUID } from 'node:crypto';
import type { Graph } from '../graph/graph';
import type { ChangeEventNode } from './change-event';
import type { DeliveryStatus } from './subscription-types';

/** A delivery claimed for one try: the event to send and the subscription it goes to. */
export interface ClaimedDelivery {
  delivery: {
    id: string;
    eventId: string;
    subscriptionId: string;
    accountId: string;
    attempts: number;
  };
  event: ChangeEventNode;
  subscription: { id: string; accountId: string; target: string; secret: string | null };
  /** The claim token: only this claim may record the try's outcome. */
  claim: string;
}

/**
 * The statements of the subscriptions' outbox (docs/decisions/0046-change-events.md): change
 * events fanned out into deliveries, due deliveries claimed for a try, a try's outcome recorded.
 */
export class EventOutbox {
  constructor(private readonly graph: Graph) {}

  /** Fans out up to `limit` pending events; how many events and deliveries it made. */
  async fanOut(limit: number, now: number): Promise<{ events: number; deliveries: number }> {
    const [row] = await this.graph.write<{ events: number; deliveries: number }>(
      'subscriptions/fan-out-events',
      { limit, now },
    );
    return { events: row?.events ?? 0, deliveries: row?.deliveries ?? 0 };
  }

  /** Up to `limit` deliveries due by `now`, each claimed (one more try counted) until `leaseUntil`. */
  async claim(input: {
    limit: number;
    now: number;
    leaseUntil: number;
  }): Promise<ClaimedDelivery[]> {
    const claim = randomUUID();
    const rows = await this.graph.write<Omit<ClaimedDelivery, 'claim'>>(
      'subscriptions/claim-deliveries',
      { ...input, claim },
    );
    return rows.map((row) => ({ ...row, claim }));
  }

  /** The outcome of a claimed try; false when the claim was lost (its lease ran out). */
  async record(outcome: {
    id: string;
    claim: string;
    status: DeliveryStatus;
    dueAt: number | null;
    lastStatus: number | null;
    lastError: string | null;
    now: number;
  }): Promise<boolean> {
    const rows = await this.graph.write('subscriptions/record-delivery', { ...outcome });
    return rows.length > 0;
  }
}
