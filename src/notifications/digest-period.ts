import type { DigestCadence } from '../accounts/digest-settings';

/** A digest's period: `from` inclusive, `to` exclusive (epoch ms). */
export interface DigestPeriod {
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday after the epoch (a Thursday): weeks are counted from it. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

/**
 * The last completed period before `now`: a UTC calendar day (DAILY) or a Monday-to-Monday UTC
 * week (WEEKLY). With `overrideMs` (DIGEST_PERIOD_OVERRIDE, tests only) every period is that
 * long, aligned to its multiples since the epoch, whatever the frequency.
 */
export function periodBefore(
  frequency: DigestCadence,
  now: number,
  overrideMs?: number,
): DigestPeriod {
  if (overrideMs !== undefined) return lastCompleted(now, overrideMs, 0);
  return frequency === 'DAILY'
    ? lastCompleted(now, DAY_MS, 0)
    : lastCompleted(now, WEEK_MS, FIRST_MONDAY_MS);
}

function lastCompleted(now: number, length: number, origin: number): DigestPeriod {
  const to = Math.floor((now - origin) / length) * length + origin;
  return { from: to - length, to };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The period as a subject names it: `29 Nov 2026` for a day, `23 Nov to 30 Nov 2026` for a week
 * (its end is the next Monday), else both times (`... UTC to ... UTC`).
 */
export function periodText(period: DigestPeriod, timeText: (ms: number) => string): string {
  const length = period.to - period.from;
  const day = (ms: number, year: boolean) => {
    const d = new Date(ms);
    const text = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
    return year ? `${text} ${d.getUTCFullYear()}` : text;
  };
  if (length === DAY_MS && period.from % DAY_MS === 0) return day(period.from, true);
  if (length === WEEK_MS && (period.from - FIRST_MONDAY_MS) % WEEK_MS === 0) {
    const sameYear =
      new Date(period.from).getUTCFullYear() === new Date(period.to).getUTCFullYear();
    return `${day(period.from, !sameYear)} to ${day(period.to, true)}`;
  }
  return `${timeText(period.from)} to ${timeText(period.to)}`;
}
