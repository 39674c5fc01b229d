import type { RequestHandler } from 'express';
import type { AuthContext } from '../accounts/account-service';
import { RateLimitedError } from '../errors/app-error';
import type { Operation } from './route-table';

/** The operations that run J1QL in Neo4j: queries, dry runs and rule evaluations on request. */
export const CONCURRENCY_LIMITED_OPERATIONS: ReadonlySet<string> = new Set([
  'runQuery',
  'dryRunRule',
  'evaluateRule',
  'previewSyncJobFinalize',
]);

/**
 * At most ACCOUNT_MAX_CONCURRENT of an account's queries, dry runs and rule evaluations run at
 * once in this API process; one more is answered 429 `TOO_MANY_CONCURRENT_REQUESTS` with
 * `Retry-After: 1`. A slot is given back when the response ends or the client goes away.
 * (Per process: N API processes allow N times as many; scheduled evaluations are bounded by
 * WORKER_CONCURRENCY instead.)
 */
export function accountConcurrency(maxConcurrent: number): RequestHandler {
  const running = new Map<string, number>();
  const release = (accountId: string): void => {
    const left = (running.get(accountId) ?? 1) - 1;
    if (left <= 0) running.delete(accountId);
    else running.set(accountId, left);
  };
  return (_req, res, next) => {
    const operation = res.locals.operation as Operation;
    const auth = res.locals.auth as AuthContext | undefined;
    if (auth === undefined || !CONCURRENCY_LIMITED_OPERATIONS.has(operation.operationId)) {
      next();
      return;
    }
    const now = running.get(auth.accountId) ?? 0;
    if (now >= maxConcurrent) {
      throw new RateLimitedError(
        'TOO_MANY_CONCURRENT_REQUESTS',
        `Account '${auth.accountId}' already runs ${now} queries, dry runs or rule evaluations; ` +
          `at most ${maxConcurrent} run at once (ACCOUNT_MAX_CONCURRENT)`,
        1,
      );
    }
    running.set(auth.accountId, now + 1);
    let released = false;
    const done = (): void => {
      if (released) return;
      released = true;
      release(auth.accountId);
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
