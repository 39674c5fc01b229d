import { freezeFault } from './faults/freeze';
import { neo4jKillFault } from './faults/neo4j-kill';
import { orderFault } from './faults/order';
import { redisEmptyFault } from './faults/redis-empty';
import { redisPauseFault } from './faults/redis-pause';
import { redisSlowFault } from './faults/redis-slow';
import { sigkillFault } from './faults/sigkill';
import { uploadsFault } from './faults/uploads';
import type { FaultName } from './options';
import { emptyOutcome, problemCount, type TrialOutcome } from './outcome';
import type { RunContext } from './run-context';
import { Trial, type TrialSetup } from './trial';

/**
 * Runs trials: each in a world of its own (Trial.open), the fault's moves, then the checks; a
 * trial that breaks off counts as a trial error with its reason. Trials of several faults run
 * round-robin so that a time budget cuts every fault's trials alike.
 */
export async function runTrial(
  ctx: RunContext,
  fault: FaultName,
  index: number,
): Promise<TrialOutcome> {
  const o = ctx.options;
  const started = Date.now();
  ctx.log(`${fault} #${index}: starting`);
  let trial: Trial | undefined;
  let outcome = emptyOutcome(fault, index);
  try {
    const own = fault === 'neo4j-kill' ? await ctx.ownNeo4j() : undefined;
    const setup: TrialSetup = {
      target: own?.target ?? (await ctx.sharedTarget()),
      workers: fault === 'redis-empty' ? 1 : 2,
      concurrency: 1,
      lock: fault === 'sigkill' ? o.sigkillLock : o.lock,
    };
    trial = await Trial.open(ctx, fault, index, setup);
    outcome = trial.outcome;
    switch (fault) {
      case 'sigkill':
        await sigkillFault(trial);
        break;
      case 'redis-pause':
        await redisPauseFault(trial);
        break;
      case 'freeze':
        await freezeFault(trial);
        break;
      case 'redis-empty':
        await redisEmptyFault(trial);
        break;
      case 'redis-slow':
        await redisSlowFault(trial);
        break;
      case 'neo4j-kill':
        await neo4jKillFault(trial, own!.neo4j);
        break;
      case 'order':
        await orderFault(trial);
        break;
      case 'uploads':
        await uploadsFault(trial);
        break;
    }
  } catch (err) {
    outcome.trialErrors++;
    const message = err instanceof Error ? err.message : String(err);
    outcome.notes.push(`trial broke off: ${message}`);
    ctx.log(`  ${fault} #${index}: trial broke off: ${message.split('\n')[0]}`);
  } finally {
    const keep = o.keepLogs || problemCount(outcome) > 0;
    await trial?.close(keep).catch((err: unknown) => {
      outcome.notes.push(`closing the trial: ${String(err)}`);
    });
    outcome.ms = Date.now() - started;
    if (keep && trial !== undefined) outcome.notes.push(`logs: ${trial.dir}`);
  }
  ctx.log(`${fault} #${index}: ${summary(outcome)} (${(outcome.ms / 1000).toFixed(1)} s)`);
  return outcome;
}

/**
 * Every fault's trials, round-robin, until each has its count or the budget is spent (no trial
 * starts after `budgetMs`, measured from `since`).
 */
export async function runFaults(
  ctx: RunContext,
  faults: readonly FaultName[],
  trialsOf: (f: FaultName) => number,
  since = Date.now(),
): Promise<TrialOutcome[]> {
  const outcomes: TrialOutcome[] = [];
  const rounds = Math.max(0, ...faults.map(trialsOf));
  for (let round = 1; round <= rounds; round++) {
    for (const fault of faults) {
      if (round > trialsOf(fault)) continue;
      if (Date.now() - since > ctx.options.budgetMs) {
        ctx.log(`time budget spent: no more trials`);
        return outcomes;
      }
      outcomes.push(await runTrial(ctx, fault, round));
    }
  }
  return outcomes;
}

function summary(o: TrialOutcome): string {
  const parts = [
    `lost ${o.lost}`,
    `dup ${o.duplicated}`,
    `stale ${o.stale}`,
    `stranded ${o.stranded}`,
    `counters-wrong ${o.countersWrong}`,
  ];
  if (o.errors > 0) parts.push(`error ${o.errors} (partial ${o.errorPartial})`);
  if (o.httpErrors > 0) parts.push(`http-errors ${o.httpErrors}`);
  if (o.missed > 0) parts.push(`missed ${o.missed}`);
  if (o.trialErrors > 0) parts.push('BROKE OFF');
  if (o.killToFinishedMs.length > 0)
    parts.push(`kill->FINISHED ${o.killToFinishedMs.join('/')} ms`);
  return parts.join(', ');
}
