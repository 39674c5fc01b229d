import type { Logger } from 'pino';
import type { RuleSchedule, ScheduledRule } from './rule-schedule';

/** How often a worker checks the rule schedulers unless told otherwise. */
export const SCHEDULE_HEAL_INTERVAL_MS = 30_000;

/**
 * Self-healing of queue mode's schedule, run by every `graphsync worker`: at start, then
 * `intervalMs` after each pass ends, the stored enabled rules whose scheduler Redis no longer has
 * (a restart without persistence, a failover to an empty replica) get it back, through the
 * schedule's reconcile with `missingOnly`: existing schedulers are not written (their next runs
 * stay), nothing is removed, and any number of workers may heal at once. The API's start-up
 * reconcile (schedule-reconciler.ts) stays the one that removes stale schedulers.
 *
 * A pass that fails (Redis or Neo4j unreachable) is logged and the next one tries again. Passes of
 * one healer never overlap; its timer never keeps the process alive.
 */
export function startScheduleHealer(opts: {
  schedule: RuleSchedule;
  scheduledRules: () => Promise<ScheduledRule[]>;
  logger: Logger;
  intervalMs?: number;
}): { stop(): void } {
  const intervalMs = opts.intervalMs ?? SCHEDULE_HEAL_INTERVAL_MS;
  if (!(intervalMs > 0)) throw new RangeError(`intervalMs must be positive, not ${intervalMs}`);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (): Promise<void> => {
    try {
      const rules = await opts.scheduledRules();
      if (!stopped) await opts.schedule.reconcile(rules, { missingOnly: true });
    } catch (err) {
      // After stop() the schedule may be closing under the pass: nothing to report.
      if (stopped) return;
      opts.logger.error(
        { err, retryInMs: intervalMs },
        'could not check the rule schedulers for lost ones; trying again',
      );
    }
  };

  const after = (delayMs: number) => {
    timer = setTimeout(() => {
      void pass().finally(() => {
        if (!stopped) after(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  after(0);

  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
