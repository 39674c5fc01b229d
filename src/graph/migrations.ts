import { TYPE_LABEL_PATTERN } from '../sync/property-rules';
import type { Graph } from './graph';

/**
 * Data migrations of the graph model (decision 0034), run by applySchema after the constraints
 * and indexes, at every start of a process that owns the database. Each is idempotent:
 * - renames of graphsync's own relationship types to `_`-prefixed ones run every time (with
 *   nothing left to rename, each is one lookup of an empty relationship type);
 * - one-off passes over the entities run once and are recorded as `:_Migration` nodes.
 * Two processes starting together may both run one; a rename that loses the race (a relationship
 * the other one already moved) is run again.
 */
const RENAMES = ['migrations/rename-has-api-key', 'migrations/rename-has-event'];

const ONCE: ReadonlyArray<{ name: string; statement: string; params: Record<string, unknown> }> = [
  {
    name: 'entity-type-labels',
    statement: 'migrations/add-entity-type-labels',
    params: { typeLabelPattern: TYPE_LABEL_PATTERN },
  },
];

const ATTEMPTS = 3;

export async function applyMigrations(graph: Graph): Promise<void> {
  for (const name of RENAMES) await withRetry(() => graph.autoCommit(name));
  const done = new Set(
    (await graph.read<{ name: string }>('migrations/list-done')).map((r) => r.name),
  );
  for (const m of ONCE) {
    if (done.has(m.name)) continue;
    await withRetry(() => graph.autoCommit(m.statement, m.params));
    await graph.write('migrations/record-done', { name: m.name, now: Date.now() });
  }
}

async function withRetry(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      return;
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
    }
  }
}
