import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { testApp, type TestAccount } from '../../helpers/harness';
import {
  type Body,
  deleteSeededAccount,
  queryCalls,
  seededAccount,
  sortRows,
} from './j1ql-semantics-helpers';

/**
 * J1QL semantics end to end: POST /query over a graph seeded with DIFF jobs on real Neo4j, checked
 * against exact results (which entities, which rows): what it returns (RETURN, aggregates, TREE),
 * its pages, and its errors.
 */
describe('J1QL: POST /query semantics (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let a: TestAccount;
  let ids: Record<string, string>;

  before(async () => {
    app = await testApp();
    // Every test only reads, so one seeded account serves the suite.
    ({ a, ids } = await seededAccount(app));
  });

  after(async () => {
    await deleteSeededAccount(a);
  });

  const { query, rows, rejected } = queryCalls(
    () => app,
    () => a,
  );

  describe('RETURN', () => {
    it('whole entities, AS names (quoted too) and alias.*', async () => {
      const [row] = await rows(
        'FIND User WITH username = \'alice\' AS u RETURN u, u.username AS "Name"',
      );
      assert.equal((row?.u as { id: string }).id, ids.u1);
      assert.equal(row?.Name, 'alice');
      const [spread] = await rows('FIND Person AS p RETURN p.*');
      assert.equal(spread?.['p.displayName'], 'Alice P');
      assert.equal(spread?.['p.email'], 'alice@x.com');
      assert.equal(spread?.['p._key'], 'p1');
      assert.equal(
        Object.keys(spread ?? {}).some((k) => k === 'p._hash' || k === 'p._searchText'),
        false,
      );
    });

    it('a repeated RETURN name is one column, and the others keep their values', async () => {
      const body = await query(
        'FIND User WITH username = "alice" AS u RETURN u.username, u.username, u.age',
      );
      assert.deepEqual(body.data, [{ 'u.username': 'alice', 'u.age': 30 }]);
      assert.deepEqual(body.warnings, [
        "Two RETURN items are named 'u.username': the later one is returned",
      ]);
    });

    it('a relationship alias returns an edge', async () => {
      const [row] = await rows(
        'FIND aws_instance AS a THAT CONNECTS >> AS r aws_instance RETURN r',
      );
      const edge = row?.r as Body;
      assert.deepEqual([edge.fromVertexId, edge.toVertexId], [ids.h1, ids.h2]);
      assert.deepEqual(edge.properties, { fromPort: 20, toPort: 25, ingress: true });
    });

    it('aggregates: over everything, and per grouping column', async () => {
      assert.deepEqual(await rows('FIND User AS u THAT HAS Device AS d RETURN count(u)'), [
        { 'count(u)': 2 },
      ]);
      assert.deepEqual(
        await rows(
          'FIND aws_instance AS h RETURN sum(h.size) AS s, avg(h.size) AS a, min(h.size) AS lo, MAX(h.size) AS hi',
        ),
        [{ s: 30, a: 15, lo: 10, hi: 20 }],
      );
      assert.deepEqual(
        sortRows(
          await rows(
            'FIND Device AS d THAT (HAS|OWNS) User AS u RETURN d.displayName, count(u) AS n',
          ),
        ),
        [
          { 'd.displayName': 'laptop-1', n: 2 },
          { 'd.displayName': 'phone-1', n: 1 },
        ],
      );
    });

    it('HAVING filters aggregated rows by column name', async () => {
      assert.deepEqual(
        await rows(
          'FIND Device AS d THAT (HAS|OWNS) User AS u RETURN d.displayName AS name, count(u) AS n HAVING n > 1',
        ),
        [{ name: 'laptop-1', n: 2 }],
      );
    });

    it('ORDER BY, SKIP and LIMIT; UNIQUE drops duplicate rows', async () => {
      const body = await query(
        'FIND User AS u RETURN u.username ORDER BY u.username DESC SKIP 1 LIMIT 1',
      );
      assert.deepEqual([body.data, body.totalCount], [[{ 'u.username': 'bob' }], 1]);
      assert.deepEqual(
        (await rows('FIND User AS u RETURN u.username ORDER BY u.age DESC')).map(
          (r) => r['u.username'],
        ),
        ['carol', 'bob', 'alice'],
      );
      assert.equal(
        (await rows('FIND Device AS d THAT (HAS|OWNS) User RETURN d.displayName')).length,
        3,
      );
      assert.equal(
        (await rows('FIND UNIQUE Device AS d THAT (HAS|OWNS) User RETURN d.displayName')).length,
        2,
      );
    });

    it('arithmetic and scalar functions; division by zero is null', async () => {
      assert.deepEqual(
        sortRows(
          await rows(
            "FIND aws_instance AS h RETURN h._key, h.size * 2 + 1 AS x, ROUND(h.size / 3) AS r, CONCAT(h._key, '-', h.size) AS k, h.size / 0 AS z",
          ),
        ),
        [
          { 'h._key': 'h1', x: 21, r: 3, k: 'h1-10', z: null },
          { 'h._key': 'h2', x: 41, r: 7, k: 'h2-20', z: null },
        ],
      );
    });

    it("RETURN TREE: the matched paths' vertices and edges, each once", async () => {
      const body = await query("FIND User WITH username = 'alice' THAT HAS Device RETURN TREE");
      assert.equal(body.type, 'tree');
      const tree = body.data as {
        vertices: Array<{ id: string }>;
        edges: Array<{ fromVertexId: string; toVertexId: string }>;
      };
      assert.deepEqual(tree.vertices.map((v) => v.id).sort(), [ids.d1, ids.u1].sort());
      assert.deepEqual(
        tree.edges.map((e) => [e.fromVertexId, e.toVertexId]),
        [[ids.u1, ids.d1]],
      );
    });
  });

  describe('pages', () => {
    it('limit and cursor walk the result; totalCount counts all of it', async () => {
      const first = await query('FIND User', { limit: 2 });
      assert.equal((first.data as unknown[]).length, 2);
      assert.equal(first.totalCount, 3);
      assert.equal(typeof first.cursor, 'string');
      const second = await query('FIND User', { limit: 2, cursor: first.cursor });
      assert.equal((second.data as unknown[]).length, 1);
      assert.equal(second.totalCount, 3);
      assert.equal(second.cursor, undefined);
      const all = [
        ...(first.data as Array<{ id: string }>),
        ...(second.data as Array<{ id: string }>),
      ];
      assert.deepEqual(all.map((v) => v.id).sort(), [ids.u1, ids.u2, ids.u3].sort());
    });

    it('a cursor of another query, or a made-up one, is a 400', async () => {
      const first = await query('FIND User', { limit: 1 });
      for (const cursor of [first.cursor, 'bm9wZQ']) {
        const res = await request(app)
          .post('/query')
          .set(a.headers)
          .send({ query: 'FIND Device', limit: 1, cursor });
        assert.equal(res.status, 400);
        assert.equal(res.body.error.code, 'VALIDATION_ERROR');
      }
      const big = await request(app)
        .post('/query')
        .set(a.headers)
        .send({ query: 'FIND User', limit: 1001 });
      assert.deepEqual(
        [big.status, big.body.error.message],
        [400, '"limit" must be a whole number between 1 and 1000'],
      );
    });
  });

  describe('errors', () => {
    it('a query that does not parse: line, column, token and what was expected', async () => {
      const error = await rejected('FIND User\nWITH active = = true', 'J1QL_SYNTAX_ERROR');
      assert.equal(
        error.message,
        "Query does not parse at line 2, column 15: found '=', expected one of '(', date, parameter, property, regular expression or value",
      );
      assert.deepEqual(error.details?.line, 2);
      assert.deepEqual(error.details?.column, 15);
    });

    it('a query that parses but cannot run names the problem', async () => {
      assert.equal(
        (await rejected('FIND User AS u RETURN x.name', 'J1QL_INVALID_QUERY')).message,
        "Unknown alias 'x' in RETURN (line 1, column 23)",
      );
      assert.equal(
        (await rejected('FIND User AS u RETURN sum(u)', 'J1QL_INVALID_QUERY')).message,
        'SUM needs alias.property, not a whole alias (line 1, column 23)',
      );
      assert.equal(
        (await rejected('FIND User THAT HAS User WHERE User.active = true', 'J1QL_INVALID_QUERY'))
          .message,
        "'User' names more than one entity or relationship in WHERE: give each an alias with AS (line 1, column 31)",
      );
      assert.equal(
        (await rejected('FIND User WITH x = ${param.nope}', 'J1QL_INVALID_QUERY')).message,
        "Unknown account parameter 'nope' (line 1, column 20)",
      );
      // Text in arithmetic is no number, so null (j1ql-arithmetic.test.ts); a negative number
      // of digits is something Neo4j refuses while running.
      assert.match(
        (await rejected('FIND User AS u RETURN ROUND(u.age, -1)', 'J1QL_INVALID_QUERY')).message,
        /^The query cannot run on this data: /,
      );
    });

    it('no query text is a 500: every cut of real queries is answered 200 or 400', async () => {
      const texts = [
        "FIND User (THAT IS Person)? AS p THAT !OWNS << Device WITH x = ('a' OR undefined) WHERE p.email = 'x' RETURN p.name AS \"N\", count(p) ORDER BY N DESC LIMIT 3",
        'FIND aws_instance AS a THAT CONNECTS >> AS r * WHERE r.fromPort <= 22 RETURN TREE',
        'FIND User WITH lastSeenOn > date.now - 3 days AND name = /a[b-c]\\d/i RETURN u.*, SUM(u.x) / 0',
      ];
      for (const text of texts) {
        for (let cut = 1; cut <= text.length; cut += 3) {
          const res = await request(app)
            .post('/query')
            .set(a.headers)
            .send({ query: text.slice(0, cut) });
          assert.ok(
            res.status === 200 || res.status === 400,
            `${text.slice(0, cut)}: ${res.status}`,
          );
        }
      }
    });

    it('explain returns the Cypher and its parameters, bound to the account', async () => {
      const res = await request(app)
        .post('/query/explain')
        .set(a.headers)
        .send({ query: "FIND User WITH username = 'alice'" });
      assert.equal(res.status, 200);
      assert.match(res.body.cypher, /n0\._accountId = \$accountId/);
      assert.doesNotMatch(res.body.cypher, /alice/);
      assert.equal(res.body.params.accountId, a.accountId);
      assert.ok(Object.values(res.body.params).includes('alice'));
    });
  });
});
