/** `--json FILE`: the figures of issue 26 in the shape the issue fixes (seconds, MB). */
import fs from 'node:fs';
import { type RunResult } from './runs';
import { type Results } from './results';

const seconds = (ms: number): number => Math.round(ms) / 1000;

function run(r: RunResult): Record<string, unknown> {
  return {
    uploadSeconds: seconds(r.uploadMs),
    finalizeSeconds: seconds(r.finalizeMs),
    objectsPerSecondUpload: Math.round((r.objects * 1000) / Math.max(r.uploadMs, 1)),
    counters: counterFields(r.job),
  };
}

/** The job's num* counters, as the API returned them. */
function counterFields(job: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(job).filter(([k]) => k.startsWith('num')));
}

export function jsonOf(r: Results): Record<string, unknown> {
  const mb = (v: number | undefined): number | null => (v === undefined ? null : Math.round(v));
  return {
    entities: r.opts.entities,
    relationships: 2 * r.opts.entities,
    floors: {
      createSeconds: seconds(r.floors.createMs),
      scanSeconds: seconds(r.floors.scanMs),
      changeSeconds: seconds(r.floors.changeMs),
      // Not one of issue 26's floors: what the schema and the creation records cost (schema-floor.ts).
      schemaSeconds: seconds(r.floors.schemaMs),
    },
    runs: { first: run(r.runs.first), unchanged: run(r.runs.same), change10: run(r.runs.change) },
    peakRssMB: { api: mb(r.apiPeakMb), worker: mb(r.workerPeakMb) },
    countersExact: r.counterFailures.length === 0,
    // With --peer: null peerSeconds means the peer did not finish within its budget.
    ...(r.peer === undefined
      ? {}
      : {
          peerSeconds: r.peer.peerMs === undefined ? null : seconds(r.peer.peerMs),
          ourEndToEndSeconds: seconds(r.peer.ourEndToEndMs),
        }),
  };
}

export function writeJson(file: string, r: Results): void {
  fs.writeFileSync(file, `${JSON.stringify(jsonOf(r), null, 2)}\n`);
}
