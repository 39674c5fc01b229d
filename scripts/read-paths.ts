/**
 * Writes (or checks) the read-path list of docs/operations/scaling.md: every statement of cypher/
 * with the query type Neo4j plans for it. Needs a Neo4j with the schema applied (any graphsync
 * database; EXPLAIN reads and writes nothing):
 *
 *   NEO4J_URI=bolt://127.0.0.1:7687 npx tsx scripts/read-paths.ts [--write|--check]
 *
 * test/integration/graph/read-paths.test.ts makes the same check in the suite.
 */
import fs from 'node:fs';
import { CypherRegistry } from '../src/graph/cypher-registry';
import { Graph } from '../src/graph/graph';
import { cypherRoot } from '../src/paths';
import { SCALING_DOC, queryTypes, readPathsBlock, replaceBlock } from '../test/helpers/read-paths';

// A tool, not the service: it reads its own connection settings.
// eslint-disable-next-line no-restricted-syntax
const ENV: NodeJS.ProcessEnv = process.env;

async function main(): Promise<void> {
  const uri = ENV.NEO4J_URI;
  if (uri === undefined) throw new Error('Set NEO4J_URI to a Neo4j with the graphsync schema');
  const graph = Graph.connect(
    {
      uri,
      user: ENV.NEO4J_USER || undefined,
      password: ENV.NEO4J_PASSWORD || undefined,
      database: ENV.NEO4J_DATABASE || 'neo4j',
    },
    CypherRegistry.load(cypherRoot),
  );
  try {
    const block = readPathsBlock(await queryTypes(graph));
    const mode = process.argv[2];
    if (mode === undefined) {
      console.log(block);
      return;
    }
    const text = fs.readFileSync(SCALING_DOC, 'utf8');
    const next = replaceBlock(text, block);
    if (mode === '--write') fs.writeFileSync(SCALING_DOC, next);
    else if (next !== text) {
      console.error('docs/operations/scaling.md: the read-path list is stale; run with --write');
      process.exitCode = 1;
    }
  } finally {
    await graph.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
