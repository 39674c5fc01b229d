import assert from 'node:assert/strict';
import { AppError, type ErrorCode } from '../../../src/errors/app-error';
import { statusOf, toAppError } from '../../../src/http/error-handler';

function bodyParserError(type: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error('boom'), { type }, extra);
}

describe('error mapping', () => {
  it('maps each code to one status', () => {
    const expected: Array<[ErrorCode, number]> = [
      ['VALIDATION_ERROR', 400],
      ['MISSING_ACCOUNT_HEADER', 400],
      ['INVALID_JSON', 400],
      ['UNAUTHORIZED', 401],
      ['FORBIDDEN', 403],
      ['INSUFFICIENT_ROLE', 403],
      ['NOT_FOUND', 404],
      ['ADMIN_API_DISABLED', 404],
      ['METHOD_NOT_ALLOWED', 405],
      ['ACCOUNT_EXISTS', 409],
      ['INTEGRATION_SECRETS_DISABLED', 400],
      ['INTEGRATION_NOT_FOUND', 404],
      ['INTEGRATION_NAME_TAKEN', 409],
      ['RequestEntityTooLargeException', 413],
      ['UNSUPPORTED_MEDIA_TYPE', 415],
      ['RATE_LIMITED', 429],
      ['TOO_MANY_AUTH_FAILURES', 429],
      ['TOO_MANY_CONCURRENT_REQUESTS', 429],
      ['QUERY_TOO_COMPLEX', 400],
      ['INTERNAL_ERROR', 500],
      ['SERVICE_UNAVAILABLE', 503],
    ];
    for (const [code, status] of expected) assert.equal(statusOf(code), status, code);
  });

  it('converts body-parser errors', () => {
    assert.equal(toAppError(bodyParserError('entity.parse.failed')).code, 'INVALID_JSON');
    const tooLarge = toAppError(bodyParserError('entity.too.large', { limit: 1024 }));
    assert.equal(tooLarge.code, 'RequestEntityTooLargeException');
    assert.equal(tooLarge.message, 'Request body is larger than the limit of 1024 bytes');
    assert.equal(
      toAppError(bodyParserError('encoding.unsupported', { encoding: 'zip' })).message,
      "Unsupported Content-Encoding 'zip'",
    );
  });

  it('converts validator errors into one readable message', () => {
    const err = toAppError({
      status: 400,
      message: 'x',
      errors: [
        { path: '/body/id', message: 'must match pattern "^a$"' },
        { path: '/query/limit', message: 'must be integer' },
      ],
    });
    assert.equal(err.code, 'VALIDATION_ERROR');
    assert.equal(
      err.message,
      '/id must match pattern "^a$"; query parameter \'limit\' must be integer',
    );
  });

  it('passes AppErrors through and hides anything else behind a 500', () => {
    const mine = new AppError('FORBIDDEN', 'no');
    assert.equal(toAppError(mine), mine);
    const unknown = toAppError(new TypeError('secret internals'));
    assert.equal(unknown.code, 'INTERNAL_ERROR');
    assert.equal(unknown.message, 'Internal server error');
  });
});
