import { EMPTY_GRAPH, firstGraph } from '../graph-data';
import { sleep } from '../random';
import type { Trial } from '../trial';

/**
 * Three jobs of three scopes finalized at once with one worker of concurrency 1 (one runs, two
 * wait in the queue); at a random point of the first run Redis is killed and restarted empty.
 * Every job must still end FINISHED, exact.
 */
export async function redisEmptyFault(t: Trial): Promise<void> {
  const o = t.ctx.options;
  const g = firstGraph(o.entities, o.relationships);
  const scopes = ['a', 'b', 'c'];
  const ids: string[] = [];
  for (const scope of scopes) ids.push(await t.newJob(scope, g));
  for (const id of ids) await t.finalize(id);
  const running = await t.waitRunning(ids);
  if (running === undefined) {
    t.outcome.missed++;
    t.note('every job ended before Redis could be emptied');
  } else {
    await sleep(t.ctx.rnd.between(0.05, 0.9) * t.ctx.estimates.get('first', o.entities));
    const states = await Promise.all(ids.map(async (id) => (await t.graphJob(id))?.status));
    await t.redis.restartEmpty();
    t.note(
      `Redis restarted empty ${Date.now() - running.at} ms into a run; jobs: ${states.join(', ')}`,
    );
  }
  const deadline = Date.now() + o.deadlineMs;
  await t.waitAllSettled(ids, deadline);
  for (const [i, id] of ids.entries()) {
    await t.verify(id, scopes[i]!, EMPTY_GRAPH, g, deadline, {
      what: `job ${i + 1}`,
      settle: false,
    });
  }
}
