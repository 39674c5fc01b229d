import type { Graph } from './graph';

/**
 * Applies every statement under cypher/schema/ (constraints and indexes, each `IF NOT EXISTS`),
 * so running it on every start is idempotent, then waits for the indexes to come online.
 */
export async function applySchema(graph: Graph): Promise<string[]> {
  const names = graph.cypher.namesUnder('schema');
  for (const name of names) {
    await graph.autoCommit(name);
  }
  await graph.autoCommit('health/await-indexes');
  return names;
}
