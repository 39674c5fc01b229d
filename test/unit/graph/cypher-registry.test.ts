import assert from 'node:assert/strict';
import { CypherRegistry, parseStatement } from '../../../src/graph/cypher-registry';
import { cypherRoot } from '../../../src/paths';

describe('CypherRegistry', () => {
  it('parses the header and the statement', () => {
    const s = parseStatement(
      'a/b',
      '// Does a thing.\n// params: $x, $y\n// returns: n\nMATCH (n {x: $x, y: $y}) RETURN n\n',
    );
    assert.deepEqual(s.params, ['x', 'y']);
    assert.deepEqual(s.usedParams, ['x', 'y']);
    assert.equal(s.text, 'MATCH (n {x: $x, y: $y}) RETURN n');
  });

  it('requires a params header', () => {
    assert.throws(
      () => parseStatement('a/b', 'RETURN 1'),
      /cypher\/a\/b.cypher: header must declare/,
    );
  });

  it('every .cypher file declares exactly the parameters it uses', () => {
    const registry = CypherRegistry.load(cypherRoot);
    assert.ok(registry.all().length > 5);
    for (const s of registry.all()) {
      assert.deepEqual([...s.params].sort(), [...s.usedParams].sort(), `cypher/${s.name}.cypher`);
    }
  });

  it('throws on an unknown statement name', () => {
    assert.throws(
      () => CypherRegistry.load(cypherRoot).get('nope/nothing'),
      /No Cypher statement named 'nope\/nothing'/,
    );
  });
});
