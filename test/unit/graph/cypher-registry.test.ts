import assert from 'node:assert/strict';
import { CypherRegistry, parseStatement } from '../../../src/graph/cypher-registry';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cypherRoot, repoRoot } from '../../../src/paths';
import { testCypherRoot, testCypherRoots } from '../../helpers/cypher-roots';

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
    const registry = CypherRegistry.load(...testCypherRoots);
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

  it('refuses a statement name defined under two roots', () => {
    const [a, b] = [1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-cypher-')));
    try {
      for (const root of [a!, b!]) {
        fs.mkdirSync(path.join(root, 'x'));
        fs.writeFileSync(path.join(root, 'x', 'y.cypher'), '// params: none\nRETURN 1\n');
      }
      assert.throws(() => CypherRegistry.load(a!, b!), /Cypher statement 'x\/y' is defined twice/);
    } finally {
      for (const root of [a!, b!]) fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps test and benchmark statements out of the production tree, and src/ never names one', () => {
    const production = CypherRegistry.load(cypherRoot)
      .all()
      .map((s) => s.name);
    const testOnly = CypherRegistry.load(testCypherRoot)
      .all()
      .map((s) => s.name);
    assert.ok(testOnly.length >= 20, `only ${testOnly.length} test statements`);
    assert.deepEqual(
      production.filter((n) => n.startsWith('bench/') || /\/test-/.test(n)),
      [],
      'cypher/ holds a test or benchmark statement: move it to test/cypher/',
    );
    const source = sourcesUnder(path.join(repoRoot, 'src')).join('\n');
    const named = testOnly.filter((n) => source.includes(`'${n}'`));
    assert.deepEqual(named, [], 'src/ runs a statement that only test/cypher/ has');
  });
});

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full);
    return e.name.endsWith('.ts') ? [fs.readFileSync(full, 'utf8')] : [];
  });
}
