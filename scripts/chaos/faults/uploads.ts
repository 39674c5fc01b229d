import { EMPTY_GRAPH, firstGraph, splitBodies } from '../graph-data';
import type { Trial } from '../trial';

/**
 * Six concurrent uploads to one job (each a share of the entities and relationships), then
 * finalize. Every upload must answer 200 (a failed one is counted, then retried like a client
 * would so the trial goes on); the job must end FINISHED with exact counters and contents.
 */
const PARTS = 6;

export async function uploadsFault(t: Trial): Promise<void> {
  const o = t.ctx.options;
  const g = firstGraph(o.entities, o.relationships);
  const id = await t.client.start('u');
  const bodies = splitBodies(g, PARTS);
  const results = await Promise.all(
    bodies.map((b) =>
      t.client.upload(id, b).catch((err: Error) => ({ status: 0, body: err.message })),
    ),
  );
  const failed = results.flatMap((r, i) => (r.status === 200 ? [] : [i]));
  if (failed.length > 0) {
    t.outcome.httpErrors += failed.length;
    t.note(
      `concurrent uploads answered ${results.map((r) => r.status).join(', ')}: ${failed
        .map((i) => JSON.stringify(results[i]!.body).slice(0, 200))
        .join(' | ')}`,
    );
    for (const i of failed) {
      const again = await t.client.upload(id, bodies[i]!);
      if (again.status !== 200) throw new Error(`upload retry: HTTP ${again.status}`);
    }
  }
  await t.finalize(id);
  await t.verify(id, 'u', EMPTY_GRAPH, g, Date.now() + o.deadlineMs);
}
