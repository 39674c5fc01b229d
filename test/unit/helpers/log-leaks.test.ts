import assert from 'node:assert/strict';
import { findLeaks } from '../../helpers/log-leaks';

/** The log scan of the test runs (test/helpers/log-capture.ts) finds what it must. */
describe('log scan: secrets in log lines', () => {
  const key = `gsk_${'A1b2_-'.repeat(7)}x`;
  const lines = [
    '{"msg":"request completed","req":{"url":"/account"}}',
    '{"req":{"url":"/persister/synchronization/bulk-uploads/j?accountId=a&signature=[redacted]"}}',
  ];

  it('finds nothing in clean lines', () => {
    assert.deepEqual(findLeaks(lines, new Map([['s3cr3t-value', 'a parameter']])), []);
  });

  it('finds a registered secret and names it, the value elided', () => {
    const leaky = [...lines, '{"msg":"failed: s3cr3t-value was refused"}'];
    assert.deepEqual(findLeaks(leaky, new Map([['s3cr3t-value', 'secret parameter token']])), [
      'secret parameter token: {"msg":"failed: <secret> was refused"}',
    ]);
  });

  it('finds an API key and an unredacted signature without registration', () => {
    const leaky = [
      ...lines,
      `{"msg":"Bearer ${key}"}`,
      '{"req":{"url":"/x?expiresAt=1&signature=abcDEF123"}}',
    ];
    assert.deepEqual(findLeaks(leaky, new Map()), [
      'an API key: {"msg":"Bearer <secret>"}',
      'a signed URL signature: {"req":{"url":"/x?expiresAt=1&<secret>"}}',
    ]);
  });
});
