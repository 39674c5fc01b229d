import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, type ErrorCode, RateLimitedError } from '../errors/app-error';
import type { components } from '../generated/openapi';

/**
 * The one place where errors become HTTP: the single code -> status switch, and the one envelope
 * `{ "error": { "code", "message" } }`. Errors from body parsing and from the OpenAPI validator are
 * converted to the same envelope first. Anything unrecognised is a 500 and is logged.
 */
export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'BAD_REQUEST':
    case 'VALIDATION_ERROR':
    case 'INVALID_JSON':
    case 'MISSING_ACCOUNT_HEADER':
    case 'J1QL_SYNTAX_ERROR':
    case 'J1QL_INVALID_QUERY':
    case 'INTEGRATION_SECRETS_DISABLED':
    case 'QUERY_TOO_COMPLEX':
      return 400;
    case 'UNAUTHORIZED':
      return 401;
    case 'FORBIDDEN':
    case 'INSUFFICIENT_ROLE':
    case 'INVALID_UPLOAD_URL':
      return 403;
    case 'NOT_FOUND':
    case 'ENTITY_NOT_FOUND':
    case 'RAW_DATA_NOT_FOUND':
    case 'PARAMETER_NOT_FOUND':
    case 'RULE_NOT_FOUND':
    case 'ALERT_NOT_FOUND':
    case 'QUESTION_NOT_FOUND':
    case 'EVALUATION_NOT_FOUND':
    case 'INTEGRATION_NOT_FOUND':
    case 'ADMIN_API_DISABLED':
      return 404;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'CONFLICT':
    case 'ACCOUNT_EXISTS':
    case 'JOB_NOT_AWAITING_UPLOADS':
    case 'JOB_NOT_STOPPED_BY_DELETE_GUARD':
    case 'PREVIEW_NOT_SUPPORTED':
    case 'BULK_FILE_ALREADY_UPLOADED':
    case 'CORRELATION_ID_REUSED':
    case 'ENTITY_DELETED':
    case 'PROPERTY_PINNED':
    case 'RULE_NAME_TAKEN':
    case 'ALERT_NOT_ACTIVE':
    case 'QUESTION_IN_USE':
    case 'RULE_EVALUATION_RUNNING':
    case 'INTEGRATION_NAME_TAKEN':
      return 409;
    case 'RequestEntityTooLargeException':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'RATE_LIMITED':
    case 'TOO_MANY_AUTH_FAILURES':
    case 'TOO_MANY_CONCURRENT_REQUESTS':
      return 429;
    case 'SERVICE_UNAVAILABLE':
      return 503;
    case 'INTERNAL_ERROR':
      return 500;
  }
}

export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const appError = toAppError(err);
    const status = statusOf(appError.code);
    const log = (req as { log?: Logger }).log ?? logger;
    if (status >= 500) log.error({ err }, 'request failed');
    else log.info({ code: appError.code, msg: appError.message }, 'request rejected');
    if (appError instanceof RateLimitedError)
      res.setHeader('Retry-After', String(appError.retryAfterSeconds));
    const body = { code: appError.code, message: appError.message };
    const details = appError.details === undefined ? {} : { details: appError.details };
    const answer: components['schemas']['ErrorResponse'] = { error: { ...body, ...details } };
    res.status(status).json(answer);
  };
}

interface BodyParserError {
  type: string;
  status?: number;
  limit?: number;
  encoding?: string;
  charset?: string;
  message: string;
}

interface ValidatorError {
  status: number;
  message: string;
  errors?: Array<{ path?: string; message?: string }>;
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isBodyParserError(err)) return fromBodyParser(err);
  if (isValidatorError(err)) return fromValidator(err);
  if (isClientHttpError(err)) return fromClientHttpError(err);
  return new AppError('INTERNAL_ERROR', 'Internal server error');
}

/** zlib's error codes: `Z_DATA_ERROR` (gzip, deflate), `ERR__ERROR_FORMAT_...` (brotli). */
const DECOMPRESSION_ERROR = /^(Z_|ERR__ERROR_|ERR_BROTLI)/;

/**
 * Other errors that the request caused and that say so (http-errors style `expose` with a 4xx
 * status), e.g. zlib's when a body labelled gzip or br is not that.
 */
function fromClientHttpError(err: ClientHttpError): AppError {
  if (typeof err.code === 'string' && DECOMPRESSION_ERROR.test(err.code)) {
    return new AppError('BAD_REQUEST', `Request body could not be decompressed: ${err.message}`);
  }
  switch (err.status) {
    case 413:
      return new AppError('RequestEntityTooLargeException', err.message);
    case 415:
      return new AppError('UNSUPPORTED_MEDIA_TYPE', err.message);
    default:
      return new AppError('BAD_REQUEST', err.message);
  }
}

interface ClientHttpError {
  status: number;
  expose: true;
  message: string;
  code?: unknown;
}

function isClientHttpError(err: unknown): err is ClientHttpError {
  if (!(err instanceof Error)) return false;
  const e = err as Error & { status?: unknown; expose?: unknown };
  return e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500;
}

function fromBodyParser(err: BodyParserError): AppError {
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('INVALID_JSON', `Malformed JSON in request body: ${err.message}`);
    case 'entity.too.large':
      return new AppError(
        'RequestEntityTooLargeException',
        `Request body is larger than the limit of ${String(err.limit)} bytes`,
      );
    case 'encoding.unsupported':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Unsupported Content-Encoding '${String(err.encoding)}'`,
      );
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported charset '${String(err.charset)}'`);
    case 'request.aborted':
      return new AppError('BAD_REQUEST', 'The request was aborted by the client');
    case 'request.size.invalid':
      return new AppError('BAD_REQUEST', 'The request body does not match its Content-Length');
    default:
      if (err.status !== undefined && err.status >= 400 && err.status < 500) {
        return new AppError('BAD_REQUEST', `Unreadable request body: ${err.message}`);
      }
      return new AppError('INTERNAL_ERROR', 'Internal server error');
  }
}

function fromValidator(err: ValidatorError): AppError {
  switch (err.status) {
    case 400:
      return new AppError('VALIDATION_ERROR', describeValidation(err));
    case 404:
      return new AppError('NOT_FOUND', 'Not found');
    case 405:
      return new AppError('METHOD_NOT_ALLOWED', err.message);
    case 413:
      return new AppError('RequestEntityTooLargeException', err.message);
    case 415:
      return new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported Content-Type: ${err.message}`);
    default:
      return new AppError('INTERNAL_ERROR', 'Internal server error');
  }
}

/** "/body/features/0 must be ..." -> "/features/0 must be ..."; query and header names spelled out. */
function describeValidation(err: ValidatorError): string {
  const parts = (err.errors ?? []).map((e) => {
    const p = e.path ?? '';
    const message = e.message ?? 'is invalid';
    const [, where, rest] =
      /^\/?(body|query|headers|path|params)(\/.*)?$/.exec(p.replace(/^\.?/, '')) ?? [];
    if (where === 'body') return `${rest ?? '/'} ${message}`;
    if (where === 'query') return `query parameter '${(rest ?? '').slice(1)}' ${message}`;
    if (where === 'headers') return `header '${(rest ?? '').slice(1)}' ${message}`;
    if (where === 'path' || where === 'params')
      return `path parameter '${(rest ?? '').slice(1)}' ${message}`;
    return p === '' ? message : `${p} ${message}`;
  });
  return parts.length > 0 ? parts.join('; ') : err.message;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { type?: unknown }).type === 'string' &&
    err instanceof Error
  );
}

function isValidatorError(err: unknown): err is ValidatorError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { status?: unknown }).status === 'number' &&
    Array.isArray((err as { errors?: unknown }).errors)
  );
}
