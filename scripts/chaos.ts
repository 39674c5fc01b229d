/**
 * `npm run chaos`: fault injection against the real finalization pipeline (issue: fault-tolerant
 * finalization). Each trial gets a fresh account, a private redis-server on a free port, the API in
 * queue mode (in this process) and real `graphsync worker` processes, injects one fault (see
 * scripts/chaos/faults/), then checks in Neo4j that every uploaded key is live exactly once with its
 * uploaded content, nothing else is live in the scope, the job ended FINISHED and its counters are
 * exact. Prints a table per fault; exits 1 when any fault shows a problem.
 *
 *   npm run chaos -- --trials 20 --faults sigkill,redis-pause,freeze --entities 2000 --budget-min 40
 *   npm run chaos -- --big --trials 5      (kill->FINISHED for a 10k-entity / 20k-relationship job)
 *
 * Neo4j: NEO4J_URI when set (neo4j-kill always starts its own); else one local Neo4j for the run.
 * Everything it starts it stops, also on Ctrl-C. Progress goes to stderr, the table to stdout.
 */
import { stopEverything } from './chaos/cleanup';
import { type ChaosOptions, parseChaosArgs, USAGE } from './chaos/options';
import { problemCount } from './chaos/outcome';
import { failing, formatTable, LEGEND, totals } from './chaos/report';
import { createRunContext } from './chaos/run-context';
import { runFaults } from './chaos/runner';

// The suite is a tool, not the service: it reads NEO4J_URI and friends here and hands the
// service its configuration through the children's environment.
// eslint-disable-next-line no-restricted-syntax
const ENV: NodeJS.ProcessEnv = process.env;

async function main(): Promise<number> {
  let options: ChaosOptions | 'help';
  try {
    options = parseChaosArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const o = options;
  const t0 = Date.now();
  const log = (line: string): void => {
    const s = Math.round((Date.now() - t0) / 1000);
    const stamp = `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
    process.stderr.write(`[chaos ${stamp}] ${line}\n`);
  };
  const ctx = createRunContext({ options: o, baseEnv: ENV, log });
  let interrupted = false;
  const onSignal = (sig: NodeJS.Signals): void => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: stopping everything the run started...`);
    void stopEverything(20_000)
      .then(() => ctx.close())
      .finally(() => {
        log(`stopped; logs of the interrupted trial under ${ctx.runDir}`);
        process.exit(130);
      });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  log(
    `seed ${o.seed}; faults ${o.faults.join(',')}; ${o.trials} trial(s) each; ${o.entities} entities / ${o.relationships} relationships; ` +
      `lock ${o.lock ?? 'default'} (sigkill: ${o.sigkillLock ?? 'default'}); reconcile ${o.reconcile}; ` +
      `FINALIZE_BATCH_SIZE ${o.batchSize ?? 'default'}; budget ${o.budgetMs / 60_000} min; logs under ${ctx.runDir}`,
  );
  let outcomes;
  try {
    outcomes = await runFaults(ctx, o.faults, (f) => o.trialsPerFault[f] ?? o.trials, t0);
  } finally {
    await stopEverything();
    await ctx.close();
  }
  const rows = totals(outcomes);
  process.stdout.write(`\n${formatTable(rows)}\n\n${LEGEND}\n`);
  const bad = outcomes.filter((x) => problemCount(x) > 0 || x.missed > 0 || x.errors > 0);
  if (bad.length > 0) {
    process.stdout.write('\nTrials with findings:\n');
    for (const x of bad) {
      process.stdout.write(`  ${x.fault} #${x.trial}:\n`);
      for (const n of x.notes) process.stdout.write(`    ${n}\n`);
    }
  }
  process.stdout.write(
    `\n${outcomes.length} trial(s) in ${Math.round((Date.now() - t0) / 1000)} s (seed ${o.seed})\n`,
  );
  return rows.some(failing) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    process.stderr.write(
      `chaos: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    await stopEverything().catch(() => undefined);
    process.exit(2);
  },
);
