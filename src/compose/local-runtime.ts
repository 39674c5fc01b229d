import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { memoryRateLimiters } from '../http/rate-limits';
import { LocalRuleLock } from '../rules/schedule/local-rule-lock';
import { openLocalRuleSchedule } from '../rules/schedule/local-rule-schedule';
import { resumePendingFinalizations, startSyncReaper } from '../sync/jobs/create-sync-jobs';
import { inProcessDispatcher } from '../sync/finalize/finalize-dispatch';
import { localFinalizeOwner } from '../sync/finalize/finalize-owner';
import { startDigestTimer } from './digests';
import type { LocalRuntime } from './runtime';

/**
 * The local runtime (no REDIS_URL): the API is the only process, so everything runs in it and
 * needs nothing opened: finalizations in-process, timers for the rules (at most
 * `config.queue.concurrency` evaluations at once), an in-process rule lock.
 */
export function openLocalRuntime(config: Config, logger: Logger): LocalRuntime {
  const ruleLock = new LocalRuleLock();
  return {
    kind: 'local',
    ruleLock,
    dispatcher: (finalizer) =>
      inProcessDispatcher({
        finalizer,
        logger,
        attempts: config.queue.finalizeAttempts,
        owner: localFinalizeOwner(config.dataDir),
      }),
    rateLimiters: memoryRateLimiters,
    pingRedis: undefined,
    openRuleSchedule: (runner) =>
      openLocalRuleSchedule({
        runner,
        logger,
        overrideMs: config.rules.scheduleOverrideMs,
        concurrency: config.queue.concurrency,
      }),
    startApiBackground: (sync) => {
      const reaper = startSyncReaper(sync, config, logger);
      // The finalizations this process was running when it stopped are finished now.
      resumePendingFinalizations(sync, logger);
      return { stop: () => Promise.resolve(reaper.stop()) };
    },
    startDigestSchedule: (runner) =>
      startDigestTimer({ runner, tickMs: config.digest.tickMs, logger }),
    close: () => ruleLock.close(),
  };
}
