import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config/config';
import { periodBefore, periodText } from '../../../src/notifications/digest-period';
import { digestSubject, digestView, type DigestRow } from '../../../src/notifications/digest-view';
import { timeText } from '../../../src/notifications/levels';
import { linksOf } from '../../../src/notifications/links';

const at = (iso: string) => Date.parse(iso);

describe('digest periods', () => {
  it('DAILY is the last completed UTC day', () => {
    assert.deepEqual(periodBefore('DAILY', at('2026-11-30T03:40:00Z')), {
      from: at('2026-11-29T00:00:00Z'),
      to: at('2026-11-30T00:00:00Z'),
    });
    // At midnight exactly, the day that just ended.
    assert.deepEqual(periodBefore('DAILY', at('2026-11-30T00:00:00Z')), {
      from: at('2026-11-29T00:00:00Z'),
      to: at('2026-11-30T00:00:00Z'),
    });
    assert.deepEqual(periodBefore('DAILY', at('2026-11-29T23:59:59.999Z')), {
      from: at('2026-11-28T00:00:00Z'),
      to: at('2026-11-29T00:00:00Z'),
    });
  });

  it('WEEKLY is the last completed Monday-to-Monday UTC week', () => {
    // 2026-11-30 is a Monday.
    const week = { from: at('2026-11-23T00:00:00Z'), to: at('2026-11-30T00:00:00Z') };
    assert.deepEqual(periodBefore('WEEKLY', at('2026-11-30T00:00:00Z')), week);
    assert.deepEqual(periodBefore('WEEKLY', at('2026-12-06T23:59:00Z')), week);
    assert.deepEqual(periodBefore('WEEKLY', at('2026-11-29T23:59:00Z')), {
      from: at('2026-11-16T00:00:00Z'),
      to: at('2026-11-23T00:00:00Z'),
    });
    assert.equal(new Date(week.from).getUTCDay(), 1);
  });

  it('DIGEST_PERIOD_OVERRIDE makes every period that long, aligned to its multiples', () => {
    assert.deepEqual(periodBefore('DAILY', 10_500, 3000), { from: 6000, to: 9000 });
    assert.deepEqual(periodBefore('WEEKLY', 12_000, 3000), { from: 9000, to: 12_000 });
  });

  it('names the period: a day, a week, or two times', () => {
    const day = periodBefore('DAILY', at('2026-11-30T03:40:00Z'));
    assert.equal(periodText(day, timeText), '29 Nov 2026');
    const week = periodBefore('WEEKLY', at('2026-11-30T03:40:00Z'));
    assert.equal(periodText(week, timeText), '23 Nov to 30 Nov 2026');
    const newYear = periodBefore('WEEKLY', at('2027-01-04T03:40:00Z'));
    assert.equal(periodText(newYear, timeText), '28 Dec 2026 to 4 Jan 2027');
    assert.equal(
      periodText({ from: 0, to: 3000 }, timeText),
      '1970-01-01 00:00 UTC to 1970-01-01 00:00 UTC',
    );
  });

  it('DIGEST_TICK defaults to 15 minutes; DIGEST_PERIOD_OVERRIDE is unset unless given', () => {
    assert.deepEqual(loadConfig({}).digest, { tickMs: 900_000, periodOverrideMs: undefined });
    assert.deepEqual(loadConfig({ DIGEST_TICK: '300ms', DIGEST_PERIOD_OVERRIDE: '3s' }).digest, {
      tickMs: 300,
      periodOverrideMs: 3000,
    });
    assert.throws(
      () => loadConfig({ DIGEST_TICK: '10ms' }),
      /DIGEST_TICK must be from 100ms to 24h/,
    );
    assert.throws(
      () => loadConfig({ DIGEST_PERIOD_OVERRIDE: '500ms' }),
      /DIGEST_PERIOD_OVERRIDE must be at least 1s/,
    );
  });
});

describe('the digest view', () => {
  const links = linksOf('https://gs.example.com');
  const period = periodBefore('DAILY', at('2026-11-30T03:40:00Z'));
  const row = (over: Partial<DigestRow>): DigestRow => ({
    ruleId: 'r1',
    ruleName: 'Public hosts',
    level: 'HIGH',
    opened: 0,
    open: 0,
    dismissed: 0,
    ...over,
  });

  it('groups by level, highest first, then by rule name, with counts and totals', () => {
    const view = digestView({
      accountId: 'acme',
      frequency: 'DAILY',
      period,
      now: at('2026-11-30T03:40:00Z'),
      links,
      rows: [
        row({ ruleId: 'r3', ruleName: 'Zombie keys', level: 'LOW', opened: 1, open: 1 }),
        row({ ruleId: 'r1', ruleName: 'Public hosts', level: 'HIGH', opened: 2, open: 1 }),
        row({ ruleId: 'r2', ruleName: 'Admin users', level: 'HIGH', dismissed: 1 }),
        row({ ruleId: 'r4', ruleName: 'Odd', level: null, open: 1 }),
        row({ ruleId: 'r5', ruleName: 'Crit', level: 'critical', opened: 1 }),
      ],
    });
    assert.deepEqual(
      view.levels.map((l) => [l.level.name, l.rules.map((r) => r.rule.name)]),
      [
        ['CRITICAL', ['Crit']],
        ['HIGH', ['Admin users', 'Public hosts']],
        ['LOW', ['Zombie keys']],
        ['NO LEVEL', ['Odd']],
      ],
    );
    assert.deepEqual(view.totals, { opened: 4, open: 3, dismissed: 1 });
    const hosts = view.levels[1]!.rules[1]!;
    assert.deepEqual([hosts.opened, hosts.open, hosts.dismissed], [2, 1, 0]);
    assert.equal(hosts.alertLink, 'https://gs.example.com/console/alerts?ruleId=r1');
    assert.equal(hosts.rule.link, 'https://gs.example.com/console/rules/r1');
    assert.equal(
      view.subject,
      'graphsync daily digest: 4 alerts opened, 3 open, 1 dismissed (29 Nov 2026)',
    );
    assert.equal(view.from, '2026-11-29 00:00 UTC');
    assert.equal(view.to, '2026-11-30 00:00 UTC');
    assert.equal(view.alertsLink, 'https://gs.example.com/console/alerts');
  });

  it('an empty period has no levels; the subject counts one alert in the singular', () => {
    const view = digestView({
      accountId: 'a',
      frequency: 'WEEKLY',
      period,
      now: 0,
      links,
      rows: [],
    });
    assert.deepEqual(view.levels, []);
    assert.equal(
      digestSubject('WEEKLY', { opened: 1, open: 0, dismissed: 0 }, 'x'),
      'graphsync weekly digest: 1 alert opened, 0 open, 0 dismissed (x)',
    );
  });
});
