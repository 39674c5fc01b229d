import type { Graph } from './graph';
import { applyMigrations, type MigrationOptions } from './migrations';

/**
 * Applies every statement under cypher/schema/ (constraints and indexes, each `IF NOT EXISTS`),
 * so running it on every start is idempotent, waits for the indexes to come online, then applies
 * the data migrations (src/graph/migrations.ts), idempotent too.
 */
export async function applySchema(graph: Graph, options: MigrationOptions = {}): Promise<string[]> {
  const names = graph.cypher.namesUnder('schema');
  for (const name of names) {
    try {
      await graph.autoCommit(name);
    } catch (err) {
      // API and workers starting together on a fresh database race on `IF NOT EXISTS`; the loser
      // sees "already exists", which is the outcome it wanted.
      if (!isAlreadyExists(err)) throw err;
    }
  }
  await graph.autoCommit('health/await-indexes');
  await applyMigrations(graph, options);
  return names;
}

function isAlreadyExists(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    code.startsWith('Neo.ClientError.Schema.') &&
    code.includes('AlreadyExists')
  );
}
