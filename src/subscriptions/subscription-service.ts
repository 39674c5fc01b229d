import { randomUUID } from 'node:crypto';
import { SecretBox } from '../common/secret-box';
import { NotFoundError, ValidationError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type { IntegrationApi } from '../integrations/integration-api';
import { decodeTimeIdCursor, encodeTimeIdCursor, pageLimit } from '../paging/keyset-page';
import { type SubscriptionInput, subscriptionInput } from './subscription-input';
import type {
  Delivery,
  DeliveryPage,
  Subscription,
  SubscriptionApi,
  SubscriptionRef,
  SubscriptionTarget,
} from './subscription-types';

export const DEFAULT_DELIVERY_PAGE_SIZE = 100;
export const MAX_DELIVERY_PAGE_SIZE = 1000;

interface StoredRow {
  subscription: {
    id: string;
    name: string;
    /** JSON text of the target, without the secret. */
    target: string;
    scopes: string[] | null;
    sources: string[] | null;
    types: string[] | null;
    enabled: boolean;
    createdOn: number;
    updatedOn: number;
  } | null;
}

export interface SubscriptionServiceDeps {
  graph: Graph;
  /** Seals webhook secrets at rest (the key secret parameters use). */
  secretsKey: Buffer;
  /** Queue and topic targets name an aws instance of the account. */
  integrations: Pick<IntegrationApi, 'get'>;
  /**
   * The address guard of rule webhooks (src/actions/ssrf-guard.ts), applied to a webhook URL at
   * save: rejects with the guard's message when it refuses the URL.
   */
  checkWebhookUrl: (url: URL) => Promise<void>;
  now?: () => number;
}

/**
 * Subscriptions as `:_Subscription` nodes: name, target (JSON text), filter lists and enabled; a
 * webhook's secret sealed with AES-256-GCM (secret-box.ts) bound to the account and subscription
 * ids, opened only by the dispatcher to sign bodies, never answered. Another account's
 * subscription is the same 404 as an unknown one.
 */
export class SubscriptionService implements SubscriptionApi {
  private readonly box: SecretBox;
  private readonly now: () => number;

  constructor(private readonly deps: SubscriptionServiceDeps) {
    this.box = new SecretBox(deps.secretsKey);
    this.now = deps.now ?? Date.now;
  }

  async create(input: { accountId: string; body: unknown }): Promise<Subscription> {
    const sub = subscriptionInput(input.body);
    await this.check(input.accountId, sub.target);
    const id = randomUUID();
    const [row] = await this.deps.graph.write<StoredRow>('subscriptions/create-subscription', {
      ...this.fields(sub),
      accountId: input.accountId,
      id,
      secret: this.seal({ accountId: input.accountId, subscriptionId: id }, sub.secret),
      now: this.now(),
    });
    return toSubscription(row, id);
  }

  async list(accountId: string): Promise<Subscription[]> {
    const rows = await this.deps.graph.read<StoredRow>('subscriptions/list-subscriptions', {
      accountId,
    });
    return rows.map((row) => toSubscription(row, ''));
  }

  async get(ref: SubscriptionRef): Promise<Subscription> {
    const [row] = await this.deps.graph.read<StoredRow>(
      'subscriptions/get-subscription',
      params(ref),
    );
    return toSubscription(row, ref.subscriptionId);
  }

  /**
   * Replaces name, target, filter and enabled. A webhook target without `secret` keeps the stored
   * one (secrets are never read back); a queue or topic target drops it.
   */
  async update(input: SubscriptionRef & { body: unknown }): Promise<Subscription> {
    const stored = await this.get(input);
    const sub = subscriptionInput(input.body, stored.target.secretSet === true);
    await this.check(input.accountId, sub.target);
    const replaceSecret = sub.target.kind !== 'webhook' || sub.secret !== undefined;
    const [row] = await this.deps.graph.write<StoredRow>('subscriptions/update-subscription', {
      ...this.fields(sub),
      ...params(input),
      replaceSecret,
      secret: replaceSecret ? this.seal(input, sub.secret) : null,
      now: this.now(),
    });
    return toSubscription(row, input.subscriptionId);
  }

  async delete(ref: SubscriptionRef): Promise<Subscription> {
    const [row] = await this.deps.graph.write<StoredRow>(
      'subscriptions/delete-subscription',
      params(ref),
    );
    return toSubscription(row, ref.subscriptionId);
  }

  /** One page of the subscription's delivery log, newest first. */
  async listDeliveries(
    input: SubscriptionRef & { limit?: number; cursor?: string },
  ): Promise<DeliveryPage> {
    await this.get(input);
    const limit = pageLimit(input.limit, {
      default: DEFAULT_DELIVERY_PAGE_SIZE,
      max: MAX_DELIVERY_PAGE_SIZE,
    });
    const after = input.cursor === undefined ? undefined : decodeTimeIdCursor(input.cursor);
    const rows = await this.deps.graph.read<{ delivery: Delivery }>(
      'subscriptions/list-deliveries',
      {
        accountId: input.accountId,
        subscriptionId: input.subscriptionId,
        afterCreatedOn: after?.time ?? null,
        afterId: after?.id ?? null,
        limit,
      },
    );
    const deliveries = rows.slice(0, limit).map((r) => toDelivery(r.delivery));
    const last = rows.length > limit ? deliveries[limit - 1] : undefined;
    return last === undefined
      ? { deliveries }
      : { deliveries, cursor: encodeTimeIdCursor({ time: last.createdOn, id: last.id }) };
  }

  /** The webhook secret of a subscription, opened (the dispatcher signs bodies with it). */
  openSecret(ref: SubscriptionRef, sealed: string): string {
    return this.box.open(sealed, aad(ref));
  }

  private fields(sub: SubscriptionInput): Record<string, unknown> {
    return {
      name: sub.name,
      target: JSON.stringify(sub.target),
      scopes: sub.filter.scopes ?? null,
      sources: sub.filter.sources ?? null,
      types: sub.filter.types ?? null,
      enabled: sub.enabled,
    };
  }

  private seal(ref: SubscriptionRef, secret: string | undefined): string | null {
    return secret === undefined ? null : this.box.seal(secret, aad(ref));
  }

  /** What the body's schema cannot check: the webhook address, the aws instance. */
  private async check(accountId: string, target: SubscriptionTarget): Promise<void> {
    if (target.kind === 'webhook') {
      try {
        await this.deps.checkWebhookUrl(new URL(target.url));
      } catch (err) {
        throw new ValidationError((err as Error).message);
      }
      return;
    }
    const id = target.integrationInstanceId;
    let type: string;
    try {
      type = (await this.deps.integrations.get({ accountId, integrationId: id })).type;
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      throw new ValidationError(
        `target.integrationInstanceId: integration instance '${id}' does not exist in this account`,
      );
    }
    if (type !== 'aws') {
      throw new ValidationError(
        `target.integrationInstanceId: integration instance '${id}' is a ${type} instance; a ${target.kind} target needs an aws one`,
      );
    }
  }
}

function aad(ref: SubscriptionRef): string {
  return `subscription:${ref.accountId}:${ref.subscriptionId}`;
}

function params(ref: SubscriptionRef): { accountId: string; id: string } {
  return { accountId: ref.accountId, id: ref.subscriptionId };
}

function toSubscription(row: StoredRow | undefined, id: string): Subscription {
  const s = row?.subscription;
  if (s === undefined || s === null) throw new NotFoundError(`Subscription '${id}' not found`);
  const target = JSON.parse(s.target) as SubscriptionTarget;
  return {
    id: s.id,
    name: s.name,
    target: target.kind === 'webhook' ? { ...target, secretSet: true } : target,
    filter: {
      ...(s.scopes === null ? {} : { scopes: s.scopes }),
      ...(s.sources === null ? {} : { sources: s.sources }),
      ...(s.types === null ? {} : { types: s.types as Subscription['filter']['types'] }),
    },
    enabled: s.enabled,
    createdOn: s.createdOn,
    updatedOn: s.updatedOn,
  };
}

function toDelivery(d: Delivery): Delivery {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType ?? null,
    jobId: d.jobId ?? null,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus ?? null,
    lastError: d.lastError ?? null,
    createdOn: d.createdOn,
    updatedOn: d.updatedOn,
    lastAttemptOn: d.lastAttemptOn ?? null,
    deliveredOn: d.deliveredOn ?? null,
  };
}
