import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config/config';

/** HISTORY_RETENTION_DAYS: how long changes and soft-deleted objects are kept (decision 0045). */
describe('HISTORY_RETENTION_DAYS', () => {
  const DAY = 86_400_000;

  it('defaults to 90 days, and takes a whole number of days from 1 to 36500', () => {
    assert.deepEqual(loadConfig({}).history, { retentionMs: 90 * DAY });
    assert.deepEqual(loadConfig({ HISTORY_RETENTION_DAYS: ' ' }).history, {
      retentionMs: 90 * DAY,
    });
    assert.deepEqual(loadConfig({ HISTORY_RETENTION_DAYS: '7' }).history, {
      retentionMs: 7 * DAY,
    });
  });

  it('refuses other values, naming the variable', () => {
    for (const [value, message] of [
      ['0', /^HISTORY_RETENTION_DAYS must be at least 1 \(got '0'\)$/],
      ['36501', /^HISTORY_RETENTION_DAYS must be at most 36500 \(got '36501'\)$/],
      ['1.5', /^HISTORY_RETENTION_DAYS must be a whole number of days \(got '1.5'\)$/],
    ] as const) {
      assert.throws(
        () => loadConfig({ HISTORY_RETENTION_DAYS: value }),
        (err: Error & { problems?: string[] }) => {
          assert.equal(err.problems?.length, 1, String(err.problems));
          assert.match(err.problems[0]!, message);
          return true;
        },
      );
    }
  });
});
