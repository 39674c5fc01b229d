import assert from 'node:assert/strict';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { Graph } from '../../../src/graph/graph';
import { applySchema } from '../../../src/graph/schema';
import { cypherRoot } from '../../../src/paths';
import { testCypherRoots } from '../../helpers/cypher-roots';
import { UnavailableError } from '../../../src/errors/app-error';
import { testGraph } from '../../helpers/harness';

describe('graph (real Neo4j)', () => {
  // One test per file, so that each has its own timeout: EXPLAINing all of them in one test took
  // 40.7 s on a busy 2-core machine. The list is read here, at load time, from the same directory
  // the graph's registry loads.
  describe('EXPLAINs every .cypher file outside schema/ (cypher/ and test/cypher/) without error', () => {
    const statements = CypherRegistry.load(...testCypherRoots)
      .all()
      .filter((s) => !s.name.startsWith('schema/'))
      .sort((a, b) => a.name.localeCompare(b.name));

    it('finds the statements', () => {
      assert.ok(statements.length >= 10, `only ${statements.length} statements`);
    });

    for (const s of statements) {
      it(`cypher/${s.name}.cypher`, async () => {
        const graph = await testGraph();
        const params = Object.fromEntries(s.params.map((p) => [p, null]));
        await graph.explain(s.name, params).catch((err: Error) => {
          throw new Error(`cypher/${s.name}.cypher: ${err.message}`);
        });
      });
    }
  });

  it('applies the schema idempotently and every schema file creates what it names', async () => {
    const graph = await testGraph();
    const applied = await applySchema(graph);
    assert.deepEqual(applied, graph.cypher.namesUnder('schema'));
    await applySchema(graph);
    const names = new Set(
      (await graph.read<{ name: string }>('health/list-schema')).map((r) => r.name),
    );
    const schema = graph.cypher.all().filter((s) => s.name.startsWith('schema/'));
    const created = schema.map(
      (s) => /^CREATE (?:CONSTRAINT|INDEX|FULLTEXT INDEX) (\w+) IF NOT/.exec(s.text)?.[1],
    );
    const dropped = schema.map(
      (s) => /^DROP (?:CONSTRAINT|INDEX) (\w+) IF EXISTS/.exec(s.text)?.[1],
    );
    assert.equal(created.filter(Boolean).length + dropped.filter(Boolean).length, schema.length);
    assert.ok(created.filter(Boolean).length >= 14);
    for (const name of created.filter(Boolean)) assert.ok(names.has(name!), `missing ${name}`);
    for (const name of dropped.filter(Boolean)) assert.ok(!names.has(name!), `still has ${name}`);
  });

  it('maps an unreachable Neo4j to a retryable UnavailableError', async () => {
    const dead = Graph.connect(
      { uri: 'bolt://127.0.0.1:1', user: undefined, password: undefined, database: 'neo4j' },
      CypherRegistry.load(cypherRoot),
    );
    try {
      await assert.rejects(
        dead.ping(),
        (err: unknown) => err instanceof UnavailableError && err.retryable,
      );
    } finally {
      await dead.close();
    }
  });
});
