import { z } from 'zod';
import { blankAsUnset, duration } from './schema-parts';

/**
 * The settings of the alert digest (docs/guide/notifications.md, "Digest"): how often the
 * scheduler looks for digests that are due, and, for tests and demos only, a period length that
 * replaces the calendar day and week.
 */
export const digestSchema = {
  DIGEST_TICK: duration
    .refine((ms) => ms >= 100 && ms <= 86_400_000, 'must be from 100ms to 24h')
    .prefault('15m'),
  DIGEST_PERIOD_OVERRIDE: z.preprocess(
    blankAsUnset,
    duration.refine((ms) => ms >= 1000, 'must be at least 1s').optional(),
  ),
};

type DigestEnv = z.infer<z.ZodObject<typeof digestSchema>>;

export interface DigestConfig {
  /** How often the scheduler checks for digests due (ms). */
  readonly tickMs: number;
  /**
   * Every digest period is this long (ms), aligned to multiples of it since the epoch, instead
   * of a UTC day (DAILY) or a Monday-to-Monday UTC week (WEEKLY). Tests and demos only.
   */
  readonly periodOverrideMs: number | undefined;
}

export function digestConfig(e: DigestEnv): DigestConfig {
  return { tickMs: e.DIGEST_TICK, periodOverrideMs: e.DIGEST_PERIOD_OVERRIDE };
}
