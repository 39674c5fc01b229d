import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { startDigestTimer } from '../../../src/compose/digests';
import type { DigestOutcome, DigestRunner } from '../../../src/notifications/digest-sender';
import {
  DIGEST_SCHEDULER_ID,
  SEND_DIGESTS_JOB,
  startDigestScheduler,
} from '../../../src/queue/digest-scheduler';
import { PrivateRedis } from '../../helpers/redis-server';

/**
 * The alert digest's schedule under faults: queue mode's `digest` job scheduler on a private
 * Redis that is paused and emptied (the API writes it once Redis answers; a worker puts it back
 * when Redis lost it, and leaves a present one alone), and local mode's timer (a tick at start,
 * then every tick, never two at once, a failing tick not the last).
 */
const PREFIX = 'digest-sched-test';
const RETRY_MS = 150;

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting: ${what}`);
    await sleep(25);
  }
}

/** A real pino logger whose messages are kept for the test to read. */
function capturingLogger() {
  const messages: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      messages.push(String((JSON.parse(chunk.toString()) as { msg: string }).msg));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), messages };
}

describe('digest schedule under faults (private Redis paused and emptied; local timer)', function () {
  this.timeout(120_000);
  let redis: PrivateRedis;
  let queueName: string;
  let stops: Array<() => Promise<void>>;

  before(async () => {
    redis = await PrivateRedis.start();
  });
  after(async () => {
    await redis?.stop();
  });
  beforeEach(() => {
    queueName = `rule-evaluation-${randomUUID()}`;
    stops = [];
  });
  afterEach(async () => {
    redis.resume();
    for (const stop of stops.reverse()) await stop();
  });

  function start(mode: 'upsert' | 'missing', tickMs: number) {
    const { logger, messages } = capturingLogger();
    const scheduler = startDigestScheduler({
      redisUrl: redis.url,
      prefix: PREFIX,
      tickMs,
      mode,
      retryMs: RETRY_MS,
      logger,
      queueName,
    });
    stops.push(() => scheduler.stop());
    return messages;
  }

  async function scheduler() {
    const admin = new Queue(queueName, { connection: { url: redis.url }, prefix: PREFIX });
    try {
      return await admin.getJobScheduler(DIGEST_SCHEDULER_ID);
    } finally {
      await admin.close();
    }
  }

  it('the API writes the scheduler once a paused Redis answers again', async () => {
    redis.pause();
    const messages = start('upsert', 60_000);
    await sleep(3 * RETRY_MS);
    assert.ok(!messages.includes('digest scheduler in place'), 'not while Redis is paused');
    redis.resume();
    await waitFor('the scheduler', async () => (await scheduler()) != null);
    const found = await scheduler();
    assert.equal(found?.every, 60_000);
    assert.equal(found?.name, SEND_DIGESTS_JOB);
    await waitFor('the log line', () => messages.includes('digest scheduler in place'));
  });

  it('a worker puts back the scheduler an emptied Redis lost, and leaves a present one as it is', async () => {
    start('upsert', 60_000);
    await waitFor('the API scheduler', async () => (await scheduler()) != null);
    const next = (await scheduler())?.next;
    // A worker with another tick: an existing scheduler is not rewritten (its next run stays).
    const messages = start('missing', 45_000);
    await sleep(4 * RETRY_MS);
    assert.equal((await scheduler())?.every, 60_000);
    assert.equal((await scheduler())?.next, next);
    assert.ok(!messages.includes('digest scheduler missing from Redis was restored'));

    await redis.restartEmpty();
    await waitFor('the restored scheduler', async () => (await scheduler()) != null);
    assert.equal((await scheduler())?.every, 45_000);
    await waitFor('the log line', () =>
      messages.includes('digest scheduler missing from Redis was restored'),
    );
  });

  it('local mode: a tick at start, then every tick after the last ends; a failing tick is not the last; stop waits', async () => {
    const { logger, messages } = capturingLogger();
    let calls = 0;
    let running = 0;
    let overlapped = false;
    let release: (() => void) | undefined;
    const runner: DigestRunner = {
      async runDue(): Promise<DigestOutcome[]> {
        calls++;
        running++;
        overlapped ||= running > 1;
        try {
          if (calls === 2) throw new Error('Neo4j is unavailable');
          if (calls === 4) await new Promise<void>((resolve) => (release = resolve));
          else await sleep(30);
          return [];
        } finally {
          running--;
        }
      },
    };
    const timer = startDigestTimer({ runner, tickMs: 50, logger });
    await waitFor('the first tick', () => calls >= 1, 5_000);
    await waitFor('a tick after the failing one', () => calls >= 4, 10_000);
    assert.ok(messages.includes('digest tick failed; the next tick tries again'));
    // Tick 4 is still running: stop() waits for it, and no tick starts after.
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await sleep(100);
    assert.equal(stopped, false, 'stop() waits for the running tick');
    release?.();
    await stopping;
    const after = calls;
    await sleep(200);
    assert.equal(calls, after, 'no tick after stop()');
    assert.equal(overlapped, false, 'ticks never overlap');
  });
});
