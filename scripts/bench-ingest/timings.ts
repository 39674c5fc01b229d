/**
 * `--timings`: where each run's time went, from the service's own Prometheus metrics (the
 * finalizing process's `/metrics`: the worker's listener in queue mode, the API in local mode),
 * read before and after the run: seconds per finalize phase and the named Cypher statements that
 * took longest (graphsync_finalize_phase_duration_seconds,
 * graphsync_neo4j_statement_duration_seconds; docs/operations/metrics.md).
 */
import { progress } from './util';

/** Sums (seconds) and counts of each phase and statement, by name. */
export interface Timings {
  phases: Map<string, number>;
  statements: Map<string, { seconds: number; count: number }>;
}

const PHASE = /^graphsync_finalize_phase_duration_seconds_sum\{phase="([^"]+)"\} (\S+)$/;
const STATEMENT =
  /^graphsync_neo4j_statement_duration_seconds_(sum|count)\{statement="([^"]+)"\} (\S+)$/;

export function parseTimings(text: string): Timings {
  const t: Timings = { phases: new Map(), statements: new Map() };
  for (const line of text.split('\n')) {
    const phase = PHASE.exec(line);
    if (phase !== null) t.phases.set(phase[1]!, Number(phase[2]));
    const st = STATEMENT.exec(line);
    if (st === null) continue;
    const entry = t.statements.get(st[2]!) ?? { seconds: 0, count: 0 };
    if (st[1] === 'sum') entry.seconds = Number(st[3]);
    else entry.count = Number(st[3]);
    t.statements.set(st[2]!, entry);
  }
  return t;
}

export async function scrapeTimings(metricsUrl: string): Promise<Timings> {
  const res = await fetch(metricsUrl);
  if (!res.ok) throw new Error(`GET ${metricsUrl}: HTTP ${res.status}`);
  return parseTimings(await res.text());
}

/** Prints what a run added: every phase, and the statements that took longest. */
export function printTimings(label: string, before: Timings, after: Timings, top = 8): void {
  const phases = [...after.phases]
    .map(([name, s]) => [name, s - (before.phases.get(name) ?? 0)] as const)
    .filter(([, s]) => s >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  progress(
    `  ${label}: finalize phases: ${phases.map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ')}`,
  );
  const statements = [...after.statements]
    .map(([name, v]) => {
      const was = before.statements.get(name) ?? { seconds: 0, count: 0 };
      return { name, seconds: v.seconds - was.seconds, count: v.count - was.count };
    })
    .filter((s) => s.count > 0)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, top);
  progress(
    `  ${label}: statements: ${statements.map((s) => `${s.name} ${s.seconds.toFixed(1)} s (${s.count})`).join(', ')}`,
  );
}
