import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { RULE_EVALUATION_QUEUE } from '../rules/schedule/rule-schedule-shared';
import { producerConnection, withTimeout } from './redis';
import { RULE_JOB_OPTIONS } from './rule-schedule-queue';

/**
 * The alert digest's place in queue mode's schedule: one BullMQ job scheduler, `digest`, on the
 * rule evaluation queue (the scheduler the rules use), producing a `send-digests` job every
 * DIGEST_TICK that one worker takes (rule-evaluation-worker.ts dispatches by job name). Its id
 * does not start with `rule:`, so the rules' reconcile leaves it alone. Sending each period's
 * digest once is the claim's business (digests/claim-run.cypher), not the scheduler's.
 *
 * - The API (`mode: 'upsert'`) writes it at start-up, trying again every `retryMs` until Redis
 *   answers: a changed DIGEST_TICK takes effect; an unchanged one keeps its next run.
 * - Workers (`mode: 'missing'`) check every `retryMs` and put it back when Redis lost it.
 */
export const DIGEST_SCHEDULER_ID = 'digest';
export const SEND_DIGESTS_JOB = 'send-digests';

const REDIS_TIMEOUT_MS = 5000;

export interface DigestSchedulerOptions {
  redisUrl: string;
  prefix: string;
  /** config.digest.tickMs. */
  tickMs: number;
  mode: 'upsert' | 'missing';
  /** Between tries (upsert) or checks (missing). */
  retryMs: number;
  logger: Logger;
  /** Tests only: the BullMQ queue name. */
  queueName?: string;
}

export function startDigestScheduler(opts: DigestSchedulerOptions): { stop(): Promise<void> } {
  const connection = producerConnection(opts.redisUrl);
  const queue = new Queue(opts.queueName ?? RULE_EVALUATION_QUEUE, {
    connection,
    prefix: opts.prefix,
  });
  queue.on('error', (err) => opts.logger.debug({ err }, 'digest scheduler queue error'));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const after = (delayMs: number) => {
    timer = setTimeout(() => {
      void pass(queue, opts).then((done) => {
        if (!done && !stopped) after(opts.retryMs);
      });
    }, delayMs);
    timer.unref();
  };
  after(0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await queue.close().catch(() => undefined);
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}

/** One pass: true when nothing is left to do (the API's upsert went through). */
async function pass(queue: Queue, opts: DigestSchedulerOptions): Promise<boolean> {
  const upsert = () =>
    withTimeout(
      queue.upsertJobScheduler(
        DIGEST_SCHEDULER_ID,
        { every: opts.tickMs },
        { name: SEND_DIGESTS_JOB, data: {}, opts: RULE_JOB_OPTIONS },
      ),
      REDIS_TIMEOUT_MS,
      'scheduling the digest',
    );
  try {
    if (opts.mode === 'upsert') {
      await upsert();
      opts.logger.info({ everyMs: opts.tickMs }, 'digest scheduler in place');
      return true;
    }
    const found = await withTimeout(
      queue.getJobScheduler(DIGEST_SCHEDULER_ID),
      REDIS_TIMEOUT_MS,
      'reading the digest scheduler',
    );
    if (found === undefined || found === null) {
      await upsert();
      opts.logger.warn(
        { everyMs: opts.tickMs },
        'digest scheduler missing from Redis was restored',
      );
    }
  } catch (err) {
    // After stop() the queue may be closing under the pass: the retry timer is cleared anyway.
    opts.logger.error({ err }, 'could not check the digest scheduler; trying again');
  }
  return false;
}
