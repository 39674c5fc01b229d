import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import { redact } from '../rules/evaluation/redact';
import type { OutboundDeps } from './outbound-deps';
import { type Delivered, TransientError, withRetry } from './retry';

/**
 * An AWS SDK failure as the evaluation record shows it: `<what> failed: <error name>: <message>`,
 * e.g. `SNS Publish to arn:aws:sns:us-east-1:1:t failed: NotFound: Topic does not exist`, with
 * every credential text left out. Throttling, 5xx, 429, timeouts and dropped connections (the SDK's
 * own classification, @smithy/core/retry) become a TransientError for withRetry to try again.
 */
export class AwsActionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AwsActionError';
  }
}

export function awsFailure(
  err: unknown,
  what: string,
  context: { secrets: readonly string[]; timeoutMs: number },
): Error {
  // Already described (an AssumeRole failure surfacing through a client's credential provider).
  if (err instanceof AwsActionError || err instanceof TransientError) return err;
  const described =
    err instanceof Error && err.name === 'TimeoutError'
      ? `TimeoutError: no answer within ${context.timeoutMs} ms`
      : describeAwsError(err);
  const message = redact(`${what} failed: ${described}`, context.secrets);
  return isTransient(err)
    ? new TransientError(message, { cause: err })
    : new AwsActionError(message, { cause: err });
}

/** `<name>: <message>`, the name being the AWS error code, or the system error code of a socket. */
export function describeAwsError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const name = err.name === 'Error' && typeof code === 'string' ? code : err.name;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const text = err.message === '' || err.message === name ? '' : `: ${err.message}`;
  const http =
    status !== undefined && (name === 'Unknown' || text === '') ? ` (HTTP ${status})` : '';
  return `${name}${text}${http}`;
}

function isTransient(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const sdkError = err as Parameters<typeof isThrottlingError>[0];
  return isThrottlingError(sdkError) || isTransientError(sdkError) || isServerError(sdkError);
}

/**
 * One AWS call of an action with the delivery's retries: a failure becomes `awsFailure` (transient
 * ones retried), each retry is logged, the answer comes back with the tries made.
 */
export function sendWithRetry<T>(
  deps: OutboundDeps,
  call: {
    type: string;
    /** What is being done, for messages: e.g. `SNS Publish to <arn>`. */
    what: string;
    accountId: string;
    evaluationId: string;
    /** Credential texts to hide in messages (filled while the client signs in). */
    secrets: string[];
    send: () => Promise<T>;
  },
): Promise<Delivered<T>> {
  const { timeoutMs, attempts, backoffMs } = deps.config;
  return withRetry(
    async () => {
      try {
        return await call.send();
      } catch (err) {
        throw awsFailure(err, call.what, { secrets: call.secrets, timeoutMs });
      }
    },
    {
      attempts,
      backoffMs,
      onRetry: (err, attempt) =>
        deps.logger.warn(
          { accountId: call.accountId, evaluationId: call.evaluationId, attempt, err: String(err) },
          `${call.type} retried`,
        ),
    },
  );
}
