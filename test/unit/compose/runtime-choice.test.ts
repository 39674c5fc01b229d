import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { openRuntime, runtimeFromConfig } from '../../../src/compose/open-runtime';
import { chooseRuntime, chooseWorkerRuntime } from '../../../src/compose/runtime-choice';
import { ConfigError, loadConfig } from '../../../src/config/config';
import { LocalRuleLock } from '../../../src/rules/schedule/local-rule-lock';
import type { RuleKey } from '../../../src/rules/schedule/rule-schedule';
import type { Finalizer } from '../../../src/sync/finalize/finalizer';

/**
 * The runtime choice (src/compose/runtime-choice.ts) and the local runtime, without IO: the queue
 * runtime opens Redis connections and is tested against a real Redis
 * (test/integration/queue/build-services.test.ts, rule-schedule.test.ts).
 */
const silent = pino({ level: 'silent' });
const newRule = (): RuleKey => ({ accountId: `acct-${randomUUID()}`, ruleId: randomUUID() });

describe('runtime choice', () => {
  it('is local without REDIS_URL (a blank one is unset), queue with it', () => {
    assert.deepEqual(chooseRuntime(loadConfig({})), { kind: 'local' });
    assert.deepEqual(chooseRuntime(loadConfig({ REDIS_URL: ' ' })), { kind: 'local' });
    assert.deepEqual(chooseRuntime(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })), {
      kind: 'queue',
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('refuses a worker without REDIS_URL before anything is opened, and is queue with it', () => {
    assert.throws(
      () => chooseWorkerRuntime(loadConfig({})),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems[0] ===
          'REDIS_URL is required to run a worker: workers take their jobs from Redis (queue mode)',
    );
    assert.deepEqual(chooseWorkerRuntime(loadConfig({ REDIS_URL: 'rediss://cache:6380' })), {
      kind: 'queue',
      redisUrl: 'rediss://cache:6380',
    });
  });
});

describe('local runtime', () => {
  it('is what a configuration without REDIS_URL opens: no Redis, an in-process rule lock', async () => {
    const runtime = runtimeFromConfig(loadConfig({}), silent);
    assert.equal(runtime.kind, 'local');
    assert.equal(runtime.pingRedis, undefined);
    assert.ok(runtime.ruleLock instanceof LocalRuleLock);
    assert.equal(openRuntime(loadConfig({}), { kind: 'local' }, silent).kind, 'local');
    await runtime.close();
  });

  it('finalizes in this process: the dispatcher runs the finalizer at once', async () => {
    const runtime = runtimeFromConfig(loadConfig({}), silent);
    const attempted: string[] = [];
    const finalizer = {
      attempt: (ref: { jobId: string }) => {
        attempted.push(ref.jobId);
        return Promise.resolve({ status: 'final' });
      },
    } as unknown as Finalizer;
    await runtime.dispatcher(finalizer).dispatch({ accountId: 'a', jobId: 'j1', seq: 1 });
    assert.deepEqual(attempted, ['j1']);
    await runtime.close();
  });

  it("runs the rules on this process's timers, through the runner it is given", async () => {
    const runtime = runtimeFromConfig(loadConfig({ RULE_SCHEDULE_OVERRIDE: '100ms' }), silent);
    const runs: RuleKey[] = [];
    const schedule = runtime.openRuleSchedule({
      runScheduled: async (key) => {
        const result = await runtime.ruleLock.withLock(key, () => Promise.resolve(runs.push(key)));
        return result.ran ? 'ran' : 'busy';
      },
    });
    try {
      const rule = newRule();
      await schedule.reconcile([{ ...rule, pollingInterval: 'ONE_WEEK' }]);
      await sleep(250);
      assert.equal(runs.length, 3);
      assert.deepEqual(runs[0], rule);
    } finally {
      await schedule.close();
      await runtime.close();
    }
  });
});
