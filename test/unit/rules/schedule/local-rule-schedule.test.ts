import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { LocalRuleLock } from '../../../../src/rules/schedule/local-rule-lock';
import { openLocalRuleSchedule } from '../../../../src/rules/schedule/local-rule-schedule';
import type {
  RuleKey,
  RuleSchedule,
  ScheduledRunner,
} from '../../../../src/rules/schedule/rule-schedule';

const EVERY_MS = 100;

type Outcome = Awaited<ReturnType<ScheduledRunner['runScheduled']>>;

/** A runner that records each call and answers what `outcome` says. */
function recordingRunner(outcome: (key: RuleKey) => Outcome | Promise<Outcome> = () => 'ran') {
  const runs: Array<{ key: RuleKey; at: number }> = [];
  const runner: ScheduledRunner = {
    runScheduled: async (key) => {
      runs.push({ key, at: Date.now() });
      return outcome(key);
    },
  };
  const count = (key: RuleKey) => runs.filter((r) => r.key.ruleId === key.ruleId).length;
  return { runner, runs, count };
}

/** A real pino logger whose lines are kept for the test to read. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

const newRule = (): RuleKey => ({ accountId: `acct:${randomUUID()}`, ruleId: randomUUID() });

describe('local rule schedule (in-process timers)', () => {
  let schedules: RuleSchedule[];
  beforeEach(() => (schedules = []));
  afterEach(async () => {
    for (const s of schedules) await s.close();
  });

  function open(
    runner: ScheduledRunner,
    opts: { overrideMs?: number | null; concurrency?: number; logger?: pino.Logger } = {},
  ): RuleSchedule {
    const schedule = openLocalRuleSchedule({
      runner,
      logger: opts.logger ?? pino({ level: 'silent' }),
      overrideMs: opts.overrideMs === null ? undefined : (opts.overrideMs ?? EVERY_MS),
      concurrency: opts.concurrency ?? 4,
    });
    schedules.push(schedule);
    return schedule;
  }

  it('runs a rule at once and then every interval', async () => {
    const { runner, runs } = recordingRunner();
    const schedule = open(runner);
    const rule = newRule();
    const setAt = Date.now();

    await schedule.set({ ...rule, pollingInterval: 'ONE_DAY' });
    await sleep(EVERY_MS * 3.5);

    assert.equal(runs.length, 4, `${runs.length} runs`);
    assert.deepEqual(runs[0]!.key, rule);
    assert.ok(runs[0]!.at - setAt < EVERY_MS / 2, 'the first run was not immediate');
    const gaps = runs.slice(1).map((r, i) => r.at - runs[i]!.at);
    assert.ok(
      gaps.every((g) => g >= EVERY_MS - 5 && g < EVERY_MS * 1.5),
      gaps.join(', '),
    );
  });

  it('keeps the timer of a rule set again with its interval, and restarts it on a new one', async () => {
    const { runner, count } = recordingRunner();
    const schedule = open(runner, { overrideMs: null });
    const rule = newRule();

    await schedule.set({ ...rule, pollingInterval: 'ONE_HOUR' });
    await sleep(20);
    assert.equal(count(rule), 1);

    await schedule.set({ ...rule, pollingInterval: 'ONE_HOUR' });
    await sleep(20);
    assert.equal(count(rule), 1, 'set again with the same interval ran the rule');

    await schedule.set({ ...rule, pollingInterval: 'ONE_WEEK' });
    await sleep(20);
    assert.equal(count(rule), 2, 'a new interval did not restart the schedule');
  });

  it('stops a rule that is removed or set to DISABLED, and only that rule', async () => {
    const { runner, count } = recordingRunner();
    const schedule = open(runner);
    const [removed, disabled, kept] = [newRule(), newRule(), newRule()];
    for (const rule of [removed, disabled, kept]) {
      await schedule.set({ ...rule, pollingInterval: 'FOUR_HOURS' });
    }
    await sleep(EVERY_MS * 1.5);

    await schedule.remove(removed);
    await schedule.set({ ...disabled, pollingInterval: 'DISABLED' });
    await schedule.remove(newRule()); // unknown: nothing to do
    await sleep(EVERY_MS * 3);

    assert.equal(count(removed), 2);
    assert.equal(count(disabled), 2);
    assert.equal(count(kept), 5);
  });

  it('reconcile keeps listed rules as they run, starts missing ones and stops the rest', async () => {
    const { runner, count } = recordingRunner();
    const schedule = open(runner, { overrideMs: null });
    const [a, b, c, d] = [newRule(), newRule(), newRule(), newRule()];
    await schedule.set({ ...a, pollingInterval: 'ONE_DAY' });
    await schedule.set({ ...b, pollingInterval: 'ONE_DAY' });
    await schedule.set({ ...d, pollingInterval: 'ONE_DAY' });
    await sleep(20);

    await schedule.reconcile([
      { ...a, pollingInterval: 'ONE_DAY' },
      { ...c, pollingInterval: 'ONE_DAY' },
      { ...d, pollingInterval: 'DISABLED' },
    ]);
    await sleep(20);
    // a kept its timer (no second run), c started at once; b and d are gone.
    assert.deepEqual([a, b, c, d].map(count), [1, 1, 1, 1]);

    // With the override every rule ticks each EVERY_MS: only a and c go on.
    const { runner: fast, count: fastCount } = recordingRunner();
    const other = open(fast);
    await other.set({ ...b, pollingInterval: 'ONE_DAY' });
    await sleep(20);
    await other.reconcile([
      { ...a, pollingInterval: 'ONE_DAY' },
      { ...c, pollingInterval: 'ONE_DAY' },
    ]);
    await sleep(EVERY_MS * 2.5);
    assert.deepEqual([a, b, c].map(fastCount), [3, 1, 3]);
  });

  it("stops the timer of a rule the runner reports 'gone'", async () => {
    const gone = newRule();
    const { runner, count } = recordingRunner((key) =>
      key.ruleId === gone.ruleId ? 'gone' : 'ran',
    );
    const { logger, lines } = capturingLogger();
    const schedule = open(runner, { logger });
    const other = newRule();
    await schedule.set({ ...gone, pollingInterval: 'ONE_DAY' });
    await schedule.set({ ...other, pollingInterval: 'ONE_DAY' });
    await sleep(EVERY_MS * 2.5);

    assert.equal(count(gone), 1);
    assert.equal(count(other), 3);
    assert.ok(
      lines.some((l) => l.ruleId === gone.ruleId && /no longer exists/.test(String(l.msg))),
    );
  });

  it('logs a failed evaluation and runs the rule again next interval', async () => {
    const { runner, count } = recordingRunner(() => Promise.reject(new Error('Neo4j is down')));
    const { logger, lines } = capturingLogger();
    const schedule = open(runner, { logger });
    const rule = newRule();
    await schedule.set({ ...rule, pollingInterval: 'ONE_DAY' });
    await sleep(EVERY_MS * 2.5);

    assert.equal(count(rule), 3);
    const errors = lines.filter((l) => l.level === 50);
    assert.equal(errors.length, 3);
    assert.equal(errors[0]!.ruleId, rule.ruleId);
    assert.equal(errors[0]!.accountId, rule.accountId);
    assert.equal((errors[0]!.err as { message: string }).message, 'Neo4j is down');
  });

  it('runs at most `concurrency` evaluations at once, and keeps one waiting tick per rule', async () => {
    let running = 0;
    let most = 0;
    const { runner, count } = recordingRunner(async (): Promise<Outcome> => {
      running++;
      most = Math.max(most, running);
      await sleep(EVERY_MS * 2.5);
      running--;
      return 'ran';
    });
    const schedule = open(runner, { concurrency: 1 });
    const [a, b] = [newRule(), newRule()];
    await schedule.set({ ...a, pollingInterval: 'ONE_DAY' });
    await schedule.set({ ...b, pollingInterval: 'ONE_DAY' });
    await sleep(EVERY_MS * 5.5);

    assert.equal(most, 1);
    // a runs 0-250 ms, b 250-500 ms (its ticks while waiting were one), then a again.
    assert.deepEqual([count(a), count(b)], [2, 1]);
  });

  it('close() stops every timer, waits for running evaluations and ignores later calls', async () => {
    let finished = false;
    const { runner, count } = recordingRunner(async (): Promise<Outcome> => {
      await sleep(150);
      finished = true;
      return 'ran';
    });
    const schedule = open(runner);
    const rule = newRule();
    await schedule.set({ ...rule, pollingInterval: 'ONE_DAY' });
    await sleep(20);

    await schedule.close();
    assert.ok(finished, 'close() returned before the running evaluation finished');
    await schedule.set({ ...newRule(), pollingInterval: 'ONE_DAY' });
    await schedule.reconcile([{ ...rule, pollingInterval: 'ONE_DAY' }]);
    await sleep(EVERY_MS * 2);
    assert.equal(count(rule), 1);
  });

  it("never keeps the process alive: its timers are unref'd", async () => {
    const created: NodeJS.Timeout[] = [];
    const original = globalThis.setTimeout;
    const spy = (...args: Parameters<typeof setTimeout>) => {
      const timer = original(...args);
      created.push(timer);
      return timer;
    };
    globalThis.setTimeout = Object.assign(spy, original);
    try {
      const schedule = open(recordingRunner().runner);
      await schedule.set({ ...newRule(), pollingInterval: 'ONE_WEEK' });
      await sleep(EVERY_MS * 1.5);
    } finally {
      globalThis.setTimeout = original;
    }
    assert.ok(created.length >= 2, `${created.length} timers`);
    assert.ok(created.every((t) => !t.hasRef()));
  });
});

describe('local rule lock', () => {
  it('lets one evaluation of a rule run at a time, without blocking other rules', async () => {
    const lock = new LocalRuleLock();
    const rule = newRule();
    let release: () => void = () => undefined;
    const held = lock.withLock(rule, () => new Promise<string>((r) => (release = () => r('done'))));

    assert.deepEqual(await lock.withLock(rule, () => Promise.resolve('again')), { ran: false });
    assert.deepEqual(await lock.withLock(newRule(), () => Promise.resolve(1)), {
      ran: true,
      value: 1,
    });
    // Same rule id in another account, and an account id that a naive key would confuse.
    assert.deepEqual(
      await lock.withLock({ accountId: `${rule.accountId}:x`, ruleId: rule.ruleId }, () =>
        Promise.resolve(2),
      ),
      { ran: true, value: 2 },
    );

    release();
    assert.deepEqual(await held, { ran: true, value: 'done' });
    assert.deepEqual(await lock.withLock(rule, () => Promise.resolve('now')), {
      ran: true,
      value: 'now',
    });
  });

  it('releases the lock when the work throws, and passes the error on', async () => {
    const lock = new LocalRuleLock();
    const rule = newRule();
    await assert.rejects(
      lock.withLock(rule, () => Promise.reject(new Error('query failed'))),
      /query failed/,
    );
    assert.deepEqual(await lock.withLock(rule, () => Promise.resolve('ok')), {
      ran: true,
      value: 'ok',
    });
    await lock.close();
  });
});
