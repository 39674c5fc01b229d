import type { Logger } from 'pino';

/** How often an API process prunes the audit trail (besides once at start-up). */
export const AUDIT_PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Prunes the audit trail (events older than AUDIT_RETENTION_DAYS) at start-up and every
 * interval, in the API process's background. Several API processes may prune at once: deleting
 * an event twice is nothing. `stop` waits for a prune under way.
 */
export function startAuditPruner(deps: {
  audit: { prune(): Promise<number> };
  logger: Logger;
  intervalMs?: number;
  /** What is pruned, for the log (the change history reuses this loop): `audit` by default. */
  what?: 'audit' | 'history';
}): { stop(): Promise<void> } {
  const what = deps.what ?? 'audit';
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = (): void => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const pruned = await deps.audit.prune();
        if (pruned > 0) deps.logger.info({ pruned, what }, `pruned expired ${what} records`);
      } catch (err) {
        deps.logger.warn({ err, what }, `${what} prune failed`);
      }
    });
  };
  const timer = setInterval(tick, deps.intervalMs ?? AUDIT_PRUNE_INTERVAL_MS);
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
