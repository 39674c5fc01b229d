import { diffAttempts, EMPTY_GRAPH, firstGraph } from '../graph-data';
import { sleep } from '../random';
import type { Trial } from '../trial';

/**
 * SIGSTOP Redis at a random point of a DIFF re-sync, for longer than the lock duration (so the
 * job's lock expires while its run goes on), then SIGCONT. The job must end FINISHED, exact.
 */
export async function redisPauseFault(t: Trial): Promise<void> {
  const o = t.ctx.options;
  const g1 = firstGraph(o.entities, o.relationships);
  if (!(await t.applyClean('p', EMPTY_GRAPH, g1, 'first'))) return;
  await t.faulted({
    kind: 'diff',
    locate: false,
    attempt: diffAttempts('p', g1, t.ctx.rnd),
    fault: async (strike) => {
      const pauseMs = Math.max(2 * t.lockMs, t.lockMs + 3000);
      const at = Date.now();
      t.redis.pause();
      await sleep(pauseMs);
      t.redis.resume();
      t.note(`Redis paused ${pauseMs} ms, ${at - strike.runningAt} ms into the run`);
    },
  });
}
