import assert from 'node:assert/strict';
import { keyHash } from '../../../src/graph/key-hash';
import { compileQuery, type CompileOptions } from '../../../src/query/j1ql/compile/compile';
import { parseQuery } from '../../../src/query/j1ql/parse';
import { InvalidQueryError } from '../../../src/query/j1ql/query-errors';

/** Golden tests: representative queries pinned to the Cypher and parameters they compile to. */
const OPTIONS: CompileOptions = {
  includeDeleted: false,
  now: Date.UTC(2030, 0, 1),
  parameters: { owners: ['a', 'b'] },
  listProperties: new Set(['tags']),
};

function compile(text: string, options: Partial<CompileOptions> = {}) {
  return compileQuery(parseQuery(text), { ...OPTIONS, ...options });
}

const LIVE = (v: string) => `${v}._accountId = $accountId AND ${v}._deleted = false`;
const TAGS_LIST =
  'CASE WHEN n0.`tags` IS NULL THEN [] WHEN n0.`tags` IS :: LIST<ANY> THEN n0.`tags` ELSE [n0.`tags`] END';

describe('J1QL compiler (golden)', () => {
  it('FIND type WITH: plain comparisons where the catalog saw no list, array semantics where it did', () => {
    const c = compile("FIND aws_s3_bucket WITH encrypted != true AND tags = ('a' OR 'b')");
    assert.equal(
      c.cypher,
      [
        'MATCH (n0:Entity)',
        `WHERE ${LIVE('n0')} AND n0._type = $p0 AND ((n0.\`encrypted\` IS NULL OR NOT coalesce(n0.\`encrypted\` = $p1, false)) AND any(e IN ${TAGS_LIST} WHERE e IN $p2))`,
        'WITH DISTINCT n0',
        'RETURN properties(n0) AS entity',
      ].join('\n'),
    );
    assert.deepEqual(c.params, { p0: 'aws_s3_bucket', p1: true, p2: ['a', 'b'] });
    assert.deepEqual(c.plan, { type: 'list' });
  });

  it('_key equal to strings also tests the indexed digest (decision 0035); other _key tests do not', () => {
    const one = compile("FIND * WITH _key = 'host-1'");
    assert.equal(
      one.cypher.split('\n')[1],
      `WHERE ${LIVE('n0')} AND (n0.\`_keyHash\` = $p1 AND n0.\`_key\` = $p0)`,
    );
    assert.deepEqual(one.params, { p0: 'host-1', p1: keyHash('host-1') });
    const either = compile("FIND * AS a WHERE a._key = ('x' OR 'y')");
    assert.match(either.cypher, /\(n0\.`_keyHash` IN \$p1 AND n0\.`_key` IN \$p0\)/);
    assert.deepEqual(either.params, { p0: ['x', 'y'], p1: [keyHash('x'), keyHash('y')] });
    for (const text of [
      "FIND * WITH _key != 'x'",
      "FIND * WITH _key ^= 'x'",
      'FIND * WITH _key = 5',
    ]) {
      assert.doesNotMatch(compile(text).cypher, /_keyHash/, text);
    }
  });

  it('a negated traversal is NOT EXISTS; a class is a label', () => {
    const c = compile('FIND User THAT !HAS >> Device WITH active = true');
    assert.equal(
      c.cypher,
      [
        'MATCH (n0:Entity:`User`)',
        `WHERE ${LIVE('n0')}`,
        `WITH * WHERE NOT EXISTS { MATCH (n0)-[r1:\`HAS\`]->(n1:Entity:\`Device\`) WHERE r1._deleted = false AND ${LIVE('n1')} AND n1.\`active\` = $p0 }`,
        'WITH DISTINCT n0',
        'RETURN properties(n0) AS entity',
      ].join('\n'),
    );
  });

  it('an optional group is a UNION in a CALL; aggregates and ORDER BY on a column', () => {
    const c = compile(
      'FIND User (THAT IS Person)? AS p THAT OWNS Device AS d WHERE d.lastSeenOn < date.now - 7 days RETURN p.name, count(d) AS n ORDER BY n DESC',
    );
    assert.equal(
      c.cypher,
      [
        'MATCH (n0:Entity:`User`)',
        `WHERE ${LIVE('n0')}`,
        `CALL (n0) { RETURN n0 AS g1, null AS r1, null AS n1 UNION ALL MATCH (n0)-[r1:\`IS\`]-(n1:Entity:\`Person\`) WHERE r1._deleted = false AND ${LIVE('n1')} RETURN n1 AS g1, r1, n1 }`,
        'MATCH (g1)-[r2:`OWNS`]-(n2:Entity:`Device`)',
        `WHERE r2._deleted = false AND ${LIVE('n2')}`,
        'WITH * WHERE n2.`lastSeenOn` < $p0',
        'WITH g1.`name` AS c0, count(DISTINCT n2) AS c1',
        'RETURN c0, c1',
        'ORDER BY c1 DESC',
      ].join('\n'),
    );
    assert.deepEqual(c.params, { p0: Date.UTC(2030, 0, 1) - 7 * 86_400_000 });
    assert.deepEqual(c.plan, {
      type: 'table',
      columns: [
        { name: 'p.name', kind: 'value' },
        { name: 'n', kind: 'value' },
      ],
    });
  });

  it("pages: a stable order, and SKIP/LIMIT inside the query's own window", () => {
    const c = compile('FIND User SKIP 5 LIMIT 10', { page: { offset: 8, size: 4 } });
    assert.match(c.cypher, /\nORDER BY n0\._id\nSKIP toInteger\(\$p0\) LIMIT toInteger\(\$p1\)$/);
    assert.deepEqual(c.params, { p0: 13, p1: 2 });
    assert.equal(
      c.countCypher,
      `MATCH (n0:Entity:\`User\`)\nWHERE ${LIVE('n0')}\nWITH DISTINCT n0\nRETURN count(*) AS total`,
    );
  });

  it('includeDeleted drops the _deleted checks; a list parameter is a value list', () => {
    const c = compile('FIND user WITH owner = ${param.owners}', { includeDeleted: true });
    assert.equal(
      c.cypher.split('\n')[1],
      'WHERE n0._accountId = $accountId AND n0._type = $p0 AND (n0.`owner` = $p1 OR n0.`owner` = $p2)',
    );
  });

  it('user text never reaches the Cypher: values are parameters, names are checked and quoted', () => {
    const c = compile("FIND User WITH [we`ird] = 'x\\' OR 1=1' RETURN User.[a`b]");
    assert.ok(c.cypher.includes('n0.`we``ird` = $p0'));
    assert.ok(c.cypher.includes('n0.`a``b` AS c0'));
    assert.deepEqual(c.params, { p0: "x' OR 1=1" });
    assert.throws(() => compile('FIND (User|Bad@Class)'), InvalidQueryError);
    // Neo4j reads \u0060 in backticks as a backtick, so a backslash in a name is refused.
    assert.throws(
      () => compile('FIND User WITH [a\\u0060 IS NULL OR 1 = 1 OR n0.\\u0060b] = "x"'),
      /^InvalidQueryError: Property name 'a\\u0060 IS NULL OR 1 = 1 OR n0\.\\u0060b' cannot contain a backslash$/,
    );
  });

  it('errors that name the problem', () => {
    const message = (text: string) => {
      try {
        compile(text);
      } catch (err) {
        assert.ok(err instanceof InvalidQueryError);
        return err.message;
      }
      return assert.fail(text);
    };
    assert.equal(
      message('FIND User AS u THAT HAS Device AS u'),
      "Alias 'u' is defined twice (line 1, column 25)",
    );
    assert.equal(
      message('FIND User WHERE User = 1'),
      'WHERE compares properties: write User.<property> (line 1, column 17)',
    );
    assert.equal(
      message('FIND User WITH a ~= undefined'),
      'undefined can only be compared with = or != (line 1, column 16)',
    );
    assert.equal(
      message('FIND User WITH a = /(x|y)/'),
      "Regular expression /(x|y)/ uses '(', which J1QL does not support (anchor with ^= or $= instead) (line 1, column 20)",
    );
    assert.equal(
      message('FIND User AS u RETURN nope(u.x)'),
      "Unknown function 'nope' (line 1, column 23)",
    );
    assert.equal(
      message('FIND User AS u RETURN count(u) ORDER BY u.name'),
      'ORDER BY u.name: with aggregates or UNIQUE, order by a RETURN column (line 1, column 41)',
    );
    assert.equal(
      message('FIND User WITH d > date(yesterday)'),
      'date(yesterday) is not an ISO-8601 date (line 1, column 20)',
    );
    assert.equal(message('FIND ""'), 'A full-text search needs some text (line 1, column 6)');
  });

  it('lenient where real rules need it: a bare unknown RETURN name, repeated columns', () => {
    const c = compile('FIND CodeModule AS cm RETURN cm,displayName, cm._key, cm._key');
    assert.deepEqual(c.plan, {
      type: 'table',
      columns: [
        { name: 'cm', kind: 'vertex' },
        { name: 'cm._key', kind: 'value' },
      ],
    });
    assert.deepEqual(c.warnings, [
      "RETURN item 'displayName' names no alias and was left out",
      "Two RETURN items are named 'cm._key': the later one is returned",
    ]);
  });
});
