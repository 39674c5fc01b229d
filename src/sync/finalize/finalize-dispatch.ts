import type { Logger } from 'pino';
import { AppError } from '../../errors/app-error';
import type { Finalizer } from './finalizer';
import type { JobRef } from '../jobs/job-service-contract';

/**
 * Who runs a finalization once the job is FINALIZE_PENDING: the API process itself (local mode,
 * the response waits and shows FINISHED) or a worker pool behind a queue (queue mode, the
 * response shows FINALIZE_PENDING). Both end in Finalizer.run / Finalizer.giveUp.
 */
export interface FinalizeDispatcher {
  /**
   * The deployment whose finalizations these are (finalize-owner.ts), recorded on each job it
   * accepts; undefined records none, and any deployment may then take the job up.
   */
  readonly owner?: string;
  /** `seq`: the job's place in its scope's finalize order, which names this finalize. */
  dispatch(ref: FinalizeRef): Promise<void>;
}

export interface FinalizeRef extends JobRef {
  seq: number;
}

/** Whether trying again may help: infrastructure faults yes, rejected data no. */
export function isRetryable(err: unknown): boolean {
  return err instanceof AppError ? err.retryable : true;
}

export function inProcessDispatcher(deps: {
  finalizer: Finalizer;
  owner?: string;
  logger: Logger;
  attempts: number;
  backoffMs?: number;
  /** How often a job looks again while an earlier job of its scope is pending. */
  scopeWaitMs?: number;
}): FinalizeDispatcher {
  return {
    ...(deps.owner === undefined ? {} : { owner: deps.owner }),
    dispatch: async (ref) => {
      for (let attempt = 1; ;) {
        const outcome = await deps.finalizer.attempt(ref);
        if (outcome.status === 'final' || outcome.status === 'superseded') return;
        if (outcome.status === 'waiting') {
          await sleep(deps.scopeWaitMs ?? 250);
          continue;
        }
        const err = outcome.error;
        if (!isRetryable(err) || attempt >= deps.attempts) {
          await deps.finalizer.giveUp(ref, err, outcome.run);
          return;
        }
        deps.logger.warn({ err, jobId: ref.jobId, attempt }, 'finalize failed; retrying');
        await sleep((deps.backoffMs ?? 500) * 2 ** (attempt - 1));
        attempt++;
      }
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
