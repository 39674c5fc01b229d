import { FAULTS, type FaultName } from './options';
import { MUST_BE_ZERO, type TrialOutcome } from './outcome';

/** Per-fault totals of trial outcomes, and the table `npm run chaos` prints. */
export interface FaultTotals {
  fault: FaultName;
  trials: number;
  missed: number;
  lost: number;
  duplicated: number;
  stale: number;
  stranded: number;
  countersWrong: number;
  errors: number;
  errorPartial: number;
  httpErrors: number;
  trialErrors: number;
  killToFinishedMs: number[];
}

export function totals(outcomes: readonly TrialOutcome[]): FaultTotals[] {
  const out: FaultTotals[] = [];
  for (const fault of FAULTS) {
    const mine = outcomes.filter((o) => o.fault === fault);
    if (mine.length === 0) continue;
    const sum = (k: keyof TrialOutcome): number =>
      mine.reduce((s, o) => s + (typeof o[k] === 'number' ? o[k] : 0), 0);
    out.push({
      fault,
      trials: mine.length,
      missed: sum('missed'),
      lost: sum('lost'),
      duplicated: sum('duplicated'),
      stale: sum('stale'),
      stranded: sum('stranded'),
      countersWrong: sum('countersWrong'),
      errors: sum('errors'),
      errorPartial: sum('errorPartial'),
      httpErrors: sum('httpErrors'),
      trialErrors: sum('trialErrors'),
      killToFinishedMs: mine.flatMap((o) => o.killToFinishedMs),
    });
  }
  return out;
}

/** Whether a fault's totals show any problem (every MUST_BE_ZERO count at 0 passes). */
export function failing(t: FaultTotals): boolean {
  return MUST_BE_ZERO.some((k) => t[k] > 0);
}

export function median(xs: readonly number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}

const COLUMNS: Array<{ head: string; cell: (t: FaultTotals) => string }> = [
  { head: 'fault', cell: (t) => t.fault },
  { head: 'trials', cell: (t) => String(t.trials) },
  { head: 'lost', cell: (t) => String(t.lost) },
  { head: 'duplicated', cell: (t) => String(t.duplicated) },
  { head: 'stale-applied', cell: (t) => String(t.stale) },
  { head: 'stranded', cell: (t) => String(t.stranded) },
  { head: 'counters-wrong', cell: (t) => String(t.countersWrong) },
  { head: 'error(partial)', cell: (t) => `${t.errors}(${t.errorPartial})` },
  { head: 'http-err', cell: (t) => String(t.httpErrors) },
  { head: 'broke-off', cell: (t) => String(t.trialErrors) },
  { head: 'missed', cell: (t) => String(t.missed) },
  {
    head: 'kill->FINISHED median/max ms',
    cell: (t) =>
      t.killToFinishedMs.length === 0
        ? '-'
        : `${median(t.killToFinishedMs)}/${Math.max(...t.killToFinishedMs)} (n=${t.killToFinishedMs.length})`,
  },
];

export function formatTable(rows: readonly FaultTotals[]): string {
  const cells = [COLUMNS.map((c) => c.head), ...rows.map((r) => COLUMNS.map((c) => c.cell(r)))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]): string =>
    `| ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(cells[0]!), rule, ...cells.slice(1).map(line)].join('\n');
}

export const LEGEND = `lost, duplicated, stale-applied: objects (entities + relationships) over all trials: an uploaded
key with no live object / extra live objects of a key / live objects that are not the last upload's
content (older content, or keys not uploaded). stranded: jobs not final by the deadline.
counters-wrong: FINISHED jobs whose counters differ from what they must count. error(partial): jobs
that ended ERROR or FAILED (in parentheses: those that left the scope changed; what they changed
is counted in lost / duplicated / stale-applied too). http-err: requests answered with an
unexpected status. broke-off: trials that could not go on. missed: faults that did not land (the
job ended first). kill->FINISHED: sigkill only, from SIGKILL until FINISHED was seen.`;
