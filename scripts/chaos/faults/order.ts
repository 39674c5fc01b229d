import { diffGraph, EMPTY_GRAPH, firstGraph } from '../graph-data';
import { MAX_ATTEMPTS, type Trial } from '../trial';

/**
 * Two jobs A then B of one scope with different contents, finalized in that order; A's worker is
 * SIGKILLed at a random point of A's run. Both must end FINISHED, each counting against what the
 * scope held before it, and the scope must end with B's contents (A applied after B is stale).
 * When A's run ends before the kill, both are checked all the same and the next attempt (a new
 * scope) tries again.
 */
export async function orderFault(t: Trial): Promise<void> {
  const o = t.ctx.options;
  const gA = firstGraph(o.entities, o.relationships);
  for (let n = 1; n <= MAX_ATTEMPTS; n++) {
    const scope = `o${n}`;
    const gB = diffGraph(gA, t.ctx.rnd);
    const a = await t.newJob(scope, gA);
    const b = await t.newJob(scope, gB);
    await t.finalize(a);
    await t.finalize(b);
    const strike = await t.strike(a, 'first', true);
    if (strike?.worker !== undefined) {
      const at = await t.killWorker(strike.worker);
      t.note(`A's worker ${strike.worker.name} killed ${at - strike.runningAt} ms into A's run`);
    }
    const deadline = Date.now() + o.deadlineMs;
    await t.waitAllSettled([a, b], deadline);
    await t.verify(a, scope, EMPTY_GRAPH, gA, deadline, {
      checkScope: false,
      settle: false,
      what: 'job A',
    });
    await t.verify(b, scope, gA, gB, deadline, { settle: false, what: 'job B' });
    if (strike !== undefined) return;
    await t.workersReady();
  }
  t.outcome.missed++;
  t.note(`the kill missed A's run ${MAX_ATTEMPTS} times in a row`);
}
