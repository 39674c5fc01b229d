import type { Logger } from 'pino';
import type { SubscriptionConfig } from '../config/subscription-config';
import type { Graph } from '../graph/graph';
import { countEventDelivery } from '../telemetry/metrics';
import { eventBody } from './change-event';
import { type ClaimedDelivery, EventOutbox } from './event-outbox';
import { SendFailed, type EventSender } from './event-sender';
import type { SubscriptionTarget } from './subscription-types';

/** Events fanned out, and deliveries claimed, per round. */
const ROUND_SIZE = 50;
/** Of a failed try's message, what the delivery log keeps. */
const ERROR_CHARS = 500;

export interface EventDispatcherDeps {
  graph: Graph;
  sender: EventSender;
  /** Opens a webhook subscription's sealed secret (SubscriptionService.openSecret). */
  openSecret: (ref: { accountId: string; subscriptionId: string }, sealed: string) => string;
  config: SubscriptionConfig;
  /** How long a claimed try may take before another dispatcher may try again (ms). */
  leaseMs: number;
  logger: Logger;
  now?: () => number;
}

/**
 * Turns the outbox's change events into deliveries and makes them (decision 0046): each round
 * fans out the events not yet fanned out (one delivery per matching subscription), then claims the
 * deliveries due and tries each once. A failed try is tried again after a doubling backoff until
 * SUBSCRIPTION_ATTEMPTS tries were made (then FAILED); a delivered one is never sent again by
 * graphsync (a receiver may still see a try twice if its answer was lost: bodies carry eventId).
 * It runs in the API process in local mode and in every worker in queue mode: the claim (a lock
 * and a token in Neo4j) keeps two dispatchers from trying the same delivery at once. It never
 * touches a job: a delivery cannot block or fail a finalize.
 */
export class EventDispatcher {
  private readonly outbox: EventOutbox;
  private readonly now: () => number;

  constructor(private readonly deps: EventDispatcherDeps) {
    this.outbox = new EventOutbox(deps.graph);
    this.now = deps.now ?? Date.now;
  }

  /** One round: fans out, then tries what is due. How many tries it made. */
  async runOnce(): Promise<number> {
    await this.outbox.fanOut(ROUND_SIZE, this.now());
    const now = this.now();
    const claimed = await this.outbox.claim({
      limit: ROUND_SIZE,
      now,
      leaseUntil: now + this.deps.leaseMs,
    });
    await Promise.all(claimed.map((c) => this.attempt(c)));
    return claimed.length;
  }

  /** Rounds every SUBSCRIPTION_POLL_INTERVAL until stopped; `stop` waits for a round under way. */
  start(): { stop(): Promise<void> } {
    let stopped = false;
    let running: Promise<void> = Promise.resolve();
    const tick = (): void => {
      running = running.then(async () => {
        if (stopped) return;
        try {
          // A full round may leave more due: go on at once while there is work.
          while (!stopped && (await this.runOnce()) >= ROUND_SIZE);
        } catch (err) {
          this.deps.logger.warn({ err }, 'change-event dispatch round failed');
        }
      });
    };
    const timer = setInterval(tick, this.deps.config.pollMs);
    timer.unref();
    tick();
    return {
      stop: async () => {
        stopped = true;
        clearInterval(timer);
        await running;
      },
    };
  }

  private async attempt(c: ClaimedDelivery): Promise<void> {
    const target = JSON.parse(c.subscription.target) as SubscriptionTarget;
    const ref = { accountId: c.subscription.accountId, subscriptionId: c.subscription.id };
    const { attempts } = c.delivery;
    let outcome: { status: 'DELIVERED' | 'PENDING' | 'FAILED'; dueAt: number | null };
    let lastStatus: number | null = null;
    let lastError: string | null = null;
    try {
      const secret =
        c.subscription.secret === null
          ? undefined
          : this.deps.openSecret(ref, c.subscription.secret);
      const sent = await this.deps.sender.send({
        accountId: ref.accountId,
        target,
        body: eventBody(c.event),
        secret,
      });
      lastStatus = sent.status ?? null;
      outcome = { status: 'DELIVERED', dueAt: null };
    } catch (err) {
      lastStatus = err instanceof SendFailed ? (err.status ?? null) : null;
      lastError = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_CHARS);
      outcome =
        attempts >= this.deps.config.attempts
          ? { status: 'FAILED', dueAt: null }
          : { status: 'PENDING', dueAt: this.now() + this.backoff(attempts) };
    }
    countEventDelivery(target.kind, outcomeLabel(outcome.status));
    const recorded = await this.outbox.record({
      id: c.delivery.id,
      claim: c.claim,
      ...outcome,
      lastStatus,
      lastError,
      now: this.now(),
    });
    if (!recorded) {
      this.deps.logger.warn(
        { deliveryId: c.delivery.id, eventId: c.delivery.eventId },
        'change-event delivery outlived its claim; its outcome was not recorded',
      );
    }
  }

  /** The wait after the `attempts`-th failed try: doubling, capped. */
  private backoff(attempts: number): number {
    const { backoffMs, backoffMaxMs } = this.deps.config;
    return Math.min(backoffMaxMs, backoffMs * 2 ** Math.max(0, attempts - 1));
  }
}

function outcomeLabel(status: 'DELIVERED' | 'PENDING' | 'FAILED'): string {
  return status === 'DELIVERED' ? 'delivered' : status === 'PENDING' ? 'retry' : 'failed';
}
