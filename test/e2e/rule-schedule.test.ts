import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { repoRoot } from '../../src/paths';
import { RULE_EVALUATION_QUEUE } from '../../src/rules/schedule/rule-schedule-shared';
import {
  freshAccount,
  neo4jUri,
  redisUrl,
  startTestApi,
  testRuleEngine,
  type TestAccount,
} from '../helpers/harness';
import { Watched } from '../helpers/processes';

/**
 * Scheduled rule evaluation through the real composition roots, with RULE_SCHEDULE_OVERRIDE making
 * every interval short: local mode (the API's own timers, reconciled with the stored rules at
 * start-up) and queue mode (one BullMQ job scheduler per rule, run by real `graphsync worker`
 * processes, never two evaluations of a rule at once).
 */
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const INTERVAL_MS = 400;
const RULE = {
  question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = false' }] },
  pollingInterval: 'ONE_HOUR',
  operations: [
    {
      when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
      actions: [{ type: 'CREATE_ALERT' }],
    },
  ],
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function seed(url: string, a: TestAccount): Promise<void> {
  const jobs = '/persister/synchronization/jobs';
  const job = await request(url).post(jobs).set(a.headers).send({ source: 'api', scope: 's' });
  const id = job.body.job.id as string;
  await request(url)
    .post(`${jobs}/${id}/upload`)
    .set(a.headers)
    .send({
      entities: [{ _key: 'b1', _type: 'aws_s3_bucket', _class: 'DataStore', encrypted: false }],
    });
  const done = await request(url).post(`${jobs}/${id}/finalize`).set(a.headers);
  assert.equal(done.status, 200, JSON.stringify(done.body));
}

async function createRule(url: string, a: TestAccount, body: Body): Promise<string> {
  const res = await request(url).post('/rules').set(a.headers).send(body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.rule.id as string;
}

async function records(url: string, a: TestAccount, ruleId: string): Promise<Body[]> {
  const res = await request(url).get(`/rules/${ruleId}/evaluations?limit=100`).set(a.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.evaluations as Body[];
}

/**
 * Waits until the rule has at least `n` evaluation records; answers them. Generous (60 s): each
 * evaluation queries Neo4j, and a busy 2-core machine runs them late.
 */
async function atLeast(url: string, a: TestAccount, ruleId: string, n: number): Promise<Body[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await records(url, a, ruleId);
    if (found.length >= n) return found;
    if (Date.now() > deadline) {
      throw new Error(`rule ${ruleId} has ${found.length} evaluations, not ${n}, after 60 s`);
    }
    await sleep(100);
  }
}

/** After a change settles, the rule gets no further evaluation for a few intervals. */
async function assertStopped(url: string, a: TestAccount, ruleId: string): Promise<void> {
  await sleep(3 * INTERVAL_MS);
  const before = (await records(url, a, ruleId)).length;
  await sleep(4 * INTERVAL_MS);
  assert.equal((await records(url, a, ruleId)).length, before, 'the rule still runs');
}

describe('rule schedule: local mode (API timers, real Neo4j)', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof startTestApi>>;

  before(async () => {
    api = await startTestApi({ RULE_SCHEDULE_OVERRIDE: `${INTERVAL_MS}ms` });
  });

  after(async () => {
    await api.close();
  });

  it('runs a rule on its interval, stops when DISABLED or deleted, never schedules a DISABLED one', async () => {
    const a = await freshAccount();
    await seed(api.url, a);
    const ruleId = await createRule(api.url, a, { ...RULE, name: 'scheduled' });
    const found = await atLeast(api.url, a, ruleId, 3);
    assert.ok(found.every((r) => r.trigger === 'SCHEDULED' && r.status === 'SUCCESS'));
    const alerts = await request(api.url).get(`/alerts?ruleId=${ruleId}`).set(a.headers);
    assert.equal(alerts.body.alerts.length, 1);
    assert.ok(alerts.body.alerts[0].evaluationCount >= 3);

    const put = await request(api.url)
      .put(`/rules/${ruleId}`)
      .set(a.headers)
      .send({ ...RULE, name: 'scheduled', pollingInterval: 'DISABLED' });
    assert.equal(put.status, 200);
    await assertStopped(api.url, a, ruleId);

    const never = await createRule(api.url, a, {
      ...RULE,
      name: 'never',
      pollingInterval: 'DISABLED',
    });
    await sleep(4 * INTERVAL_MS);
    assert.deepEqual(await records(api.url, a, never), []);
  });

  it('schedules at start-up the rules stored while it was not running (reconcile)', async () => {
    const a = await freshAccount();
    await seed(api.url, a);
    // Saved without a schedule, as by a process that went away before telling it.
    const engine = await testRuleEngine();
    const stored = await engine.rules.create({
      accountId: a.accountId,
      body: { ...RULE, name: 'stored earlier' },
    });
    await sleep(4 * INTERVAL_MS);
    assert.deepEqual(await records(api.url, a, stored.id), []);
    const second = await startTestApi({ RULE_SCHEDULE_OVERRIDE: `${INTERVAL_MS}ms` });
    try {
      await atLeast(second.url, a, stored.id, 2);
    } finally {
      await second.close();
    }
  });
});

describe('rule schedule: queue mode (job schedulers, real worker processes and Redis)', function () {
  this.timeout(180_000);
  const prefix = `gs-rules-${randomUUID().slice(0, 8)}`;
  let api: Awaited<ReturnType<typeof startTestApi>>;
  const workers: Watched[] = [];

  before(async () => {
    api = await startTestApi({
      REDIS_URL: redisUrl(),
      QUEUE_PREFIX: prefix,
      RULE_SCHEDULE_OVERRIDE: `${INTERVAL_MS}ms`,
    });
  });

  after(async () => {
    await Promise.all(
      workers.splice(0).map((w) => w.stop('SIGTERM', 30_000).catch(() => w.child.kill('SIGKILL'))),
    );
    await api.close();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  async function startWorker(): Promise<Watched> {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', 'worker'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NEO4J_URI: neo4jUri(),
        REDIS_URL: redisUrl(),
        QUEUE_PREFIX: prefix,
        DATA_DIR: api.dataDir,
        WORKER_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
      },
    });
    const worker = new Watched(child);
    workers.push(worker);
    await worker.waitFor(/"msg":"worker started"/, 60_000);
    return worker;
  }

  async function schedulerIds(): Promise<string[]> {
    const connection = new Redis(redisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue(RULE_EVALUATION_QUEUE, { connection, prefix });
    try {
      // The rules' schedulers (the alert digest's, `digest`, is on the same queue).
      return (await queue.getJobSchedulers())
        .map((s) => String(s.key))
        .filter((id) => id.startsWith('rule:'));
    } finally {
      await queue.close();
      await connection.quit();
    }
  }

  it('two workers run each tick once: evaluations never overlap; DISABLED and delete remove the scheduler', async () => {
    await Promise.all([startWorker(), startWorker()]);
    const a = await freshAccount();
    await seed(api.url, a);
    const ruleId = await createRule(api.url, a, { ...RULE, name: 'queued' });
    assert.deepEqual(await schedulerIds(), [`rule:${a.accountId}:${ruleId}`]);
    const started = Date.now();
    const found = await atLeast(api.url, a, ruleId, 4);
    const elapsed = Date.now() - started;
    assert.ok(found.every((r) => r.trigger === 'SCHEDULED' && r.status === 'SUCCESS'));
    // One evaluation per tick across both workers, never two of the rule at once.
    assert.ok(found.length <= elapsed / INTERVAL_MS + 2, `${found.length} runs in ${elapsed} ms`);
    const byStart = [...found].sort((x, y) => x.startedOn - y.startedOn);
    byStart.slice(1).forEach((record, i) => {
      assert.ok(record.startedOn >= (byStart[i]?.endedOn as number), 'two evaluations overlapped');
    });

    const put = await request(api.url)
      .put(`/rules/${ruleId}`)
      .set(a.headers)
      .send({ ...RULE, name: 'queued', pollingInterval: 'DISABLED' });
    assert.equal(put.status, 200);
    assert.deepEqual(await schedulerIds(), []);
    await assertStopped(api.url, a, ruleId);

    const other = await createRule(api.url, a, { ...RULE, name: 'deleted soon' });
    assert.deepEqual(await schedulerIds(), [`rule:${a.accountId}:${other}`]);
    assert.equal((await request(api.url).delete(`/rules/${other}`).set(a.headers)).status, 200);
    assert.deepEqual(await schedulerIds(), []);
  });
});
