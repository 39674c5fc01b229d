import type { Logger } from 'pino';
import type { RuleSchedule, ScheduledRule } from './rule-schedule';

/** How long a failed reconcile waits before trying again (Redis down at start-up). */
export const RECONCILE_RETRY_MS = 30_000;

/**
 * Brings the schedule in line with the stored rules at start-up, in the background: the API serves
 * while Redis is down (readiness says so), and the reconcile is tried again every `retryMs` until
 * it succeeds. Rules saved meanwhile tell the schedule themselves.
 */
export function startScheduleReconciler(opts: {
  schedule: RuleSchedule;
  scheduledRules: () => Promise<ScheduledRule[]>;
  logger: Logger;
  retryMs?: number;
}): { done: Promise<void>; stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async (): Promise<void> => {
    try {
      const rules = await opts.scheduledRules();
      await opts.schedule.reconcile(rules);
      opts.logger.info({ rules: rules.length }, 'rule schedule reconciled');
    } catch (err) {
      if (stopped) return;
      opts.logger.error({ err }, 'could not reconcile the rule schedule; trying again');
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, opts.retryMs ?? RECONCILE_RETRY_MS);
        timer.unref();
      });
      if (!stopped) await attempt();
    }
  };
  return {
    done: attempt(),
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
