import assert from 'node:assert/strict';
import { dateValue, regexPattern } from '../../../src/query/j1ql/compile/values';
import { InvalidQueryError } from '../../../src/query/j1ql/query-errors';

/** J1QL dates and regular expressions as the compiler hands them to Neo4j. */
const NOW = Date.UTC(2030, 2, 31, 12, 0, 0); // 31 March: month arithmetic must not overflow oddly
const AT = { line: 1, column: 1, offset: 0 };

describe('J1QL values', () => {
  it('date.now ± N unit: fixed lengths up to weeks, the calendar for months and years', () => {
    const now = (amount: number, unit: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year') =>
      dateValue({ kind: 'now', offset: { amount, unit } }, NOW);
    assert.equal(dateValue({ kind: 'now' }, NOW), NOW);
    assert.equal(now(-30, 'minute'), NOW - 30 * 60_000);
    assert.equal(now(24, 'hour'), NOW + 86_400_000);
    assert.equal(now(-7, 'day'), NOW - 7 * 86_400_000);
    assert.equal(now(2, 'week'), NOW + 14 * 86_400_000);
    assert.equal(now(-1, 'year'), Date.UTC(2029, 2, 31, 12));
    assert.equal(now(-13, 'month'), Date.UTC(2029, 1, 31, 12)); // JavaScript's overflow: 3 March 2029
  });

  it('date(ISO-8601) from a bare year to milliseconds with a zone; anything else is a 400', () => {
    assert.equal(dateValue({ kind: 'date', iso: '2019', at: AT }, NOW), Date.UTC(2019, 0, 1));
    assert.equal(
      dateValue({ kind: 'date', iso: '2019-10-30', at: AT }, NOW),
      Date.UTC(2019, 9, 30),
    );
    assert.equal(
      dateValue({ kind: 'date', iso: '2019-10-30T01:02:03.004+02:00', at: AT }, NOW),
      Date.UTC(2019, 9, 29, 23, 2, 3, 4),
    );
    // A time without a zone is UTC, whatever the server's zone.
    assert.equal(
      dateValue({ kind: 'date', iso: '2019-10-30T10:00', at: AT }, NOW),
      Date.UTC(2019, 9, 30, 10),
    );
    assert.equal(
      dateValue({ kind: 'date', iso: '2019-10-30T10:00:00+0200', at: AT }, NOW),
      Date.UTC(2019, 9, 30, 8),
    );
    for (const bad of ['tomorrow', '1', '2019-13-01', '30/10/2019']) {
      assert.throws(
        () => dateValue({ kind: 'date', iso: bad, at: AT }, NOW),
        InvalidQueryError,
        bad,
      );
    }
  });

  it('regular expressions: anchored by the operator, i for case, the documented subset only', () => {
    assert.equal(regexPattern('ab\\d', 'i', 'none', AT), '(?iu)(?s:.*)(?:ab\\d)(?s:.*)');
    assert.equal(regexPattern('[a-z]+', '', 'start', AT), '(?:[a-z]+)(?s:.*)');
    assert.equal(regexPattern('x', '', 'end', AT), '(?s:.*)(?:x)');
    assert.equal(
      regexPattern('[(|)]', '', 'none', AT),
      '(?s:.*)(?:[(|)])(?s:.*)',
      'inside a class anything goes',
    );
    // Where Java reads JavaScript's text differently: [ and & in a class, a { starting no bound.
    assert.equal(regexPattern('[b&&o[]', '', 'start', AT), '(?:[b\\&\\&o\\[])(?s:.*)');
    assert.equal(regexPattern('a{x}b{2,3}', '', 'start', AT), '(?:a\\{x}b{2,3})(?s:.*)');
    // One unbounded repetition at most: more can backtrack for hours in Java.
    assert.equal(regexPattern('a*b{1,5}c?', '', 'none', AT), '(?s:.*)(?:a*b{1,5}c?)(?s:.*)');
    for (const slow of ['a*a*b', 'a+b+', 'a{2,}b*', 'a{1,50}b+']) {
      assert.throws(
        () => regexPattern(slow, '', 'none', AT),
        new RegExp(
          `^InvalidQueryError: Regular expression /${slow.replace(/[{}*+]/g, '\\$&')}/ repeats more than one part`,
        ),
      );
    }
    for (const bad of ['(a)', 'a|b', '^a', 'a$', '\\s', '[a']) {
      assert.throws(() => regexPattern(bad, '', 'none', AT), InvalidQueryError, bad);
    }
    assert.throws(() => regexPattern('a', 'm', 'none', AT), /flag 'm' is not supported/);
  });
});
