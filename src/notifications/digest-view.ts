import type { DigestCadence } from '../accounts/digest-settings';
import { ruleView } from './alert-view';
import type { DigestPeriod } from './digest-period';
import { periodText } from './digest-period';
import { LEVELS_HIGH_FIRST, alertLevelOf, levelView, timeText } from './levels';
import type { Links } from './links';
import type { DigestLevelView, DigestRuleView, DigestView, LevelView } from './views';

/** One rule's alerts at one level in the period (digests/period-alerts.cypher's rows). */
export interface DigestRow {
  ruleId: string;
  ruleName: string;
  level: unknown;
  opened: number;
  open: number;
  dismissed: number;
}

/** Alerts whose level is none of the five: listed last, under this badge. */
const NO_LEVEL: LevelView = { name: 'NO LEVEL', colour: '#546e7a', textColour: '#ffffff' };

/**
 * The digest's view: the period's alerts by level (highest first, then alerts without a level)
 * and, within a level, by rule name; counts per rule and in all. Pure: rows and times in, no IO.
 */
export function digestView(input: {
  accountId: string;
  frequency: DigestCadence;
  period: DigestPeriod;
  rows: readonly DigestRow[];
  links: Links;
  now: number;
}): DigestView {
  const { period, links } = input;
  const levels = groupByLevel(input.rows, links);
  const totals = { opened: 0, open: 0, dismissed: 0 };
  for (const row of input.rows) {
    totals.opened += row.opened;
    totals.open += row.open;
    totals.dismissed += row.dismissed;
  }
  return {
    kind: 'digest',
    subject: digestSubject(input.frequency, totals, periodText(period, timeText)),
    consoleLink: links.console,
    time: timeText(input.now),
    accountId: input.accountId,
    frequency: input.frequency,
    from: timeText(period.from),
    to: timeText(period.to),
    levels,
    totals,
    alertsLink: links.alerts,
  };
}

/** `graphsync daily digest: 3 alerts opened, 5 open, 1 dismissed (29 Nov 2026)`. */
export function digestSubject(
  frequency: DigestCadence,
  totals: DigestView['totals'],
  when: string,
): string {
  const alerts = (n: number) => `${n} ${n === 1 ? 'alert' : 'alerts'}`;
  const counts = `${alerts(totals.opened)} opened, ${totals.open} open, ${totals.dismissed} dismissed`;
  return `graphsync ${frequency.toLowerCase()} digest: ${counts} (${when})`;
}

function groupByLevel(rows: readonly DigestRow[], links: Links): DigestLevelView[] {
  const byLevel = new Map<string, DigestRuleView[]>();
  for (const row of rows) {
    const level = alertLevelOf(row.level) ?? NO_LEVEL.name;
    const rules = byLevel.get(level) ?? [];
    byLevel.set(level, merge(rules, row, links));
  }
  const order = [...LEVELS_HIGH_FIRST, NO_LEVEL.name];
  return order.flatMap((name) => {
    const rules = byLevel.get(name);
    if (rules === undefined) return [];
    rules.sort((a, b) => a.rule.name.localeCompare(b.rule.name) || byId(a, b));
    return [{ level: levelView(name) ?? NO_LEVEL, rules }];
  });
}

/** A rule's row added to its level (two rows of one rule: levels spelled differently). */
function merge(rules: DigestRuleView[], row: DigestRow, links: Links): DigestRuleView[] {
  const same = rules.find((r) => r.rule.id === row.ruleId);
  if (same !== undefined) {
    same.opened += row.opened;
    same.open += row.open;
    same.dismissed += row.dismissed;
    return rules;
  }
  rules.push({
    rule: ruleView({ id: row.ruleId, name: row.ruleName }, links),
    opened: row.opened,
    open: row.open,
    dismissed: row.dismissed,
    alertLink: links.ruleAlerts(row.ruleId),
  });
  return rules;
}

function byId(a: DigestRuleView, b: DigestRuleView): number {
  return (a.rule.id ?? '').localeCompare(b.rule.id ?? '');
}
