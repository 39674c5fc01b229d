/**
 * Delivery with retries for outbound actions (issue 8): a failure marked transient (a timeout, a
 * 5xx, a 429, a dropped connection) is tried again after a doubling delay, up to `attempts` tries
 * in all; any other failure, or the last transient one, rejects at once with its message.
 */
export class TransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}

export interface RetryOptions {
  attempts: number;
  backoffMs: number;
  /** Told of each failed try that will be retried. */
  onRetry?: (err: unknown, attempt: number) => void;
  /** Tests: how to wait. */
  sleep?: (ms: number) => Promise<void>;
}

export interface Delivered<T> {
  value: T;
  /** Tries made, 1 when the first succeeded. */
  attempts: number;
}

export async function withRetry<T>(
  work: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<Delivered<T>> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await work(attempt), attempts: attempt };
    } catch (err) {
      if (!(err instanceof TransientError) || attempt >= options.attempts) {
        throw attempt > 1 && err instanceof Error
          ? new Error(`${err.message} (after ${attempt} attempts)`, { cause: err })
          : err;
      }
      options.onRetry?.(err, attempt);
      await sleep(options.backoffMs * 2 ** (attempt - 1));
    }
  }
}
