import assert from 'node:assert/strict';
import { stopEverything } from '../../scripts/chaos/cleanup';
import {
  type ChaosOptions,
  DEFAULT_OPTIONS,
  FAULTS,
  type FaultName,
} from '../../scripts/chaos/options';
import { failing, formatTable, totals } from '../../scripts/chaos/report';
import { createRunContext, type RunContext } from '../../scripts/chaos/run-context';
import { runFaults } from '../../scripts/chaos/runner';

/**
 * The CI subset of `npm run chaos` (scripts/chaos.ts), through the same modules: two small trials
 * of each fault (one of neo4j-kill, which starts a Neo4j of its own), each with real worker
 * processes, a private redis-server and the API in queue mode, and every loss count at zero.
 */
const OPTIONS: ChaosOptions = {
  ...DEFAULT_OPTIONS,
  trials: 2,
  trialsPerFault: { 'neo4j-kill': 1 },
  entities: 300,
  relationships: 600,
  lock: '2s',
  sigkillLock: '2s',
  reconcile: '1s',
  batchSize: 100,
  uploadBatch: 300,
  deadlineMs: 60_000,
  settleMs: 1000,
  budgetMs: Number.POSITIVE_INFINITY,
  neo4jHeap: '512m',
  neo4jPagecache: '128m',
};

describe('chaos subset (faults injected into real workers, Redis and Neo4j)', function () {
  this.timeout(10 * 60_000);
  let ctx: RunContext;

  before(() => {
    ctx = createRunContext({
      options: OPTIONS,
      baseEnv: process.env,
      log: (line) => process.stderr.write(`      [chaos] ${line}\n`),
    });
    ctx.log(`seed ${OPTIONS.seed}`);
  });

  after(async () => {
    await stopEverything();
    await ctx.close();
  });

  for (const fault of FAULTS) {
    it(`${fault}: nothing lost, duplicated, stale or stranded; counters exact`, async () => {
      const trials = (f: FaultName): number => OPTIONS.trialsPerFault[f] ?? OPTIONS.trials;
      const outcomes = await runFaults(ctx, [fault], trials);
      const rows = totals(outcomes);
      assert.equal(rows.length, 1);
      const notes = outcomes.flatMap((o) => o.notes.map((n) => `  #${o.trial}: ${n}`));
      assert.ok(
        !failing(rows[0]!),
        `${formatTable(rows)}\n(seed ${OPTIONS.seed})\n${notes.join('\n')}`,
      );
    });
  }
});
