import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { openLocalRuleSchedule } from '../../../../src/rules/schedule/local-rule-schedule';
import type {
  ReconcileOptions,
  RuleKey,
  RuleSchedule,
  ScheduledRule,
} from '../../../../src/rules/schedule/rule-schedule';
import { startScheduleHealer } from '../../../../src/rules/schedule/schedule-healer';

const silent = pino({ level: 'silent' });
const newRule = (): RuleKey => ({ accountId: `acct-${randomUUID()}`, ruleId: randomUUID() });

describe('rule schedule healer (periodic missing-only reconcile)', () => {
  it('reconciles missing-only at once and every interval, one pass at a time, through failures, until stopped', async () => {
    const calls: Array<{ rules: ScheduledRule[]; options: ReconcileOptions | undefined }> = [];
    let running = 0;
    let overlapped = false;
    const schedule: RuleSchedule = {
      set: () => Promise.resolve(),
      remove: () => Promise.resolve(),
      close: () => Promise.resolve(),
      reconcile: async (rules, options) => {
        overlapped ||= running > 0;
        running++;
        calls.push({ rules, options });
        await sleep(30); // a slow pass: longer than the interval
        running--;
        if (calls.length === 2) throw new Error('Redis is down');
      },
    };
    const rule: ScheduledRule = { ...newRule(), pollingInterval: 'ONE_DAY' };
    const errors: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => errors.push(line) });
    const healer = startScheduleHealer({
      schedule,
      scheduledRules: () => Promise.resolve([rule]),
      logger,
      intervalMs: 10,
    });
    await sleep(5);
    assert.equal(calls.length, 1, 'no pass at start');
    await sleep(150);
    healer.stop();
    const passes = calls.length;
    assert.ok(passes >= 3, `${passes} passes`);
    assert.equal(overlapped, false);
    assert.ok(calls.every((c) => c.options?.missingOnly === true && c.rules[0] === rule));
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /could not check the rule schedulers for lost ones/);
    await sleep(60);
    assert.equal(calls.length, passes, 'passes after stop()');
  });

  it('local schedule: missing-only starts rules without a timer, keeps existing ones as they are, stops none', async () => {
    const runs: RuleKey[] = [];
    const schedule = openLocalRuleSchedule({
      runner: {
        runScheduled: (key) => {
          runs.push(key);
          return Promise.resolve('ran');
        },
      },
      logger: silent,
    });
    try {
      const [kept, other, added] = [newRule(), newRule(), newRule()];
      await schedule.set({ ...kept, pollingInterval: 'ONE_DAY' });
      await schedule.set({ ...other, pollingInterval: 'ONE_DAY' });
      await sleep(20);

      await schedule.reconcile(
        [
          { ...kept, pollingInterval: 'ONE_HOUR' },
          { ...added, pollingInterval: 'ONE_DAY' },
        ],
        { missingOnly: true },
      );
      await sleep(20);
      // kept was not restarted (its interval change is not missing-only's), added started at once.
      const count = (k: RuleKey) => runs.filter((r) => r.ruleId === k.ruleId).length;
      assert.deepEqual([kept, other, added].map(count), [1, 1, 1]);

      // `other`, not listed, keeps its timer: set() with its interval is then a no-op (had it been
      // removed, set() would make a new schedule that runs at once).
      await schedule.reconcile([{ ...kept, pollingInterval: 'ONE_DAY' }], { missingOnly: true });
      await schedule.set({ ...other, pollingInterval: 'ONE_DAY' });
      await sleep(20);
      assert.equal(count(other), 1, 'missing-only removed a schedule');
    } finally {
      await schedule.close();
    }
  });
});
