import { diffAttempts, EMPTY_GRAPH, firstGraph } from '../graph-data';
import { blockedTransactions } from '../locate';
import { sleep } from '../random';
import type { Trial } from '../trial';

/**
 * SIGSTOP the worker running a DIFF re-sync at a random point, until the other worker has begun its
 * own run of the job (the job's finalizeRuns goes up), then SIGCONT it: the two runs overlap. The
 * job must end FINISHED, exact; the resumed run must write nothing more. A job nobody takes over
 * while its worker is frozen counts as stranded (a worker that never wakes up would hold it for
 * good).
 */
export async function freezeFault(t: Trial): Promise<void> {
  const o = t.ctx.options;
  const g1 = firstGraph(o.entities, o.relationships);
  if (!(await t.applyClean('f', EMPTY_GRAPH, g1, 'first'))) return;
  await t.faulted({
    kind: 'diff',
    locate: true,
    attempt: diffAttempts('f', g1, t.ctx.rnd),
    fault: async (strike) => {
      const frozen = strike.worker!;
      const jobId = strike.id;
      const runs = (await t.graphJob(jobId))?.finalizeRuns ?? 1;
      frozen.signal('SIGSTOP');
      const frozenAt = Date.now();
      const other = await t.waitRunning([jobId], o.deadlineMs, runs);
      if (other === undefined) {
        const j = await t.graphJob(jobId);
        if (j?.status === 'FINALIZE_PENDING') {
          // A worker that stays frozen (a hung process) would hold the job for good.
          t.outcome.stranded++;
          const blocked = await blockedTransactions(t.setup.target).catch(() => []);
          t.note(
            `job ${jobId} not taken over while ${frozen.name} was frozen ${Date.now() - frozenAt} ms (runs ${j.finalizeRuns})` +
              (blocked.length > 0
                ? `; transactions waiting for a lock: ${blocked.join(' | ')}`
                : ''),
          );
        } else {
          t.note(`no other run began while ${frozen.name} was frozen (job ${j?.status ?? '?'})`);
        }
      } else {
        t.note(`${frozen.name} frozen; another run began ${other.at - frozenAt} ms later`);
        // Let the new run get going before the old one wakes up.
        await sleep(t.ctx.rnd.between(0, 500));
      }
      frozen.signal('SIGCONT');
    },
  });
}
