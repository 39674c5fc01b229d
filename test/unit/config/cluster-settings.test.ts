import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../../src/config/config';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { Graph } from '../../../src/graph/graph';
import { cypherRoot } from '../../../src/paths';

/**
 * Settings for running past one machine (docs/operations/scaling.md): Neo4j cluster and Aura URIs
 * with their database, and a Redis Cluster hash tag in QUEUE_PREFIX. No cluster runs here: the
 * driver is built for every scheme (it connects lazily); routing itself is tested against the
 * single test Neo4j in test/integration/graph/read-paths.test.ts.
 */
describe('settings for clusters', () => {
  const schemes = ['bolt', 'bolt+s', 'bolt+ssc', 'neo4j', 'neo4j+s', 'neo4j+ssc'];

  it('NEO4J_URI takes direct and routing URIs, with or without TLS, and NEO4J_DATABASE', () => {
    for (const scheme of schemes) {
      const uri = `${scheme}://db.example.com:7687`;
      const c = loadConfig({ NEO4J_URI: uri, NEO4J_DATABASE: 'graphsync' });
      assert.deepEqual([c.neo4j.uri, c.neo4j.database], [uri, 'graphsync']);
    }
    assert.equal(
      loadConfig({ NEO4J_URI: 'neo4j+s://abcd1234.databases.neo4j.io' }).neo4j.database,
      'neo4j',
    );
  });

  it('NEO4J_URI refuses other schemes, naming the variable', () => {
    for (const uri of ['http://db.example.com', 'neo4j+x://db.example.com', 'bolt+routing://db']) {
      assert.throws(
        () => loadConfig({ NEO4J_URI: uri }),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.problems.length === 1 &&
          err.problems[0] === 'NEO4J_URI must be a bolt:// or neo4j:// URI',
      );
    }
  });

  it('the driver is built for every scheme (TLS comes from the scheme, not from options)', async () => {
    for (const scheme of schemes) {
      const graph = Graph.connect(
        {
          uri: `${scheme}://db.example.com:7687`,
          user: 'neo4j',
          password: 'secret',
          database: 'graphsync',
        },
        CypherRegistry.load(cypherRoot),
      );
      await graph.close();
    }
  });

  it('QUEUE_PREFIX may open with a Redis Cluster hash tag', () => {
    for (const prefix of ['graphsync', 'gs:prod', '{graphsync}', '{graphsync}:prod', '{gs-1}_a']) {
      assert.equal(loadConfig({ QUEUE_PREFIX: prefix }).queue.prefix, prefix);
    }
  });

  it('QUEUE_PREFIX refuses braces anywhere but one leading hash tag', () => {
    for (const prefix of ['{}', '{graphsync', 'graphsync}', 'gs{a}', '{a}{b}', '{a b}', 'a b']) {
      assert.throws(
        () => loadConfig({ QUEUE_PREFIX: prefix }),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.problems.length === 1 &&
          err.problems[0] ===
            `QUEUE_PREFIX must be letters, digits, _ : or -, optionally opening with a hash tag such as {graphsync} (got '${prefix}')`,
        prefix,
      );
    }
  });
});
