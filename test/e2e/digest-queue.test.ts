import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { RULE_EVALUATION_QUEUE } from '../../src/rules/schedule/rule-schedule-shared';
import { freshAccount, redisUrl, testGraph } from '../helpers/harness';
import { QueueCluster } from '../helpers/queue-cluster';
import { SmtpTestServer } from '../integration/actions/smtp-test-server';

/**
 * The alert digest in queue mode as an operator runs it: the API writes the `digest` job
 * scheduler, two `graphsync worker` processes take its `send-digests` ticks (every 300 ms), and
 * every period (3 s here, DIGEST_PERIOD_OVERRIDE) brings exactly one digest email to the real SMTP
 * receiver, whichever worker ticks first.
 */
const PERIOD_MS = 3000;
const DIGEST_ENV = { DIGEST_PERIOD_OVERRIDE: String(PERIOD_MS), DIGEST_TICK: '300ms' };

describe('alert digest in queue mode (API + two real workers, real Redis, Neo4j and SMTP)', function () {
  this.timeout(120_000);
  let cluster: QueueCluster;
  let smtp: SmtpTestServer;

  before(async () => {
    smtp = await new SmtpTestServer().start();
    const env = { ...DIGEST_ENV, SMTP_URL: smtp.url };
    cluster = await QueueCluster.start({ redisUrl: redisUrl(), apiEnv: env, workerEnv: env });
  });

  after(async () => {
    await cluster.close();
    await smtp.close();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${cluster.prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('one digest per period across two workers, recorded once per period in Neo4j', async () => {
    // The API put the digest scheduler beside the rules' on the rule evaluation queue.
    const connection = new Redis(redisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue(RULE_EVALUATION_QUEUE, { connection, prefix: cluster.prefix });
    try {
      await waitFor(
        'the digest scheduler',
        async () => (await queue.getJobScheduler('digest')) != null,
      );
      const scheduler = await queue.getJobScheduler('digest');
      assert.equal(scheduler?.every, 300);
      assert.equal(scheduler?.name, 'send-digests');
    } finally {
      await queue.close();
      await connection.quit();
    }
    await Promise.all([cluster.startWorker(), cluster.startWorker()]);

    const a = await freshAccount();
    const graph = await testGraph();
    const to = `digest-${randomUUID().slice(0, 8)}@example.test`;
    // An alert opened before the first period: every period lists it (still open).
    await graph.write('digests/test-create-alert', {
      accountId: a.accountId,
      id: randomUUID(),
      ruleId: 'r1',
      ruleName: 'Public hosts',
      level: 'HIGH',
      status: 'ACTIVE',
      createdOn: Date.now() - 60_000,
      resolvedOn: null,
      dismissedOn: null,
    });
    const put = await request(cluster.api.url)
      .put('/account/notification-digest')
      .set(a.headers)
      .send({ frequency: 'DAILY', recipients: [to] });
    assert.equal(put.status, 200, JSON.stringify(put.body));

    // When each email arrived, taken as the receiver stores it.
    const arrived = new Map<object, number>();
    const store = smtp.received.push.bind(smtp.received);
    smtp.received.push = (...items) => {
      for (const item of items) arrived.set(item, Date.now());
      return store(...items);
    };
    const mails = () => smtp.received.filter((m) => m.rcptTo.includes(to));
    const sentRuns = async () => {
      const rows = await graph.read<{ run: Record<string, unknown> }>('digests/test-digest-runs', {
        accountId: a.accountId,
      });
      return rows.map((r) => r.run).filter((r) => r.status === 'SENT');
    };
    // Three periods end after opting in (the first digest covers the period before it).
    await waitFor('three digests', async () => (await sentRuns()).length >= 3, 60_000, 50);
    // A whole period more: a second digest of any period would have come by now.
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS + 500));
    const runs = await sentRuns();
    const received = mails();

    // One SENT claim per period, consecutive, each at its first attempt; one email each.
    const ends = runs.map((r) => Number(r.periodEnd));
    assert.deepEqual(
      ends,
      [...new Set(ends)].sort((x, y) => x - y),
    );
    for (let i = 1; i < ends.length; i++) assert.equal(ends[i]! - ends[i - 1]!, PERIOD_MS);
    for (const run of runs) {
      assert.equal(run.attempts, 1);
      assert.equal(run.periodStart, Number(run.periodEnd) - PERIOD_MS);
      assert.deepEqual(run.recipients, [to]);
      assert.deepEqual([run.opened, run.open, run.dismissed], [0, 1, 0]);
    }
    assert.ok(runs.length >= 3, `${runs.length} runs`);
    assert.equal(
      received.length,
      runs.length,
      `${received.length} emails for ${runs.length} periods`,
    );
    // Each email came after the period it covers ended (no upper bound: on a loaded machine a
    // tick may come late, and timings are not what this test is about).
    received.forEach((mail, k) => {
      const at = arrived.get(mail)!;
      assert.ok(at >= ends[k]!, `email ${k} at ${at}, before its period's end ${ends[k]}`);
    });
    for (const mail of received) {
      assert.match(
        mail.subject,
        /^graphsync daily digest: 0 alerts opened, 1 open, 0 dismissed \(/,
      );
      assert.match(mail.text, /- Public hosts: 0 opened, 1 still open, 0 dismissed/);
      assert.ok(String(mail.html).includes('Public hosts'));
    }
    // The settings show the newest run.
    const settings = await request(cluster.api.url)
      .get('/account/notification-digest')
      .set(a.headers);
    assert.equal(settings.body.digest.lastRun.periodEnd, ends.at(-1));

    // Opting out stops them.
    await request(cluster.api.url)
      .put('/account/notification-digest')
      .set(a.headers)
      .send({ frequency: 'OFF' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stoppedAt = mails().length;
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS + 500));
    assert.equal(mails().length, stoppedAt);
  });
});

async function waitFor(
  what: string,
  done: () => Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
