import type { Logger } from 'pino';
import { AppError } from '../errors/app-error';
import type { Finalizer } from './finalizer';
import type { JobRef } from './job-service-contract';

/**
 * Who runs a finalization once the job is FINALIZE_PENDING: the API process itself (local mode,
 * the response waits and shows FINISHED) or a worker pool behind a queue (queue mode, the
 * response shows FINALIZE_PENDING). Both end in Finalizer.run / Finalizer.giveUp.
 */
export interface FinalizeDispatcher {
  dispatch(ref: JobRef): Promise<void>;
}

/** Whether trying again may help: infrastructure faults yes, rejected data no. */
export function isRetryable(err: unknown): boolean {
  return err instanceof AppError ? err.retryable : true;
}

export function inProcessDispatcher(deps: {
  finalizer: Finalizer;
  logger: Logger;
  attempts: number;
  backoffMs?: number;
}): FinalizeDispatcher {
  return {
    dispatch: async (ref) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await deps.finalizer.run(ref);
          return;
        } catch (err) {
          if (!isRetryable(err) || attempt >= deps.attempts) {
            await deps.finalizer.giveUp(ref, err);
            return;
          }
          deps.logger.warn({ err, jobId: ref.jobId, attempt }, 'finalize failed; retrying');
          await new Promise((r) => setTimeout(r, (deps.backoffMs ?? 500) * 2 ** (attempt - 1)));
        }
      }
    },
  };
}
