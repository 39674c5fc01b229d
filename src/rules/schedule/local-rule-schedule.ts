import type { Logger } from 'pino';
import type {
  ReconcileOptions,
  RuleKey,
  RuleSchedule,
  ScheduledRule,
  ScheduledRunner,
} from './rule-schedule';
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
export function openLocalRuleSchedule(opts: LocalScheduleOptions): RuleSchedule {
  const timers = new RuleTimers(opts);
  let closing: Promise<void> | undefined;
  return {
    set: (rule) => Promise.resolve(timers.set(rule)),
    remove: (key) => Promise.resolve(timers.clear(ruleSchedulerId(key))),
    reconcile: (rules, options = {}) => Promise.resolve(timers.reconcile(rules, options)),
    close: () => (closing ??= timers.close()),
  };
}

export interface LocalScheduleOptions {
  runner: ScheduledRunner;
  logger: Logger;
  /** config.rules.scheduleOverrideMs: every rule runs at this interval instead of its own. */
  overrideMs?: number;
  /** Evaluations run at once (config.queue.concurrency). */
  concurrency?: number;
  /** How long close() waits for running evaluations. */
  closeTimeoutMs?: number;
}

interface Entry {
  key: RuleKey;
  everyMs: number;
  timer: NodeJS.Timeout | undefined;
  /** A tick waits for a free slot. */
  waiting: boolean;
}

/** The timers, the ticks waiting for a slot and the evaluations running. */
class RuleTimers {
  private readonly concurrency: number;
  private readonly entries = new Map<string, Entry>();
  private readonly waiting: Entry[] = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly opts: LocalScheduleOptions) {
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
  }

  set(rule: ScheduledRule): void {
    if (this.closed) return;
    const id = ruleSchedulerId(rule);
    if (rule.pollingInterval === 'DISABLED') {
      this.clear(id);
      return;
    }
    const everyMs = ruleIntervalMs(rule.pollingInterval, this.opts.overrideMs);
    if (this.entries.get(id)?.everyMs === everyMs) return;
    this.clear(id);
    const entry: Entry = {
      key: { accountId: rule.accountId, ruleId: rule.ruleId },
      everyMs,
      timer: undefined,
      waiting: false,
    };
    this.entries.set(id, entry);
    entry.timer = setTimeout(() => this.fire(id, entry), 0).unref();
  }

  clear(id: string): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.entries.delete(id);
    if (entry.waiting) this.waiting.splice(this.waiting.indexOf(entry), 1);
  }

  reconcile(rules: ScheduledRule[], options: ReconcileOptions): void {
    if (this.closed) return;
    const wanted = new Set<string>();
    for (const rule of rules) {
      if (options.missingOnly === true && this.entries.has(ruleSchedulerId(rule))) continue;
      if (rule.pollingInterval !== 'DISABLED') wanted.add(ruleSchedulerId(rule));
      this.set(rule);
    }
    if (options.missingOnly === true) return;
    for (const id of [...this.entries.keys()]) if (!wanted.has(id)) this.clear(id);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    this.entries.clear();
    this.waiting.length = 0;
    if (this.running.size === 0) return;
    const timeoutMs = this.opts.closeTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const result = await Promise.race([Promise.all(this.running), timedOut]).finally(() =>
      clearTimeout(timer),
    );
    if (result === 'timeout') {
      this.opts.logger.warn(
        { timeoutMs },
        'rule evaluations still running at shutdown; left behind',
      );
    }
  }

  private fire(id: string, entry: Entry): void {
    if (this.closed || this.entries.get(id) !== entry) return;
    entry.timer = setTimeout(() => this.fire(id, entry), entry.everyMs).unref();
    if (entry.waiting) return; // the previous tick has not started yet: one is enough
    entry.waiting = true;
    this.waiting.push(entry);
    this.drain();
  }

  private drain(): void {
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const entry = this.waiting.shift()!;
      entry.waiting = false;
      const run: Promise<void> = this.tick(entry).finally(() => {
        this.running.delete(run);
        this.drain();
      });
      this.running.add(run);
    }
  }

  private async tick(entry: Entry): Promise<void> {
    const { key } = entry;
    const { runner, logger } = this.opts;
    try {
      const outcome = await runner.runScheduled(key);
      if (outcome === 'busy') {
        logger.debug({ ...key }, 'rule still being evaluated; this tick is skipped');
      } else if (outcome === 'gone') {
        const id = ruleSchedulerId(key);
        if (this.entries.get(id) === entry) this.clear(id);
        logger.info({ ...key }, 'rule no longer exists; its schedule is removed');
      }
    } catch (err) {
      logger.error({ err, ...key, reason: errorMessage(err) }, 'scheduled rule evaluation failed');
    }
  }
}
