/**
 * Subscriptions (`/subscriptions`, docs/guide/change-events.md): where an account's change events
 * go. A change event is written by the change itself (a sync job's FINISHED transition, an
 * entity-API write) as a `:_ChangeEvent` node, the outbox; the dispatcher (event-dispatcher.ts)
 * fans each one out into one delivery per matching subscription and delivers it with retries.
 */
export const EVENT_TYPES = ['sync.job.finished', 'entities.changed'] as const;
export type ChangeEventType = (typeof EVENT_TYPES)[number];

/** Where a subscription's events go: a webhook (HMAC-signed), an SQS queue or an SNS topic. */
export type SubscriptionTarget =
  | { kind: 'webhook'; url: string }
  | { kind: 'queue'; integrationInstanceId: string; queueUrl: string }
  | { kind: 'topic'; integrationInstanceId: string; topicArn: string };

/** Which events a subscription gets; an absent list lets every value through. */
export interface SubscriptionFilter {
  scopes?: string[];
  sources?: string[];
  types?: ChangeEventType[];
}

/** A subscription as the API answers it: a webhook's secret is never answered. */
export interface Subscription {
  id: string;
  name: string;
  target: SubscriptionTarget & { secretSet?: boolean };
  filter: SubscriptionFilter;
  enabled: boolean;
  createdOn: number;
  updatedOn: number;
}

export interface SubscriptionRef {
  accountId: string;
  subscriptionId: string;
}

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One (event, subscription) delivery as the delivery log shows it. */
export interface Delivery {
  id: string;
  eventId: string;
  eventType: ChangeEventType | null;
  jobId: string | null;
  status: DeliveryStatus;
  /** Tries started so far. */
  attempts: number;
  /** The HTTP status of the last try's answer (webhooks), null without one. */
  lastStatus: number | null;
  lastError: string | null;
  createdOn: number;
  updatedOn: number;
  lastAttemptOn: number | null;
  deliveredOn: number | null;
}

export interface DeliveryPage {
  deliveries: Delivery[];
  cursor?: string;
}

/** What a subscription delivers (webhook body, queue or topic message). */
export interface ChangeEventBody {
  eventId: string;
  type: ChangeEventType;
  occurredAt: string;
  accountId: string;
  job: { id: string; source: string; scope: string | null; syncMode: string } | null;
  scope: string | null;
  source: string;
  counts: {
    entitiesCreated: number;
    entitiesUpdated: number;
    entitiesDeleted: number;
    relationshipsCreated: number;
    relationshipsUpdated: number;
    relationshipsDeleted: number;
  };
}

/** The HTTP side: POST/GET /subscriptions, GET/PUT/DELETE /subscriptions/{id}, its deliveries. */
export interface SubscriptionApi {
  create(input: { accountId: string; body: unknown }): Promise<Subscription>;
  list(accountId: string): Promise<Subscription[]>;
  get(ref: SubscriptionRef): Promise<Subscription>;
  update(input: SubscriptionRef & { body: unknown }): Promise<Subscription>;
  delete(ref: SubscriptionRef): Promise<Subscription>;
  listDeliveries(
    input: SubscriptionRef & { limit?: number; cursor?: string },
  ): Promise<DeliveryPage>;
}
