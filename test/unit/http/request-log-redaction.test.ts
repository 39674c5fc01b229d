import assert from 'node:assert/strict';
import { redactUrl } from '../../../src/http/request-log';

/** The request log's URL: sensitive query values replaced, everything else as sent. */
describe('request log: URL redaction', () => {
  it('replaces the values of signature, key, token, secret and password parameters', () => {
    assert.equal(
      redactUrl('/bulk/j?accountId=a&expiresAt=1&signature=abc'),
      '/bulk/j?accountId=a&expiresAt=1&signature=[redacted]',
    );
    assert.equal(
      redactUrl('/x?api_key=1&Token=2&client_secret=3&passwd=4&X-Amz-Credential=5&limit=6'),
      '/x?api_key=[redacted]&Token=[redacted]&client_secret=[redacted]&passwd=[redacted]&X-Amz-Credential=[redacted]&limit=6',
    );
  });

  it('reads encoded names, and leaves URLs without a query string alone', () => {
    assert.equal(redactUrl('/x?%73ignature=abc&a=b'), '/x?%73ignature=[redacted]&a=b');
    assert.equal(redactUrl('/account'), '/account');
    assert.equal(redactUrl('/x?flag&key'), '/x?flag&key');
  });
});
