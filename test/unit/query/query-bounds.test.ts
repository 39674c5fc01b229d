import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadConfig } from '../../../src/config/config';
import { AppError } from '../../../src/errors/app-error';
import { compileQuery } from '../../../src/query/j1ql/compile/compile';
import { parseQuery } from '../../../src/query/j1ql/parse';
import { checkCompiledSize, checkQueryShape, traversalsOf } from '../../../src/query/query-bounds';
import { ALERT_RULE_CORPUS, J1QL_CORPUS } from '../../helpers/fixtures';

/**
 * The J1QL complexity bounds' defaults never bother a real client: every query of the corpus
 * (test/fixtures/corpus: the queries and every query of the rules) is inside them, with room.
 */
const defaults = loadConfig({}).query.bounds;

/** Every `query` text and every `queries` list inside a rule of the corpus. */
function ruleQueries(value: unknown, texts: string[], lists: number[]): void {
  if (Array.isArray(value)) {
    value.forEach((v) => ruleQueries(v, texts, lists));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'query' && typeof v === 'string') texts.push(v);
      if (k === 'queries' && Array.isArray(v)) lists.push(v.length);
      ruleQueries(v, texts, lists);
    }
  }
}

describe('J1QL complexity bounds', () => {
  it('default to 12 hops, 100 columns and 65,536 characters of Cypher', () => {
    assert.deepEqual(defaults, { maxTraversals: 12, maxColumns: 100, maxCypherLength: 65_536 });
  });

  it('let every query of the corpus through, queries and rules alike, with room to spare', function () {
    this.timeout(60_000);
    const queries = (
      JSON.parse(fs.readFileSync(J1QL_CORPUS, 'utf8')) as Array<{ query: string }>
    ).map((e) => e.query);
    const texts: string[] = [];
    const lists: number[] = [];
    ruleQueries(JSON.parse(fs.readFileSync(ALERT_RULE_CORPUS, 'utf8')), texts, lists);
    const all = [...queries, ...texts.filter((t) => !t.includes('{{'))];
    assert.ok(all.length > 1500, String(all.length));
    const max = { hops: 0, columns: 0, cypher: 0 };
    let checked = 0;
    for (const text of all) {
      let ast;
      try {
        ast = parseQuery(text);
      } catch {
        continue; // the corpus test (j1ql-corpus.test.ts) owns what does not parse
      }
      checkQueryShape(ast, defaults);
      let compiled;
      try {
        compiled = compileQuery(ast, {
          includeDeleted: false,
          now: 0,
          parameters: {},
          page: { offset: 0, size: 250 },
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'J1QL_INVALID_QUERY') continue;
        throw err;
      }
      checkCompiledSize(compiled.cypher, defaults);
      checked++;
      max.hops = Math.max(max.hops, traversalsOf(ast.steps));
      if (ast.return?.kind === 'items')
        max.columns = Math.max(max.columns, ast.return.items.length);
      max.cypher = Math.max(max.cypher, compiled.cypher.length);
    }
    assert.ok(checked >= all.length * 0.95, `${checked}/${all.length}`);
    // The defaults are well above the corpus's largest query, and a rule's 20 queries above its
    // largest rule.
    assert.ok(max.hops * 1.5 <= defaults.maxTraversals, JSON.stringify(max));
    assert.ok(max.columns * 4 <= defaults.maxColumns, JSON.stringify(max));
    assert.ok(max.cypher * 10 <= defaults.maxCypherLength, JSON.stringify(max));
    assert.ok(Math.max(...lists) * 4 <= 20, String(Math.max(...lists)));
  });

  it('name the bound, the value and the variable', () => {
    const ast = parseQuery(`FIND Host${' THAT HAS Host'.repeat(3)}`);
    assert.throws(
      () => checkQueryShape(ast, { ...defaults, maxTraversals: 2 }),
      (err: AppError) => {
        assert.equal(err.code, 'QUERY_TOO_COMPLEX');
        assert.equal(
          err.message,
          'The query traverses 3 relationships; at most 2 are allowed (J1QL_MAX_TRAVERSALS)',
        );
        assert.deepEqual(err.details, { bound: 'J1QL_MAX_TRAVERSALS', value: 3, limit: 2 });
        return true;
      },
    );
    assert.throws(
      () => checkCompiledSize('x'.repeat(1001), { ...defaults, maxCypherLength: 1000 }),
      (err: AppError) =>
        err.code === 'QUERY_TOO_COMPLEX' &&
        /^The query compiles to 1001 characters of Cypher; at most 1000 are allowed \(J1QL_MAX_CYPHER_LENGTH\)$/.test(
          err.message,
        ),
    );
  });
});
