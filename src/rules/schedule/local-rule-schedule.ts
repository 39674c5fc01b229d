import type { Logger } from 'pino';
import type { RuleKey, RuleSchedule, ScheduledRule, ScheduledRunner } from './rule-schedule';
import { errorMessage, ruleIntervalMs, ruleSchedulerId } from './rule-schedule-shared';

/**
 * Local mode's schedule (no Redis; the API is the only process): one timer per enabled rule, with
 * the queue mode's semantics (src/queue/rule-schedule-queue.ts):
 *
 * - set() of a new rule, or with a changed interval, runs the rule at once and then every
 *   interval; set() with the interval the rule already has keeps its timer; DISABLED removes it.
 * - A tick calls `runner.runScheduled`; its errors are logged (the next interval runs again);
 *   `gone` removes the rule's timer.
 * - At most `concurrency` evaluations run at once (like one worker process); a tick that finds
 *   every slot taken waits for one, and a rule has at most one tick waiting.
 *
 * Timers are unref'd: they never keep the process alive. Nothing is kept across restarts, so
 * reconcile() at start-up runs every enabled rule once, then every interval.
 */
export function openLocalRuleSchedule(opts: {
  runner: ScheduledRunner;
  logger: Logger;
  /** config.rules.scheduleOverrideMs: every rule runs at this interval instead of its own. */
  overrideMs?: number;
  /** Evaluations run at once (config.queue.concurrency). */
  concurrency?: number;
  /** How long close() waits for running evaluations. */
  closeTimeoutMs?: number;
}): RuleSchedule {
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  interface Entry {
    key: RuleKey;
    everyMs: number;
    timer: NodeJS.Timeout | undefined;
    /** A tick waits for a free slot. */
    waiting: boolean;
  }
  const entries = new Map<string, Entry>();
  const waiting: Entry[] = [];
  const running = new Set<Promise<void>>();
  let closed = false;

  const clear = (id: string) => {
    const entry = entries.get(id);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    entries.delete(id);
    if (entry.waiting) waiting.splice(waiting.indexOf(entry), 1);
  };

  const fire = (id: string, entry: Entry) => {
    if (closed || entries.get(id) !== entry) return;
    entry.timer = setTimeout(() => fire(id, entry), entry.everyMs).unref();
    if (entry.waiting) return; // the previous tick has not started yet: one is enough
    entry.waiting = true;
    waiting.push(entry);
    drain();
  };

  const drain = () => {
    while (!closed && running.size < concurrency && waiting.length > 0) {
      const entry = waiting.shift()!;
      entry.waiting = false;
      const run: Promise<void> = tick(entry).finally(() => {
        running.delete(run);
        drain();
      });
      running.add(run);
    }
  };

  const tick = async (entry: Entry) => {
    const { key } = entry;
    try {
      const outcome = await opts.runner.runScheduled(key);
      if (outcome === 'busy') {
        opts.logger.debug({ ...key }, 'rule still being evaluated; this tick is skipped');
      } else if (outcome === 'gone') {
        const id = ruleSchedulerId(key);
        if (entries.get(id) === entry) clear(id);
        opts.logger.info({ ...key }, 'rule no longer exists; its schedule is removed');
      }
    } catch (err) {
      opts.logger.error(
        { err, ...key, reason: errorMessage(err) },
        'scheduled rule evaluation failed',
      );
    }
  };

  const set = (rule: ScheduledRule): void => {
    if (closed) return;
    const id = ruleSchedulerId(rule);
    if (rule.pollingInterval === 'DISABLED') {
      clear(id);
      return;
    }
    const everyMs = ruleIntervalMs(rule.pollingInterval, opts.overrideMs);
    if (entries.get(id)?.everyMs === everyMs) return;
    clear(id);
    const entry: Entry = {
      key: { accountId: rule.accountId, ruleId: rule.ruleId },
      everyMs,
      timer: undefined,
      waiting: false,
    };
    entries.set(id, entry);
    entry.timer = setTimeout(() => fire(id, entry), 0).unref();
  };

  const close = async () => {
    closed = true;
    for (const entry of entries.values()) clearTimeout(entry.timer);
    entries.clear();
    waiting.length = 0;
    if (running.size === 0) return;
    const timeoutMs = opts.closeTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const result = await Promise.race([Promise.all(running), timedOut]).finally(() =>
      clearTimeout(timer),
    );
    if (result === 'timeout') {
      opts.logger.warn({ timeoutMs }, 'rule evaluations still running at shutdown; left behind');
    }
  };

  let closing: Promise<void> | undefined;
  return {
    set: (rule) => Promise.resolve(set(rule)),
    remove: (key) => Promise.resolve(clear(ruleSchedulerId(key))),
    reconcile: (rules, options = {}) => {
      if (closed) return Promise.resolve();
      const wanted = new Set<string>();
      for (const rule of rules) {
        if (options.missingOnly === true && entries.has(ruleSchedulerId(rule))) continue;
        if (rule.pollingInterval !== 'DISABLED') wanted.add(ruleSchedulerId(rule));
        set(rule);
      }
      if (options.missingOnly === true) return Promise.resolve();
      for (const id of [...entries.keys()]) if (!wanted.has(id)) clear(id);
      return Promise.resolve();
    },
    close: () => (closing ??= close()),
  };
}
