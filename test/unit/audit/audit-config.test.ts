import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config/config';

/** AUDIT_RETENTION_DAYS: how long audit events are kept, read once into the configuration. */
describe('AUDIT_RETENTION_DAYS', () => {
  const DAY = 86_400_000;

  it('defaults to 365 days, and takes a whole number of days from 1 to 36500', () => {
    assert.deepEqual(loadConfig({}).audit, { retentionMs: 365 * DAY });
    assert.deepEqual(loadConfig({ AUDIT_RETENTION_DAYS: ' ' }).audit, { retentionMs: 365 * DAY });
    assert.deepEqual(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).audit, { retentionMs: 30 * DAY });
    assert.deepEqual(loadConfig({ AUDIT_RETENTION_DAYS: '36500' }).audit, {
      retentionMs: 36_500 * DAY,
    });
  });

  it('refuses other values, naming the variable', () => {
    for (const [value, message] of [
      ['0', /^AUDIT_RETENTION_DAYS must be at least 1 \(got '0'\)$/],
      ['36501', /^AUDIT_RETENTION_DAYS must be at most 36500 \(got '36501'\)$/],
      ['1.5', /^AUDIT_RETENTION_DAYS must be a whole number of days \(got '1.5'\)$/],
      ['a year', /^AUDIT_RETENTION_DAYS .*\(got 'a year'\)$/],
    ] as const) {
      assert.throws(
        () => loadConfig({ AUDIT_RETENTION_DAYS: value }),
        (err: Error & { problems?: string[] }) => {
          assert.equal(err.problems?.length, 1, String(err.problems));
          assert.match(err.problems[0]!, message);
          return true;
        },
      );
    }
  });
});
