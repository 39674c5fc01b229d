/**
 * Every error the service raises on purpose. Each carries a stable `code` (what clients branch on),
 * a message meant for people, and whether retrying may help. HTTP status is NOT decided here:
 * src/http/error-handler.ts holds the single code -> status switch.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'INVALID_JSON'
  | 'MISSING_ACCOUNT_HEADER'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'INSUFFICIENT_ROLE'
  | 'NOT_FOUND'
  | 'ENTITY_NOT_FOUND'
  | 'RAW_DATA_NOT_FOUND'
  | 'PARAMETER_NOT_FOUND'
  | 'RULE_NOT_FOUND'
  | 'ALERT_NOT_FOUND'
  | 'QUESTION_NOT_FOUND'
  | 'EVALUATION_NOT_FOUND'
  | 'INTEGRATION_NOT_FOUND'
  | 'ADMIN_API_DISABLED'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'ACCOUNT_EXISTS'
  | 'JOB_NOT_AWAITING_UPLOADS'
  | 'JOB_NOT_STOPPED_BY_DELETE_GUARD'
  | 'PREVIEW_NOT_SUPPORTED'
  | 'BULK_FILE_ALREADY_UPLOADED'
  | 'CORRELATION_ID_REUSED'
  | 'ENTITY_DELETED'
  | 'PROPERTY_PINNED'
  | 'RULE_NAME_TAKEN'
  | 'ALERT_NOT_ACTIVE'
  | 'QUESTION_IN_USE'
  | 'RULE_EVALUATION_RUNNING'
  | 'INTEGRATION_NAME_TAKEN'
  | 'INTEGRATION_SECRETS_DISABLED'
  | 'J1QL_SYNTAX_ERROR'
  | 'J1QL_INVALID_QUERY'
  | 'QUERY_TOO_COMPLEX'
  | 'INVALID_UPLOAD_URL'
  | 'RequestEntityTooLargeException'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'TOO_MANY_AUTH_FAILURES'
  | 'TOO_MANY_CONCURRENT_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  /** Machine-readable specifics a client can act on (e.g. where a query stopped parsing). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { retryable?: boolean; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.details = options.details;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, code: ErrorCode = 'VALIDATION_ERROR') {
    super(code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super('UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string, code: ErrorCode = 'FORBIDDEN') {
    super(code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, code: ErrorCode = 'NOT_FOUND') {
    super(code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'CONFLICT') {
    super(code, message);
  }
}

/** A dependency (Neo4j, Redis) is unreachable or failed transiently: safe to retry. */
export class UnavailableError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('SERVICE_UNAVAILABLE', message, { retryable: true, cause });
  }
}

/** Finalization rejected the data: the job becomes FAILED and is not retried. */
export class DataRejectedError extends AppError {
  constructor(message: string) {
    super('VALIDATION_ERROR', message);
  }
}

/** Work refused because a limit of docs/security.md ("Limits") was reached: 429, `Retry-After`. */
export class RateLimitedError extends AppError {
  /** Whole seconds after which a retry may succeed (the `Retry-After` header). */
  readonly retryAfterSeconds: number;

  constructor(
    code: 'RATE_LIMITED' | 'TOO_MANY_AUTH_FAILURES' | 'TOO_MANY_CONCURRENT_REQUESTS',
    message: string,
    retryAfterSeconds: number,
  ) {
    super(code, message, { retryable: true });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** A query or rule past a complexity bound (docs/security.md, "Limits"): 400, checked before it runs. */
export class TooComplexError extends AppError {
  constructor(
    code: 'QUERY_TOO_COMPLEX',
    message: string,
    bound: { name: string; value: number; limit: number },
  ) {
    super(code, message, {
      details: { bound: bound.name, value: bound.value, limit: bound.limit },
    });
  }
}
