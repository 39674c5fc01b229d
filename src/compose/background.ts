import type { Logger } from 'pino';
import { startAuditPruner } from '../audit/audit-pruner';
import { startScheduleReconciler } from '../rules/schedule/schedule-reconciler';
import type { Services } from './build-services';
import type { Background, QueueRuntime, Runtime } from './runtime';

/**
 * The API process's background work: the schedule brought in line with the stored rules at
 * start-up, the alert digest's schedule, the audit trail pruned of expired events and the change
 * history of expired changes and soft-deleted objects (at start-up, then hourly), and the
 * runtime's share (local mode: the reaper, the finalizations left pending, and the delivery of
 * change events to subscriptions, which the workers do in queue mode).
 */
export function startApiBackground(
  runtime: Runtime,
  services: Services,
  logger: Logger,
): Background {
  const own = runtime.startApiBackground(services.sync);
  const reconciler = startScheduleReconciler({
    schedule: services.schedule,
    scheduledRules: () => services.engine.rules.scheduledRules(),
    logger,
  });
  const pruner = startAuditPruner({ audit: services.audit, logger });
  // The same periodic prune, for the change history and soft-deleted objects (decision 0045).
  const purger = startAuditPruner({ audit: services.history, logger, what: 'history' });
  const events = runtime.kind === 'local' ? services.subscriptions.dispatcher.start() : undefined;
  const digests = runtime.startDigestSchedule(services.digests);
  return {
    stop: async () => {
      await digests.stop();
      await events?.stop();
      await own.stop();
      reconciler.stop();
      await pruner.stop();
      await purger.stop();
    },
  };
}

/**
 * A worker process's work (queue mode only): finalizations, the reconciler and the reaper; the
 * rule ticks through the engine's evaluations, and the healing of the schedule; the delivery of
 * change events to subscriptions.
 */
export function startWorkerBackground(runtime: QueueRuntime, services: Services): Background {
  const sync = runtime.startSyncWorkers(services.sync);
  const rules = runtime.startRuleWorkers({
    runner: services.engine.evaluations,
    schedule: services.schedule,
    scheduledRules: () => services.engine.rules.scheduledRules(),
    digests: services.digests,
  });
  const events = services.subscriptions.dispatcher.start();
  return {
    stop: async () => {
      await Promise.all([sync.stop(), rules.stop(), events.stop()]);
    },
  };
}
