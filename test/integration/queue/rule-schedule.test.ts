import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadConfig } from '../../../src/config/config';
import { UnavailableError } from '../../../src/errors/app-error';
import { openQueueRuleSchedule } from '../../../src/queue/rule-schedule-queue';
import { openRedisRuleLock, ruleLockKey } from '../../../src/queue/redis-rule-lock';
import { startRuleEvaluationQueueWorker } from '../../../src/queue/rule-evaluation-worker';
import {
  POLLING_INTERVAL_MS,
  type RuleKey,
  type RuleLock,
  type RuleSchedule,
  type ScheduledRunner,
} from '../../../src/rules/schedule/rule-schedule';
import { openRuntime, runtimeFromConfig } from '../../../src/compose/open-runtime';
import { chooseWorkerRuntime } from '../../../src/compose/runtime-choice';
import { redisUrl, silentLogger } from '../../helpers/harness';

/** Every key this file writes starts with it; all are deleted at the end. */
const PREFIX = `test-sched-${randomUUID()}`;
const EVERY_MS = 300;

type Outcome = Awaited<ReturnType<ScheduledRunner['runScheduled']>>;

/** A runner that records each call (time and rule) and answers what `outcome` says. */
function recordingRunner(outcome: (key: RuleKey) => Outcome | Promise<Outcome> = () => 'ran') {
  const runs: Array<{ key: RuleKey; at: number }> = [];
  const runner: ScheduledRunner = {
    runScheduled: async (key) => {
      runs.push({ key, at: Date.now() });
      return outcome(key);
    },
  };
  const of = (key: RuleKey) => runs.filter((r) => r.key.ruleId === key.ruleId);
  return { runner, runs, of };
}

const newRule = (): RuleKey => ({ accountId: `acct-${randomUUID()}`, ruleId: randomUUID() });

// Waits are generous (a busy 2-core machine is slow to run BullMQ ticks); the assertions after
// them, not the deadline, say what must hold.
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting: ${what}`);
    await sleep(25);
  }
}

after(async () => {
  const redis = new Redis(redisUrl());
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
});

describe('queue-mode rule schedule (BullMQ job schedulers, real Redis)', function () {
  let queueName: string;
  let cleanups: Array<() => Promise<void>>;

  beforeEach(() => {
    queueName = `rule-evaluation-${randomUUID()}`;
    cleanups = [];
  });

  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    const admin = new Queue(queueName, { connection: { url: redisUrl() }, prefix: PREFIX });
    await admin.obliterate({ force: true });
    await admin.close();
  });

  /** A plain BullMQ handle on the test's queue, to look at its schedulers and jobs. */
  function adminQueue(): Queue {
    const admin = new Queue(queueName, { connection: { url: redisUrl() }, prefix: PREFIX });
    cleanups.push(() => admin.close());
    return admin;
  }

  /** The schedule under test; every rule runs each EVERY_MS unless `override` is false. */
  function openSchedule({ override = true } = {}): RuleSchedule {
    const schedule = openQueueRuleSchedule({
      redisUrl: redisUrl(),
      prefix: PREFIX,
      overrideMs: override ? EVERY_MS : undefined,
      queueName,
    });
    cleanups.push(() => schedule.close());
    return schedule;
  }

  function startWorker(runner: ScheduledRunner, concurrency = 1) {
    const worker = startRuleEvaluationQueueWorker({
      redisUrl: redisUrl(),
      prefix: PREFIX,
      queueName,
      concurrency,
      lockDurationMs: 5000,
      closeTimeoutMs: 2000,
      runner,
      logger: silentLogger,
    });
    cleanups.push(() => worker.close());
    return worker;
  }

  async function schedulerIds(admin: Queue): Promise<string[]> {
    return (await admin.getJobSchedulers()).map((s) => s.key).sort();
  }

  it('has a worker run a scheduled rule at once and then every interval', async () => {
    const admin = adminQueue();
    const schedule = openSchedule();
    const { runner, of } = recordingRunner();
    startWorker(runner);
    const rule = newRule();

    const setAt = Date.now();
    await schedule.set({ ...rule, pollingInterval: 'ONE_DAY' });
    await waitFor('four runs', () => of(rule).length >= 4);

    const runs = of(rule);
    assert.deepEqual(runs[0]!.key, rule);
    assert.ok(runs[0]!.at - setAt < EVERY_MS, 'the first run was not immediate');
    for (let i = 1; i < runs.length; i++) {
      const gap = runs[i]!.at - runs[i - 1]!.at;
      assert.ok(gap > EVERY_MS / 2 && gap < EVERY_MS * 2, `runs ${gap} ms apart`);
    }
    const [scheduler] = await admin.getJobSchedulers();
    assert.equal(scheduler?.key, `rule:${rule.accountId}:${rule.ruleId}`);
    assert.equal(scheduler?.every, EVERY_MS);
    assert.equal(scheduler?.name, 'evaluate-rule');
    assert.deepEqual(scheduler?.template?.data, rule);
  });

  it('runs each tick once in total however many workers share the queue', async () => {
    const { runner, of } = recordingRunner();
    startWorker(runner, 2);
    startWorker(runner, 2);
    const schedule = openSchedule();
    const rule = newRule();

    await schedule.set({ ...rule, pollingInterval: 'ONE_HOUR' });
    await sleep(2000);
    await schedule.remove(rule);

    // Ticks at 0, 300, ..., 1800 ms: about 7 (twice that if both workers ran every tick).
    const runs = of(rule);
    assert.ok(runs.length >= 5 && runs.length <= 9, `${runs.length} runs in 2 s`);
    const gaps = runs.slice(1).map((r, i) => r.at - runs[i]!.at);
    assert.ok(
      gaps.every((g) => g > EVERY_MS / 2),
      `two runs of one tick: ${gaps.join(', ')} ms apart`,
    );
  });

  it('uses the polling interval without the override, keeps the next run when set again with it, and restarts on a new one', async () => {
    const admin = adminQueue();
    const schedule = openSchedule({ override: false });
    const rule = newRule();

    await schedule.set({ ...rule, pollingInterval: 'ONE_HOUR' });
    const first = await admin.getJobScheduler(`rule:${rule.accountId}:${rule.ruleId}`);
    assert.equal(first?.every, POLLING_INTERVAL_MS.ONE_HOUR);
    await sleep(20);

    await schedule.set({ ...rule, pollingInterval: 'ONE_HOUR' });
    const again = await admin.getJobScheduler(`rule:${rule.accountId}:${rule.ruleId}`);
    assert.equal(again?.next, first?.next);

    await schedule.set({ ...rule, pollingInterval: 'ONE_WEEK' });
    const changed = await admin.getJobScheduler(`rule:${rule.accountId}:${rule.ruleId}`);
    assert.equal(changed?.every, POLLING_INTERVAL_MS.ONE_WEEK);
    assert.equal((await admin.getJobSchedulers()).length, 1);
  });

  it('stops a rule set to DISABLED and a removed rule', async () => {
    const admin = adminQueue();
    const schedule = openSchedule();
    const { runner, of } = recordingRunner();
    startWorker(runner, 2);
    const disabled = newRule();
    const removed = newRule();
    const kept = newRule();
    for (const rule of [disabled, removed, kept]) {
      await schedule.set({ ...rule, pollingInterval: 'FOUR_HOURS' });
    }
    await waitFor('two runs of each', () =>
      [disabled, removed, kept].every((r) => of(r).length >= 2),
    );

    await schedule.set({ ...disabled, pollingInterval: 'DISABLED' });
    await schedule.remove(removed);
    await schedule.remove(newRule()); // an unknown rule: nothing to do
    assert.deepEqual(await schedulerIds(admin), [`rule:${kept.accountId}:${kept.ruleId}`]);

    await sleep(100); // a tick already running when the schedule was removed
    const before = { disabled: of(disabled).length, removed: of(removed).length };
    const keptBefore = of(kept).length;
    await sleep(3 * EVERY_MS);
    assert.deepEqual({ disabled: of(disabled).length, removed: of(removed).length }, before);
    assert.ok(of(kept).length >= keptBefore + 2, 'the other rule stopped too');
  });

  it('reconcile schedules exactly the given enabled rules and leaves other schedulers alone', async () => {
    const admin = adminQueue();
    const schedule = openSchedule({ override: false });
    const [a, b, c, d] = [newRule(), newRule(), newRule(), newRule()];
    await schedule.set({ ...a, pollingInterval: 'ONE_DAY' });
    await schedule.set({ ...b, pollingInterval: 'ONE_DAY' });
    await schedule.set({ ...d, pollingInterval: 'ONE_DAY' });
    await admin.upsertJobScheduler('not-a-rule', { every: 60_000 }, { name: 'other' });
    const aBefore = await admin.getJobScheduler(`rule:${a.accountId}:${a.ruleId}`);

    await schedule.reconcile([
      { ...a, pollingInterval: 'ONE_DAY' },
      { ...c, pollingInterval: 'TWELVE_HOURS' },
      { ...d, pollingInterval: 'DISABLED' },
    ]);

    const id = (k: RuleKey) => `rule:${k.accountId}:${k.ruleId}`;
    assert.deepEqual(await schedulerIds(admin), [id(a), id(c), 'not-a-rule'].sort());
    assert.equal((await admin.getJobScheduler(id(a)))?.next, aBefore?.next, 'a was rescheduled');
    assert.equal((await admin.getJobScheduler(id(c)))?.every, POLLING_INTERVAL_MS.TWELVE_HOURS);

    await schedule.reconcile([]);
    assert.deepEqual(await schedulerIds(admin), ['not-a-rule']);
  });

  it("removes the scheduler of a rule the runner reports 'gone'", async () => {
    const admin = adminQueue();
    const schedule = openSchedule();
    const gone = newRule();
    const { runner, of } = recordingRunner((key) => (key.ruleId === gone.ruleId ? 'gone' : 'ran'));
    startWorker(runner);
    const other = newRule();
    await schedule.set({ ...gone, pollingInterval: 'ONE_DAY' });
    await schedule.set({ ...other, pollingInterval: 'ONE_DAY' });

    await waitFor('the rule to run', () => of(gone).length >= 1);
    await waitFor('its scheduler to go', async () => (await schedulerIds(admin)).length === 1);
    assert.deepEqual(await schedulerIds(admin), [`rule:${other.accountId}:${other.ruleId}`]);
    await sleep(3 * EVERY_MS);
    assert.equal(of(gone).length, 1);
    assert.ok(of(other).length >= 3);
  });

  it('fails the job of an evaluation that throws, without retrying, and runs again next interval', async () => {
    const admin = adminQueue();
    const schedule = openSchedule();
    const { runner, runs } = recordingRunner(() => {
      throw new Error('Neo4j is down');
    });
    startWorker(runner);
    const rule = newRule();
    await schedule.set({ ...rule, pollingInterval: 'ONE_DAY' });

    await waitFor('three runs', () => runs.length >= 3);
    await waitFor('three failed jobs', async () => (await admin.getFailedCount()) >= 3);
    const failed = await admin.getFailed();
    assert.ok(failed.every((j) => j.attemptsMade === 1 && j.failedReason === 'Neo4j is down'));
    assert.equal(await admin.getCompletedCount(), 0);
  });

  it('rejects set and remove with UnavailableError when Redis cannot be reached', async () => {
    const schedule = openQueueRuleSchedule({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: PREFIX,
      queueName,
      timeoutMs: 300,
    });
    cleanups.push(() => schedule.close());
    const rule = newRule();
    const unavailable = (message: RegExp) => (err: unknown) =>
      err instanceof UnavailableError && err.retryable && message.test(err.message);
    await assert.rejects(
      schedule.set({ ...rule, pollingInterval: 'ONE_DAY' }),
      unavailable(/^The schedule of rule '.+' could not be saved: Redis is unavailable$/),
    );
    await assert.rejects(
      schedule.remove(rule),
      unavailable(/^The schedule of rule '.+' could not be removed: Redis is unavailable$/),
    );
    await assert.rejects(
      schedule.reconcile([{ ...rule, pollingInterval: 'ONE_DAY' }]),
      unavailable(/^The rule schedules could not be restored: Redis is unavailable$/),
    );
  });
});

describe('Redis rule lock (real Redis)', function () {
  let cleanups: Array<() => Promise<void>>;
  beforeEach(() => (cleanups = []));
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  function openLock(ttlMs = 5000): RuleLock {
    const lock = openRedisRuleLock({ redisUrl: redisUrl(), prefix: PREFIX, ttlMs });
    cleanups.push(() => lock.close());
    return lock;
  }

  function redis(): Redis {
    const client = new Redis(redisUrl());
    cleanups.push(() => client.quit().then(() => undefined));
    return client;
  }

  /** Holds `lock` on `key` until the returned release() is called. */
  async function hold(lock: RuleLock, key: RuleKey) {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const result = lock.withLock(key, async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return 'done';
    });
    await running;
    return { release: () => release(), result };
  }

  it('lets one holder at a time run a rule, across lock instances, and not block other rules', async () => {
    const [first, second] = [openLock(), openLock()];
    const rule = newRule();
    const held = await hold(first, rule);

    assert.deepEqual(await second.withLock(rule, () => Promise.resolve('again')), { ran: false });
    assert.deepEqual(await first.withLock(rule, () => Promise.resolve('again')), { ran: false });
    assert.deepEqual(await second.withLock(newRule(), () => Promise.resolve(1)), {
      ran: true,
      value: 1,
    });
    assert.deepEqual(
      await second.withLock({ accountId: rule.accountId, ruleId: randomUUID() }, () =>
        Promise.resolve(2),
      ),
      { ran: true, value: 2 },
    );

    held.release();
    assert.deepEqual(await held.result, { ran: true, value: 'done' });
    assert.equal(await redis().exists(ruleLockKey(PREFIX, rule)), 0);
    assert.deepEqual(await second.withLock(rule, () => Promise.resolve('now')), {
      ran: true,
      value: 'now',
    });
  });

  it('releases the lock when the work throws, and passes the error on', async () => {
    const lock = openLock();
    const rule = newRule();
    await assert.rejects(
      lock.withLock(rule, () => Promise.reject(new Error('query failed'))),
      /^Error: query failed$/,
    );
    assert.equal(await redis().exists(ruleLockKey(PREFIX, rule)), 0);
    assert.deepEqual(await lock.withLock(rule, () => Promise.resolve('ok')), {
      ran: true,
      value: 'ok',
    });
  });

  it('renews the lock while work outlasts its ttl', async () => {
    const ttlMs = 300;
    const [lock, other] = [openLock(ttlMs), openLock(ttlMs)];
    const rule = newRule();
    const key = ruleLockKey(PREFIX, rule);
    const client = redis();
    const held = await hold(lock, rule);

    for (let i = 0; i < 4; i++) {
      await sleep(ttlMs);
      const pttl = await client.pttl(key);
      assert.ok(pttl > 0 && pttl <= ttlMs, `lock ttl ${pttl} ms after ${(i + 1) * ttlMs} ms`);
      assert.deepEqual(await other.withLock(rule, () => Promise.resolve('x')), { ran: false });
    }
    held.release();
    await held.result;
    assert.equal(await client.exists(key), 0);
  });

  it("lets a dead holder's lock lapse after the ttl, and never deletes another holder's lock", async () => {
    const rule = newRule();
    const key = ruleLockKey(PREFIX, rule);
    const client = redis();
    // What a holder that died leaves behind.
    await client.set(key, 'dead-holder', 'PX', 300);
    const lock = openLock(300);
    assert.deepEqual(await lock.withLock(rule, () => Promise.resolve(1)), { ran: false });
    await sleep(400);

    // Taken over while the work ran (its lock had lapsed): the release leaves the new holder's.
    const result = await lock.withLock(rule, async () => {
      await client.set(key, 'new-holder');
      return 2;
    });
    assert.deepEqual(result, { ran: true, value: 2 });
    assert.equal(await client.get(key), 'new-holder');
  });

  it('rejects with UnavailableError when Redis cannot be reached', async () => {
    const lock = openRedisRuleLock({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: PREFIX,
      ttlMs: 1000,
    });
    cleanups.push(() => lock.close());
    let ran = false;
    await assert.rejects(
      lock.withLock(newRule(), () => Promise.resolve((ran = true))),
      (err: unknown) =>
        err instanceof UnavailableError &&
        err.retryable &&
        /^The evaluation lock of rule '.+' could not be taken: Redis is unavailable$/.test(
          err.message,
        ),
    );
    assert.equal(ran, false);
  });
});

describe('rule scheduling in the queue runtime (API and worker sides from config)', function () {
  it('schedules from the API side and runs on the worker side, under one Redis lock', async () => {
    const config = loadConfig({
      REDIS_URL: redisUrl(),
      QUEUE_PREFIX: PREFIX,
      RULE_SCHEDULE_OVERRIDE: `${EVERY_MS}ms`,
      WORKER_CONCURRENCY: '1',
      QUEUE_LOCK_DURATION: '5s',
    });
    const api = runtimeFromConfig(config, silentLogger);
    const worker = openRuntime(config, chooseWorkerRuntime(config), silentLogger);
    assert.equal(api.kind, 'queue');
    const runs: RuleKey[] = [];
    const schedule = api.openRuleSchedule({
      runScheduled: () => assert.fail('the API side of queue mode runs no ticks'),
    });
    const workerSchedule = worker.openRuleSchedule({
      runScheduled: () => assert.fail("ticks run through the rule workers' runner"),
    });
    const ruleWorkers = worker.startRuleWorkers({
      runner: {
        runScheduled: async (key) => {
          const result = await worker.ruleLock.withLock(key, () => Promise.resolve(runs.push(key)));
          return result.ran ? 'ran' : 'busy';
        },
      },
      schedule: workerSchedule,
      scheduledRules: () => Promise.resolve([]),
    });
    const admin = new Queue('rule-evaluation', { connection: { url: redisUrl() }, prefix: PREFIX });
    try {
      const rule = newRule();
      await schedule.reconcile([{ ...rule, pollingInterval: 'ONE_WEEK' }]);
      await waitFor('two runs', () => runs.length >= 2);
      assert.deepEqual(runs[0], rule);

      // The API's lock and the worker's are one lock.
      const held = await api.ruleLock.withLock(rule, async () => {
        return worker.ruleLock.withLock(rule, () => Promise.resolve('inner'));
      });
      assert.deepEqual(held, { ran: true, value: { ran: false } });
    } finally {
      await ruleWorkers.stop();
      await schedule.close();
      await workerSchedule.close();
      await api.close();
      await worker.close();
      await admin.obliterate({ force: true });
      await admin.close();
    }
  });
});
