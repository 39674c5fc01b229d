/** The counters every job must end with: exact, or the bench fails (exit 1). */
import { countChanged } from './graph-data';
import { type Options } from './options';
import { type RunResult } from './runs';

export interface Runs {
  first: RunResult;
  same: RunResult;
  change: RunResult;
}

function expected(opts: Options, runs: Runs): Array<[RunResult, Record<string, number>]> {
  const n = opts.entities;
  const raw = (count: number): Record<string, number> =>
    opts.rawData ? { numRawDataVersionsCreated: count } : {};
  const nothing = { numEntitiesDeleted: 0, numRelationshipsDeleted: 0 };
  return [
    [
      runs.first,
      {
        ...nothing,
        numEntitiesCreated: n,
        numEntitiesUpdated: 0,
        numRelationshipsCreated: 2 * n,
        numRelationshipsUpdated: 0,
        numRelationshipCreateErrors: 0,
        ...raw(n),
      },
    ],
    [
      runs.same,
      {
        ...nothing,
        numEntitiesCreated: 0,
        numEntitiesUpdated: 0,
        numRelationshipsCreated: 0,
        numRelationshipsUpdated: 0,
        ...raw(0),
      },
    ],
    [
      runs.change,
      {
        ...nothing,
        numEntitiesCreated: 0,
        numEntitiesUpdated: countChanged(n),
        numRelationshipsCreated: 0,
        numRelationshipsUpdated: countChanged(2 * n),
        ...raw(countChanged(n)),
      },
    ],
  ];
}

/** One line per counter that is not the expected one; empty when all are exact. */
export function checkCounters(opts: Options, runs: Runs): string[] {
  const out: string[] = [];
  for (const [run, fields] of expected(opts, runs)) {
    for (const [field, want] of Object.entries(fields)) {
      if (run.job[field] !== want) {
        out.push(`${run.label}: ${field} = ${String(run.job[field])}, expected ${want}`);
      }
    }
  }
  return out;
}
