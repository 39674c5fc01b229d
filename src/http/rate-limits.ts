import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthContext } from '../accounts/account-service';
import type { Config } from '../config/config';
import { AppError, RateLimitedError } from '../errors/app-error';
import { accountHeader } from './auth';
import type { Operation } from './route-table';

/** The limits of config.limits (docs/security.md, "Limits"). */
export type LimitSettings = Config['limits'];

/** A request counter's settings: its name, how many per window, the window (s). */
export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  durationSec: number;
}

/**
 * Where the counters live, chosen by the runtime (src/compose/runtime.ts): in this process (local
 * mode) or in Redis, shared by every API process (queue mode).
 */
export type RateLimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

export const memoryRateLimiters: RateLimiterFactory = (options) =>
  new RateLimiterMemory({
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.durationSec,
  });

export interface RateLimitDeps {
  limits: LimitSettings;
  limiters: RateLimiterFactory;
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * Failed authentications, per account header (or `admin`) and client address: the first
 * AUTH_FAILURE_LIMIT of a window answer 401 as usual; past them, every request of that pair is
 * 429 `TOO_MANY_AUTH_FAILURES` until the window ends, a right key included, so that keys cannot be
 * guessed in bursts. `authenticate` is the authentication middleware (auth.ts), wrapped.
 */
export function authFailureLimits(
  deps: RateLimitDeps,
  authenticate: (req: Request, res: Response, next: NextFunction) => Promise<void>,
): RequestHandler {
  const { limits } = deps;
  const failures = deps.limiters({
    keyPrefix: 'auth-failures',
    points: limits.authFailures,
    durationSec: seconds(limits.rateWindowMs),
  });
  return async (req, res, next) => {
    const operation = res.locals.operation as Operation;
    if (operation.access === 'public') return authenticate(req, res, next);
    const who = operation.access === 'admin' ? 'admin' : (accountHeader(req) ?? '-');
    const key = `${who}|${req.ip ?? req.socket.remoteAddress ?? '-'}`;
    const seen = await failures.get(key);
    if (seen !== null && seen.remainingPoints <= 0) {
      throw new RateLimitedError(
        'TOO_MANY_AUTH_FAILURES',
        `More than ${limits.authFailures} failed authentications from this address in ` +
          `${seconds(limits.rateWindowMs)} s (AUTH_FAILURE_LIMIT); retry after ${seconds(seen.msBeforeNext)} s`,
        seconds(seen.msBeforeNext),
      );
    }
    let passed = false;
    try {
      await authenticate(req, res, (err?: unknown) => {
        passed = true;
        next(err);
      });
    } catch (err) {
      const refused = err instanceof AppError && err.code === 'UNAUTHORIZED';
      if (refused && !passed) await spend(failures, key);
      throw err;
    }
  };
}

/** One point of `key`; a counter already spent is not an error here. */
async function spend(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
  }
}

/**
 * Requests per API key and per account in each RATE_LIMIT_WINDOW (account operations, after
 * authentication): over either, 429 `RATE_LIMITED` with `Retry-After`.
 */
export function requestRateLimits(deps: RateLimitDeps): RequestHandler {
  const { limits } = deps;
  const durationSec = seconds(limits.rateWindowMs);
  const perKey = deps.limiters({ keyPrefix: 'rate-key', points: limits.ratePerKey, durationSec });
  const perAccount = deps.limiters({
    keyPrefix: 'rate-account',
    points: limits.ratePerAccount,
    durationSec,
  });
  return async (_req, res, next) => {
    const auth = res.locals.auth as AuthContext | undefined;
    if (auth !== undefined) {
      await take(
        perKey,
        auth.keyId,
        () =>
          `API key '${auth.keyId}' sent more than ${limits.ratePerKey} requests in ${durationSec} s (RATE_LIMIT_PER_KEY)`,
      );
      await take(
        perAccount,
        auth.accountId,
        () =>
          `Account '${auth.accountId}' sent more than ${limits.ratePerAccount} requests in ${durationSec} s (RATE_LIMIT_PER_ACCOUNT)`,
      );
    }
    next();
  };
}

async function take(limiter: RateLimiterAbstract, key: string, what: () => string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const retry = seconds(err.msBeforeNext);
    throw new RateLimitedError('RATE_LIMITED', `${what()}; retry after ${retry} s`, retry);
  }
}
