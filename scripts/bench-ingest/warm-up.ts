/**
 * The warm-up before anything is timed: a first DIFF and a 10% change of a small graph
 * (WARM_UP_ENTITIES, or N when smaller) in a scope of its own, through the same API and worker,
 * then removed (its entities, relationships and history changes). The floors are timed after the
 * runs, on a Neo4j whose JVM has compiled its hot paths and whose query cache holds the plans;
 * without this the first DIFF alone ran on a cold one (at N = 30k: 28-34 s cold, 17 s warm), and
 * so did the peer. `--cold` leaves it out.
 */
import { type Graph } from '../../src/graph/graph';
import { changed } from './graph-data';
import { type Options } from './options';
import { runDiff } from './runs';
import { type Service } from './service';
import { progress, secs } from './util';

export const WARM_UP_ENTITIES = 5000;
const SCOPE = 'bench-warm-up';

export async function warmUp(opts: Options, graph: Graph, service: Service): Promise<void> {
  const n = Math.min(WARM_UP_ENTITIES, opts.entities);
  progress(
    `Warm-up: a first DIFF and a 10% change of ${n} entities (scope ${SCOPE}), then removed...`,
  );
  const small = { ...opts, entities: n };
  const t0 = performance.now();
  const jobs: string[] = [];
  for (const [label, variantOf] of [
    ['warm-up first DIFF', () => 0 as const],
    ['warm-up 10% change', (i: number) => (changed(i) ? (1 as const) : (0 as const))],
  ] as const) {
    const run = await runDiff(service.client, small, label, variantOf, service.tick, SCOPE);
    jobs.push(String(run.job.id));
  }
  await graph.autoCommit('bench/scope-clean-up', { accountId: service.accountId, scope: SCOPE });
  for (const jobId of jobs) await graph.autoCommit('bench/job-changes-clean-up', { jobId });
  progress(`  warm-up: done in ${secs(performance.now() - t0)}`);
}
