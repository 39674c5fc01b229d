import { z } from 'zod';
import { blankAsUnset, duration } from './schema-parts';

/**
 * The settings of change-event delivery to subscriptions (docs/guide/change-events.md): how often
 * the dispatcher looks for events and due deliveries, how many tries a delivery gets, and the
 * first wait between tries (doubling, capped at SUBSCRIPTION_BACKOFF_MAX).
 */
export const subscriptionSchema = {
  SUBSCRIPTION_POLL_INTERVAL: duration
    .refine((ms) => ms >= 10, 'must be at least 10ms')
    .prefault('1s'),
  SUBSCRIPTION_ATTEMPTS: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(1, 'must be at least 1').max(50, 'must be at most 50').default(10),
  ),
  SUBSCRIPTION_BACKOFF: duration.prefault('5s'),
  SUBSCRIPTION_BACKOFF_MAX: duration.prefault('1h'),
};

type SubscriptionEnv = z.infer<z.ZodObject<typeof subscriptionSchema>>;

export interface SubscriptionConfig {
  /** How often each dispatcher fans out new events and claims due deliveries (ms). */
  readonly pollMs: number;
  /** Tries of one delivery before it is given up (FAILED). */
  readonly attempts: number;
  /** Wait before the second try (ms); doubling after each further failure. */
  readonly backoffMs: number;
  /** The longest wait between two tries (ms). */
  readonly backoffMaxMs: number;
}

export function subscriptionConfig(e: SubscriptionEnv): SubscriptionConfig {
  return {
    pollMs: e.SUBSCRIPTION_POLL_INTERVAL,
    attempts: e.SUBSCRIPTION_ATTEMPTS,
    backoffMs: e.SUBSCRIPTION_BACKOFF,
    backoffMaxMs: e.SUBSCRIPTION_BACKOFF_MAX,
  };
}
