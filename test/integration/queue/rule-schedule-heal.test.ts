import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type JobSchedulerJson, Queue } from 'bullmq';
import { type Logger, pino } from 'pino';
import { openRuntime } from '../../../src/compose/open-runtime';
import { chooseWorkerRuntime } from '../../../src/compose/runtime-choice';
import { loadConfig } from '../../../src/config/config';
import { openQueueRuleSchedule } from '../../../src/queue/rule-schedule-queue';
import { startRuleEvaluationQueueWorker } from '../../../src/queue/rule-evaluation-worker';
import { RuleService } from '../../../src/rules/rule-service';
import { ruleValidator } from '../../../src/rules/rule-validator';
import type { PollingInterval } from '../../../src/rules/rule-types';
import {
  POLLING_INTERVAL_MS,
  type RuleKey,
  type RuleSchedule,
  type ScheduledRule,
  type ScheduledRunner,
} from '../../../src/rules/schedule/rule-schedule';
import { ruleSchedulerId } from '../../../src/rules/schedule/rule-schedule-shared';
import { startScheduleHealer } from '../../../src/rules/schedule/schedule-healer';
import { freshAccount, silentLogger, testGraph } from '../../helpers/harness';
import { PrivateRedis } from '../../helpers/redis-server';

/**
 * Workers' self-healing of the rule schedule on a private Redis that is emptied and paused: rules
 * stored through the real RuleService (real Neo4j) with the real queue schedule, the schedulers
 * read back from BullMQ.
 */
const PREFIX = 'heal-test';
const HEAL_EVERY_MS = 200;

// Generous for a busy 2-core machine (heal passes read Neo4j; Redis restarts are processes).
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting: ${what}`);
    await sleep(25);
  }
}

/** A real pino logger whose lines are kept for the test to read. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string } & Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

function ruleBody(name: string, pollingInterval: PollingInterval) {
  return {
    name,
    pollingInterval,
    question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = false' }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [{ type: 'CREATE_ALERT' }],
      },
    ],
  };
}

describe('rule schedule healing by workers (private Redis emptied and paused)', function () {
  // Above the sum of a test's waits, so that a slow run fails with the wait that timed out.
  this.timeout(120_000);
  let redis: PrivateRedis;
  let queueName: string;
  let cleanups: Array<() => Promise<void>>;

  before(async () => {
    redis = await PrivateRedis.start();
  });
  after(async () => {
    await redis?.stop();
  });
  beforeEach(() => {
    queueName = `rule-evaluation-${randomUUID()}`;
    cleanups = [];
  });
  afterEach(async () => {
    redis.resume();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  function openSchedule(options: { logger?: Logger; timeoutMs?: number } = {}): RuleSchedule {
    const schedule = openQueueRuleSchedule({
      redisUrl: redis.url,
      prefix: PREFIX,
      queueName,
      logger: options.logger ?? silentLogger,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    cleanups.push(() => schedule.close());
    return schedule;
  }

  function startHealer(
    schedule: RuleSchedule,
    scheduledRules: () => Promise<ScheduledRule[]>,
    logger = silentLogger,
  ) {
    const healer = startScheduleHealer({
      schedule,
      scheduledRules,
      logger,
      intervalMs: HEAL_EVERY_MS,
    });
    cleanups.push(() => Promise.resolve(healer.stop()));
    return healer;
  }

  /** What BullMQ holds for the test's queue, on a connection of its own. */
  async function withAdmin<T>(read: (admin: Queue) => Promise<T>): Promise<T> {
    const admin = new Queue(queueName, { connection: { url: redis.url }, prefix: PREFIX });
    try {
      return await read(admin);
    } finally {
      await admin.close();
    }
  }

  const schedulers = (): Promise<JobSchedulerJson[]> =>
    withAdmin(async (admin) =>
      (await admin.getJobSchedulers()).sort((a, b) => a.key.localeCompare(b.key)),
    );
  const schedulerIds = async () => (await schedulers()).map((s) => s.key);

  /** Each scheduler's next run and the pending job that carries it (its id and creation time). */
  const nextRuns = () =>
    withAdmin(async (admin) => {
      const found = (await admin.getJobSchedulers()).sort((a, b) => a.key.localeCompare(b.key));
      return Promise.all(
        found.map(async (s) => {
          const job = await admin.getJob(`repeat:${s.key}:${s.next}`);
          return { key: s.key, next: s.next, job: job?.id, createdAt: job?.timestamp };
        }),
      );
    });

  /**
   * Two enabled rules (hourly, daily) and a DISABLED one, stored through the real RuleService,
   * which schedules them on the private Redis; `scheduledRules` lists the account's rules as the
   * worker's RuleService does, and counts its calls (one per heal pass).
   */
  async function storedRules() {
    const { accountId } = await freshAccount();
    const rules = new RuleService({
      graph: await testGraph(),
      validator: ruleValidator,
      schedule: openSchedule(),
    });
    const create = async (name: string, interval: PollingInterval): Promise<RuleKey> => {
      const rule = await rules.create({ accountId, body: ruleBody(name, interval) });
      return { accountId, ruleId: rule.id };
    };
    const hourly = await create('hourly', 'ONE_HOUR');
    const daily = await create('daily', 'ONE_DAY');
    const disabled = await create('disabled', 'DISABLED');
    let calls = 0;
    return {
      hourly,
      daily,
      disabled,
      enabledIds: [ruleSchedulerId(hourly), ruleSchedulerId(daily)].sort(),
      passes: () => calls,
      scheduledRules: async () => {
        calls++;
        // Other test files' rules share the database: a worker sees every account's.
        return (await rules.scheduledRules()).filter((r) => r.accountId === accountId);
      },
    };
  }

  /** The schedule answers again after a restart of Redis (its connection reconnected). */
  async function reconnected(schedule: RuleSchedule) {
    await waitFor('the schedule to reach Redis again', () =>
      schedule.reconcile([], { missingOnly: true }).then(
        () => true,
        () => false,
      ),
    );
  }

  it('puts back the schedulers of exactly the enabled rules after Redis restarts empty, and leaves present ones untouched', async () => {
    const rules = await storedRules();
    assert.deepEqual(await schedulerIds(), rules.enabledIds);
    // A worker's own handle, open through the restart as in a running worker.
    const { logger, lines } = capturingLogger();
    const schedule = openSchedule({ logger });

    await redis.restartEmpty();
    assert.deepEqual(await schedulers(), [], 'Redis came back with schedulers');
    await reconnected(schedule);

    startHealer(schedule, rules.scheduledRules, logger);
    await waitFor('the schedulers to be back', async () => (await schedulers()).length >= 2);

    const back = await schedulers();
    assert.deepEqual(
      back.map((s) => s.key),
      rules.enabledIds,
    );
    const byId = new Map(back.map((s) => [s.key, s]));
    for (const [key, every] of [
      [rules.hourly, POLLING_INTERVAL_MS.ONE_HOUR],
      [rules.daily, POLLING_INTERVAL_MS.ONE_DAY],
    ] as const) {
      const scheduler = byId.get(ruleSchedulerId(key));
      assert.equal(scheduler?.every, every);
      assert.equal(scheduler?.name, 'evaluate-rule');
      assert.deepEqual(scheduler?.template?.data, key);
    }
    const restored = lines.filter(
      (l) => l.msg === 'rule schedulers missing from Redis were restored',
    );
    assert.equal(restored.length, 1, JSON.stringify(lines));
    assert.equal(restored[0]?.restored, 2);

    // Passes with every scheduler in place write nothing: same next run, same pending job.
    const before = await nextRuns();
    assert.ok(before.every((s) => s.job !== undefined && s.createdAt !== undefined));
    const seen = rules.passes();
    await waitFor('two more heal passes', () => rules.passes() >= seen + 3);
    assert.deepEqual(await nextRuns(), before);
    assert.deepEqual(await schedulerIds(), rules.enabledIds);
    // The restart itself shows as connection errors of the queue; no pass failed.
    assert.deepEqual(
      lines
        .filter((l) => l.level >= 40 && l.msg !== 'rule evaluation queue error')
        .map((l) => l.msg),
      ['rule schedulers missing from Redis were restored'],
    );
  });

  it('heals from many workers at once with each rule run once, at once, and no scheduler doubled', async () => {
    const rules = await storedRules();
    await redis.restartEmpty();
    const runs: RuleKey[] = [];
    const runner: ScheduledRunner = {
      runScheduled: (key) => {
        runs.push(key);
        return Promise.resolve('ran');
      },
    };
    const worker = startRuleEvaluationQueueWorker({
      redisUrl: redis.url,
      prefix: PREFIX,
      queueName,
      concurrency: 4,
      lockDurationMs: 5000,
      closeTimeoutMs: 2000,
      runner,
      logger: silentLogger,
    });
    cleanups.push(() => worker.close());

    // Five workers' healers starting together: their first passes race for the same rules.
    for (let i = 0; i < 5; i++) startHealer(openSchedule(), rules.scheduledRules);
    await waitFor('the schedulers to be back', async () => (await schedulers()).length >= 2);
    await waitFor('both rules to run', () => runs.length >= 2);
    const passes = rules.passes();
    await waitFor('more heal passes', () => rules.passes() >= passes + 10);
    await sleep(300);

    const count = (key: RuleKey) => runs.filter((r) => r.ruleId === key.ruleId).length;
    assert.deepEqual([rules.hourly, rules.daily, rules.disabled].map(count), [1, 1, 0]);
    assert.deepEqual(await schedulerIds(), rules.enabledIds);
    // One pending job per scheduler: the next run, an interval away.
    const delayed = await withAdmin((admin) => admin.getDelayed());
    assert.deepEqual(delayed.map((j) => j.repeatJobKey).sort(), rules.enabledIds);
  });

  it('logs a heal pass that Redis stops answering in, and heals on the next pass once it is back', async () => {
    const rules = await storedRules();
    const { logger, lines } = capturingLogger();
    const schedule = openSchedule({ logger, timeoutMs: 300 });
    await redis.restartEmpty();
    await reconnected(schedule);
    assert.deepEqual(await schedulers(), []);

    let paused = false;
    startHealer(
      schedule,
      async () => {
        const found = await rules.scheduledRules();
        // Redis hangs (SIGSTOP) in the middle of the pass: the rules are read, nothing written.
        if (!paused) {
          paused = true;
          redis.pause();
        }
        return found;
      },
      logger,
    );
    const failed = () =>
      lines.filter(
        (l) =>
          l.level === 50 &&
          l.msg === 'could not check the rule schedulers for lost ones; trying again',
      );
    await waitFor('two failed passes logged', () => failed().length >= 2);
    const [first] = failed();
    assert.equal(first?.retryInMs, HEAL_EVERY_MS);
    assert.match(
      String((first?.err as { message?: string } | undefined)?.message),
      /^The rule schedules could not be restored: Redis is unavailable: listing rule schedulers: no answer within 300 ms$/,
    );

    redis.resume();
    await waitFor('the schedulers to be back', async () => (await schedulers()).length >= 2);
    assert.deepEqual(await schedulerIds(), rules.enabledIds);
    const byId = new Map((await schedulers()).map((s) => [s.key, s.every]));
    assert.equal(byId.get(ruleSchedulerId(rules.hourly)), POLLING_INTERVAL_MS.ONE_HOUR);
    assert.equal(byId.get(ruleSchedulerId(rules.daily)), POLLING_INTERVAL_MS.ONE_DAY);
    assert.ok(
      lines.some((l) => l.msg === 'rule schedulers missing from Redis were restored'),
      JSON.stringify(lines),
    );
  });

  it("runs from a worker's config on the rule-evaluation queue, and stops on close", async () => {
    const prefix = `${PREFIX}-config`;
    const loaded = loadConfig({ REDIS_URL: redis.url, QUEUE_PREFIX: prefix });
    // Every 50 ms (the environment allows 1 s at least), for a quick test.
    const config = { ...loaded, rules: { ...loaded.rules, scheduleHealIntervalMs: 50 } };
    const rule: ScheduledRule = {
      accountId: 'acct',
      ruleId: randomUUID(),
      pollingInterval: 'ONE_WEEK',
    };
    const admin = new Queue('rule-evaluation', { connection: { url: redis.url }, prefix });
    cleanups.push(() => admin.close());
    const runtime = openRuntime(config, chooseWorkerRuntime(config), silentLogger);
    cleanups.push(() => runtime.close());
    const schedule = runtime.openRuleSchedule({ runScheduled: () => Promise.resolve('ran') });
    cleanups.push(() => schedule.close());
    let passes = 0;
    const workers = runtime.startRuleWorkers({
      runner: { runScheduled: () => Promise.resolve('ran') },
      schedule,
      scheduledRules: () => {
        passes++;
        return Promise.resolve([rule]);
      },
    });
    cleanups.push(() => workers.stop());
    await waitFor('the scheduler', async () => (await admin.getJobSchedulers()).length === 1);
    const [scheduler] = await admin.getJobSchedulers();
    assert.equal(scheduler?.key, ruleSchedulerId(rule));
    assert.equal(scheduler?.every, POLLING_INTERVAL_MS.ONE_WEEK);

    await workers.stop();
    await admin.removeJobScheduler(ruleSchedulerId(rule));
    const closedAt = passes;
    await sleep(200);
    assert.equal(passes, closedAt, 'a pass after close()');
    assert.deepEqual(await admin.getJobSchedulers(), []);
  });
});
