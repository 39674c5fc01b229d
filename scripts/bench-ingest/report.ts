/**
 * The benchmark's table on stdout: each figure of issue 26 with its value, its target as a ratio
 * to one of the three floors, and PASS/FAIL; the job counters beside the runs.
 */
import os from 'node:os';
import { type Options } from './options';
import { endToEndMs, type PeerResult, type Results } from './results';
import { type RunResult } from './runs';
import { rate, secs } from './util';

type Row = [figure: string, value: string, target: string, result: string, counters: string];

function counters(opts: Options, run: RunResult): string {
  const j = run.job;
  return (
    `E +${String(j.numEntitiesCreated)} ~${String(j.numEntitiesUpdated)} -${String(j.numEntitiesDeleted)}, ` +
    `R +${String(j.numRelationshipsCreated)} ~${String(j.numRelationshipsUpdated)} -${String(j.numRelationshipsDeleted)}` +
    (Number(j.numRelationshipCreateErrors) > 0
      ? ` (${String(j.numRelationshipCreateErrors)} R errors)`
      : '') +
    (opts.rawData ? `, raw +${String(j.numRawDataVersionsCreated)}` : '')
  );
}

const pass = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');

/** A figure as a ratio to a floor, with a target "at most `max` times that floor". */
function vsFloor(
  figure: string,
  ms: number,
  floorMs: number,
  floor: string,
  max: number,
  extra = '',
): Row {
  const ratio = ms / floorMs;
  return [
    figure,
    `${secs(ms)} (${ratio.toFixed(2)}x ${floor} floor${extra})`,
    `<= ${max}x ${floor} floor`,
    pass(ratio <= max),
    '',
  ];
}

function runRows(r: Results): Row[] {
  const { first, same, change } = r.runs;
  const f = r.floors;
  const upRate = (run: RunResult): string => `, ${rate(run.objects, run.uploadMs)} objects/s`;
  const upload = (figure: string, run: RunResult): Row => [
    figure,
    `${secs(run.uploadMs)} (${rate(run.objects, run.uploadMs)} objects/s)`,
    '',
    '',
    '',
  ];
  const withCounters = (row: Row, run: RunResult): Row => {
    row[4] = counters(r.opts, run);
    return row;
  };
  return [
    vsFloor('Upload, first DIFF', first.uploadMs, f.createMs, 'create', 0.2, upRate(first)),
    withCounters(
      vsFloor('Finalize, first DIFF', first.finalizeMs, f.createMs, 'create', 1.3),
      first,
    ),
    vsFloor('End to end, first DIFF', endToEndMs(first), f.createMs, 'create', 1.5),
    upload('Upload, unchanged re-run', same),
    withCounters(vsFloor('Finalize, unchanged re-run', same.finalizeMs, f.scanMs, 'scan', 2), same),
    upload('Upload, 10% change', change),
    withCounters(
      vsFloor('Finalize, 10% change', change.finalizeMs, f.changeMs, 'change', 2),
      change,
    ),
  ];
}

function peerRow(p: PeerResult): Row {
  const figure = `vs j1-integration neo4j push, N = ${p.entities}`;
  const target = '>= 20x faster';
  const ours = secs(p.ourEndToEndMs);
  if (p.peerMs !== undefined) {
    const ratio = p.peerMs / p.ourEndToEndMs;
    const value = `peer ${secs(p.peerMs)}, ours ${ours} (${ratio.toFixed(1)}x faster)`;
    return [figure, value, target, pass(ratio >= 20), ''];
  }
  if (p.outcome === 'over budget') {
    // Unfinished: the ratio is at least the budget over our time.
    const atLeast = p.budgetMs / p.ourEndToEndMs;
    const value = `peer unfinished after ${secs(p.budgetMs)}, ours ${ours} (> ${atLeast.toFixed(1)}x faster)`;
    return [figure, value, target, atLeast >= 20 ? 'PASS' : 'n/a', ''];
  }
  return [figure, `peer ${p.outcome}; ours ${ours}`, target, 'n/a', ''];
}

function rows(r: Results): Row[] {
  const n = r.opts.entities;
  const f = r.floors;
  return [
    ['Figure', 'Value', 'Target', 'Result', 'Counters (created ~updated -deleted)'],
    ['Create floor (bare UNWIND CREATE)', secs(f.createMs), '', '', `E +${n}, R +${2 * n}`],
    ['Scan floor (read keys and hashes)', secs(f.scanMs), '', '', ''],
    ['Change floor (scan + bare SET)', secs(f.changeMs), '', '', ''],
    [
      'Schema floor (our create statements)',
      `${secs(f.schemaMs)} (${(f.schemaMs / f.createMs).toFixed(2)}x create floor; ` +
        `first DIFF finalize ${(r.runs.first.finalizeMs / f.schemaMs).toFixed(2)}x this)`,
      '',
      '',
      `E +${n}, R +${2 * n}`,
    ],
    ...runRows(r),
    ...(r.peer === undefined ? [] : [peerRow(r.peer)]),
    ['Peak RSS, API', `${r.apiPeakMb.toFixed(0)} MB`, '< 400 MB', pass(r.apiPeakMb < 400), ''],
    r.workerPeakMb === undefined
      ? ['Peak RSS, worker', 'n/a (local mode)', '< 600 MB', '', '']
      : [
          'Peak RSS, worker',
          `${r.workerPeakMb.toFixed(0)} MB`,
          '< 600 MB',
          pass(r.workerPeakMb < 600),
          '',
        ],
  ];
}

/** A Markdown table, columns padded, as docs/benchmarks.md records it. */
export function table(all: string[][]): string[] {
  const widths = all[0]!.map((_, c) => Math.max(...all.map((row) => row[c]!.length)));
  const line = (row: string[]): string =>
    `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [
    line(all[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...all.slice(1).map(line),
  ];
}

export function printReport(r: Results): void {
  const o = r.opts;
  const out = [
    '',
    `graphsync ingest benchmark: ${o.entities} entities (20 types), ${2 * o.entities} relationships; ` +
      `uploads of ${o.batch} objects, ${o.concurrency} concurrent${o.gzip ? ', gzip' : ''}; ` +
      `finalize chunks of ${o.chunk}; ` +
      `${r.workerPeakMb === undefined ? 'local mode' : 'queue mode (1 worker)'}; ` +
      `${o.s3 ? 'S3 blob store (S3Mock)' : 'file blob store'}; ${os.cpus().length} CPUs` +
      (o.rawData ? '; every entity with SDK-form _rawData (the floors write none)' : ''),
    '',
    ...table(rows(r)),
    '',
    ...(r.counterFailures.length === 0
      ? ['Counters: exact in every job']
      : ['COUNTER MISMATCH:', ...r.counterFailures.map((f) => `  ${f}`)]),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}
