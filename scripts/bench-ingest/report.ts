/** The benchmark's table on stdout: each figure with its target and PASS/FAIL. */
import os from 'node:os';
import { type Runs } from './counters';
import { type Options } from './options';
import { type Proc } from './processes';
import { type RunResult } from './runs';
import { rate, secs } from './util';

export interface Report extends Runs {
  floorMs: number;
  api: Proc;
  worker: Proc | undefined;
}

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
const uploadRate = (run: RunResult): string => `${rate(run.objects, run.uploadMs)} objects/s`;

function rows(opts: Options, r: Report): string[][] {
  const n = opts.entities;
  const ratioFirst = r.first.finalizeMs / r.floorMs;
  const speedup = r.first.finalizeMs / r.same.finalizeMs;
  const apiMb = r.api.peakRssKb / 1024;
  return [
    ['Figure', 'Value', 'Target', 'Result', 'Counters (created ~updated -deleted)'],
    ['Upload rate, first DIFF', uploadRate(r.first), '', '', ''],
    ['Upload rate, unchanged', uploadRate(r.same), '', '', ''],
    ['Upload rate, 10% change', uploadRate(r.change), '', '', ''],
    ['Floor (bare UNWIND CREATE)', secs(r.floorMs), '', '', `E +${n}, R +${2 * n}`],
    [
      'Finalize, first DIFF',
      `${secs(r.first.finalizeMs)} (${ratioFirst.toFixed(2)}x floor)`,
      '<= 2x floor',
      pass(ratioFirst <= 2),
      counters(opts, r.first),
    ],
    [
      'Finalize, unchanged re-run',
      `${secs(r.same.finalizeMs)} (${speedup.toFixed(2)}x faster)`,
      '>= 3x faster than first',
      pass(speedup >= 3),
      counters(opts, r.same),
    ],
    [
      'Finalize, 10% change',
      `${secs(r.change.finalizeMs)} (${(r.change.finalizeMs / r.floorMs).toFixed(2)}x floor)`,
      '',
      '',
      counters(opts, r.change),
    ],
    ['Peak RSS, API', `${apiMb.toFixed(0)} MB`, '< 400 MB', pass(apiMb < 400), ''],
    [
      'Peak RSS, worker',
      r.worker === undefined ? 'n/a (local mode)' : `${(r.worker.peakRssKb / 1024).toFixed(0)} MB`,
      '',
      '',
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

export function printReport(opts: Options, r: Report): void {
  const n = opts.entities;
  const out = [
    '',
    `graphsync ingest benchmark: ${n} entities (20 types), ${2 * n} relationships; ` +
      `uploads of ${opts.batch} objects, ${opts.concurrency} concurrent; finalize chunks of ${opts.chunk}; ` +
      `${r.worker === undefined ? 'local mode' : 'queue mode (1 worker)'}; ${os.cpus().length} CPUs` +
      (opts.rawData ? '; every entity with SDK-form _rawData (the floor writes none)' : ''),
    '',
    ...table(rows(opts, r)),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}
