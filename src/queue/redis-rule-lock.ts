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

export interface RedisRuleLockOptions {
  redisUrl: string;
  prefix: string;
  /** How long a lock lasts without renewal: how long a dead holder blocks the rule (ms). */
  ttlMs: number;
  logger?: Logger;
}

export function openRedisRuleLock(opts: RedisRuleLockOptions): RuleLock {
  const lock = new RedisRuleLock(opts);
  return {
    withLock: (key, work) => lock.withLock(key, work),
    close: () => lock.close(),
  };
}

/** One holding of a rule's lock: its key and the token that proves it is ours. */
interface Holding {
  key: RuleKey;
  lockKey: string;
  token: string;
}

class RedisRuleLock {
  private readonly ttlMs: number;
  private readonly redis: Redis;
  private closing: Promise<void> | undefined;

  constructor(private readonly opts: RedisRuleLockOptions) {
    this.ttlMs = Math.max(3, Math.round(opts.ttlMs));
    this.redis = new Redis(opts.redisUrl, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.redis.on('error', (err) =>
      opts.logger?.debug({ err }, 'rule lock: Redis connection error'),
    );
  }

  async withLock<T>(
    key: RuleKey,
    work: () => Promise<T>,
  ): Promise<{ ran: true; value: T } | { ran: false }> {
    const holding = { key, lockKey: ruleLockKey(this.opts.prefix, key), token: randomUUID() };
    if (!(await this.acquire(holding))) return { ran: false };
    const renewal = this.keepRenewed(holding);
    try {
      return { ran: true, value: await work() };
    } finally {
      clearInterval(renewal);
      await this.release(holding);
    }
  }

  close(): Promise<void> {
    return (this.closing ??= this.redis.quit().then(
      () => undefined,
      () => this.redis.disconnect(),
    ));
  }

  /** Whether the lock was free and is now ours; UnavailableError when Redis does not answer. */
  private async acquire({ key, lockKey, token }: Holding): Promise<boolean> {
    let taken: string | null;
    try {
      taken = await withTimeout(
        this.redis.set(lockKey, token, 'PX', this.ttlMs, 'NX'),
        ACQUIRE_TIMEOUT_MS,
        'taking a rule lock',
      );
    } catch (err) {
      throw new UnavailableError(
        `The evaluation lock of rule '${key.ruleId}' could not be taken: Redis is unavailable`,
        err,
      );
    }
    return taken === 'OK';
  }

  /** Renews the lock every ttl/3 while the work runs; warns once if it was lost meanwhile. */
  private keepRenewed({ key, lockKey, token }: Holding): NodeJS.Timeout {
    let lost = false;
    const renewal = setInterval(
      () => {
        this.redis.eval(RENEW, 1, lockKey, token, this.ttlMs).then(
          (kept) => {
            if (kept === 0 && !lost) {
              lost = true;
              this.opts.logger?.warn({ ...key }, 'rule lock lost while its evaluation was running');
            }
          },
          (err: unknown) => this.opts.logger?.warn({ err, ...key }, 'could not renew a rule lock'),
        );
      },
      Math.max(1, Math.floor(this.ttlMs / 3)),
    );
    renewal.unref();
    return renewal;
  }

  private async release({ key, lockKey, token }: Holding): Promise<void> {
    // Not released (Redis down): the lock lapses after ttlMs.
    await this.redis
      .eval(RELEASE, 1, lockKey, token)
      .catch((err: unknown) =>
        this.opts.logger?.warn({ err, ...key }, 'could not release a rule lock'),
      );
  }
}
