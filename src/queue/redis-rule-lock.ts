import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { UnavailableError } from '../errors/app-error';
import type { RuleKey, RuleLock } from '../rules/schedule/rule-schedule';
import { withTimeout } from './redis';

/**
 * Queue mode's rule lock, shared by every process on the Redis: `SET key token NX PX ttl` takes
 * it, a renewal every ttl/3 keeps it while the work runs, and a compare-and-delete releases it
 * (never another holder's lock). A holder that dies stops renewing: its lock lapses after `ttlMs`.
 *
 * Key: `<prefix>:rule-lock:<accountId>:<ruleId>` (rule ids are UUIDs, so the key is unambiguous).
 */

/** Extends the lock's expiry if it is still ours; 1 if it was, 0 if it was lost. */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

/** Deletes the lock if it is still ours. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** Redis that never answers: fail at once instead of holding the evaluation. */
const ACQUIRE_TIMEOUT_MS = 5000;

export function ruleLockKey(prefix: string, key: RuleKey): string {
  return `${prefix}:rule-lock:${key.accountId}:${key.ruleId}`;
}

export function openRedisRuleLock(opts: {
  redisUrl: string;
  prefix: string;
  /** How long a lock lasts without renewal: how long a dead holder blocks the rule (ms). */
  ttlMs: number;
  logger?: Logger;
}): RuleLock {
  const ttlMs = Math.max(3, Math.round(opts.ttlMs));
  const redis = new Redis(opts.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  redis.on('error', (err) => opts.logger?.debug({ err }, 'rule lock: Redis connection error'));

  const withLock = async <T>(
    key: RuleKey,
    work: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> => {
    const lockKey = ruleLockKey(opts.prefix, key);
    const token = randomUUID();
    let taken: string | null;
    try {
      taken = await withTimeout(
        redis.set(lockKey, token, 'PX', ttlMs, 'NX'),
        ACQUIRE_TIMEOUT_MS,
        'taking a rule lock',
      );
    } catch (err) {
      throw new UnavailableError(
        `The evaluation lock of rule '${key.ruleId}' could not be taken: Redis is unavailable`,
        err,
      );
    }
    if (taken !== 'OK') return { ran: false };

    let lost = false;
    const renewal = setInterval(
      () => {
        redis.eval(RENEW, 1, lockKey, token, ttlMs).then(
          (kept) => {
            if (kept === 0 && !lost) {
              lost = true;
              opts.logger?.warn({ ...key }, 'rule lock lost while its evaluation was running');
            }
          },
          (err: unknown) => opts.logger?.warn({ err, ...key }, 'could not renew a rule lock'),
        );
      },
      Math.max(1, Math.floor(ttlMs / 3)),
    );
    renewal.unref();
    try {
      return { ran: true, value: await work() };
    } finally {
      clearInterval(renewal);
      // Not released (Redis down): the lock lapses after ttlMs.
      await redis
        .eval(RELEASE, 1, lockKey, token)
        .catch((err: unknown) =>
          opts.logger?.warn({ err, ...key }, 'could not release a rule lock'),
        );
    }
  };

  let closing: Promise<void> | undefined;
  return {
    withLock,
    close: () =>
      (closing ??= redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      )),
  };
}
