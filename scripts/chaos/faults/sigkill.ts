import { diffAttempts, diffGraph, EMPTY_GRAPH, firstGraph } from '../graph-data';
import type { JobView } from '../jobs-client';
import type { Strike, Trial } from '../trial';

/**
 * SIGKILL the worker running the job at a random point of a first sync, then of a 10%-change DIFF
 * re-sync of the same scope; a replacement worker starts at once (a supervisor's restart). Each
 * job must end FINISHED, exact; the time from the kill to FINISHED is recorded.
 */
export async function sigkillFault(t: Trial): Promise<void> {
  const o = t.ctx.options;
  await calibrate(t);
  const g1 = firstGraph(o.entities, o.relationships);
  const first = await t.faulted({
    kind: 'first',
    locate: true,
    attempt: (n) => ({ scope: `s${n}`, prev: EMPTY_GRAPH, next: g1 }),
    ...killAndTime(t, 'first'),
  });
  if (first.holds === undefined) return;
  await t.workersReady();
  await t.faulted({
    kind: 'diff',
    locate: true,
    attempt: diffAttempts(first.scope, first.holds, t.ctx.rnd),
    ...killAndTime(t, 'diff'),
  });
}

/** The kill, and the time from it until FINISHED was seen. */
function killAndTime(
  t: Trial,
  kind: string,
): {
  fault: (s: Strike) => Promise<void>;
  ended: (end: { job: JobView; at: number } | undefined) => void;
} {
  let killedAt: number | undefined;
  return {
    fault: async (s) => {
      killedAt = await t.killWorker(s.worker!);
      t.note(`${kind}: killed ${s.worker!.name} ${killedAt - s.runningAt} ms into the run`);
    },
    ended: (end) => {
      if (end === undefined || killedAt === undefined || end.job.status !== 'FINISHED') return;
      t.outcome.killToFinishedMs.push(end.at - killedAt);
      t.note(`${kind}: FINISHED ${end.at - killedAt} ms after the kill`);
    },
  };
}

/** Clean runs of this size, once per run: how long a first sync and a DIFF take here. */
async function calibrate(t: Trial): Promise<void> {
  const o = t.ctx.options;
  if (t.ctx.estimates.has('first', o.entities) && t.ctx.estimates.has('diff', o.entities)) return;
  const g1 = firstGraph(o.entities, o.relationships);
  if (await t.applyClean('calibration', EMPTY_GRAPH, g1, 'first')) {
    await t.applyClean('calibration', g1, diffGraph(g1, t.ctx.rnd), 'diff');
  }
  t.note(
    `calibrated: first sync ${t.ctx.estimates.get('first', o.entities)} ms, DIFF ${t.ctx.estimates.get('diff', o.entities)} ms`,
  );
}
