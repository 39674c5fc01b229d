import type { PollingInterval } from '../rule-types';

/** A rule's place in the schedule. */
export interface ScheduledRule {
  accountId: string;
  ruleId: string;
  pollingInterval: PollingInterval;
}

export interface RuleKey {
  accountId: string;
  ruleId: string;
}

/**
 * Runs rules on their polling interval: once per interval per rule across every process (one
 * BullMQ job scheduler per rule in queue mode; in-process timers in local mode).
 */
export interface RuleSchedule {
  /** Starts or replaces the rule's schedule; DISABLED removes it. */
  set(rule: ScheduledRule): Promise<void>;
  remove(key: RuleKey): Promise<void>;
  /**
   * At start-up: exactly these rules are scheduled afterwards (others' schedules removed).
   * With `missingOnly` (the workers' periodic healing): only the enabled rules without a schedule
   * get one; see ReconcileOptions.
   */
  reconcile(rules: ScheduledRule[], options?: ReconcileOptions): Promise<void>;
  close(): Promise<void>;
}

export interface ReconcileOptions {
  /**
   * Adds the schedules of the enabled rules that have none (they run at once, then every
   * interval) and does nothing else: an existing schedule is not written again, even with another
   * interval, so its next run stays; none is removed. Running it from many processes at once is
   * safe: it can never stop a rule or move its runs, and concurrent adds of one rule make one
   * schedule. A deleted or DISABLED rule's leftover schedule removes itself at its next tick
   * (`gone`). One race remains: a missing rule whose interval is changed while the pass runs may
   * be added with the interval read, after the API set the new one; the rule's next save or the
   * API's start-up reconcile corrects it.
   */
  missingOnly?: boolean;
}

/** What a schedule tick calls: evaluate the stored rule now. */
export interface ScheduledRunner {
  /**
   * `ran`: an evaluation was recorded; `busy`: an evaluation of this rule was already running
   * (this tick is skipped); `gone`: the rule no longer exists (the schedule removes itself).
   */
  runScheduled(key: RuleKey): Promise<'ran' | 'busy' | 'gone'>;
}

/**
 * Keeps evaluations of one rule from overlapping, across processes in queue mode (a Redis lock)
 * and within the process in local mode.
 */
export interface RuleLock {
  /** Runs `work` holding the rule's lock; `{ ran: false }` at once when another holder has it. */
  withLock<T>(
    key: RuleKey,
    work: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

/** Milliseconds of each polling interval (DISABLED: never). */
export const POLLING_INTERVAL_MS: Record<Exclude<PollingInterval, 'DISABLED'>, number> = {
  THIRTY_MINUTES: 30 * 60_000,
  ONE_HOUR: 60 * 60_000,
  FOUR_HOURS: 4 * 60 * 60_000,
  EIGHT_HOURS: 8 * 60 * 60_000,
  TWELVE_HOURS: 12 * 60 * 60_000,
  ONE_DAY: 24 * 60 * 60_000,
  ONE_WEEK: 7 * 24 * 60 * 60_000,
};
