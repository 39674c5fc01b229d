import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { ParameterService } from '../../../src/parameters/parameter-service';
import {
  deleteTestAccounts,
  freshAccount,
  testApp,
  testGraph,
  trackAccount,
  type TestAccount,
} from '../../helpers/harness';
import { SyncClient, entity, rel, scopeContents } from '../sync/semantics-helpers';

/**
 * J1QL semantics end to end: POST /query over a graph seeded with DIFF jobs on real Neo4j, every
 * construct of docs/guide/j1ql.md (clauses and result shapes) checked against exact results (which
 * entities, which rows).
 */
const DAY = 86_400_000;
const now = Date.now();

const ENTITIES = [
  entity('u1', {
    _type: 'user',
    _class: 'User',
    username: 'alice',
    active: true,
    email: ['alice@x.com', 'a@y.org'],
    tags: ['admin', 'Prod'],
    age: 30,
    lastSeenOn: now - 2 * DAY,
    'tag.Team': 'red',
  }),
  entity('u2', {
    _type: 'user',
    _class: 'User',
    username: 'bob',
    active: false,
    email: 'bob@x.com',
    age: 40,
    lastSeenOn: now - 10 * DAY,
  }),
  entity('u3', { _type: 'user', _class: 'User', username: 'carol', age: 50 }),
  entity('p1', { _type: 'person', _class: 'Person', email: 'alice@x.com', displayName: 'Alice P' }),
  entity('d1', { _type: 'device', _class: 'Device', displayName: 'laptop-1' }),
  entity('d2', { _type: 'device', _class: 'Device', displayName: 'phone-1' }),
  entity('h1', {
    _type: 'aws_instance',
    _class: 'Host',
    displayName: 'web server',
    'tag.Production': true,
    classification: 'critical',
    size: 10,
  }),
  entity('h2', { _type: 'aws_instance', _class: 'Host', size: 20, tags: ['CriticalAsset'] }),
  entity('g1', { _type: 'user_group', _class: 'UserGroup', name: 'admins' }),
];
const DELETED = entity('x1', { _type: 'user', _class: 'User', username: 'dave' });
const RELATIONSHIPS = [
  rel('u1-has-d1', 'u1', 'd1', { _class: 'HAS', _type: 'user_has_device' }),
  rel('u2-has-d2', 'u2', 'd2', { _class: 'HAS', _type: 'user_has_device' }),
  rel('u1-is-p1', 'u1', 'p1', { _class: 'IS', _type: 'user_is_person' }),
  rel('p1-owns-d2', 'p1', 'd2', { _class: 'OWNS', _type: 'person_owns_device' }),
  rel('u2-owns-d1', 'u2', 'd1', { _class: 'OWNS', _type: 'user_owns_device' }),
  rel('g1-has-u1', 'g1', 'u1', { _class: 'HAS', _type: 'group_has_user' }),
  rel('h1-connects-h2', 'h1', 'h2', {
    _class: 'CONNECTS',
    _type: 'instance_connects_instance',
    fromPort: 20,
    toPort: 25,
    ingress: true,
  }),
];

type Body = Record<string, unknown>;

describe('J1QL: POST /query semantics (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let a: TestAccount;
  let ids: Record<string, string>;

  before(async () => {
    app = await testApp();
    // Every test only reads, so one seeded account serves the suite.
    a = await freshAccount([], { suiteWide: true });
    const c = new SyncClient(app, a.headers);
    await c.diff('s', [...ENTITIES, DELETED], RELATIONSHIPS);
    await c.diff('s', ENTITIES, RELATIONSHIPS);
    const contents = await scopeContents(a.accountId, 's');
    ids = Object.fromEntries(contents.entities.map((e) => [e._key, e._id]));
    await new ParameterService({ graph: await testGraph() }).put({
      accountId: a.accountId,
      name: 'minAge',
      body: { value: 45 },
    });
  });

  after(async () => {
    trackAccount(a.accountId);
    await deleteTestAccounts();
  });

  async function query(text: string, extra: Body = {}, account = a): Promise<Body> {
    const res = await request(app)
      .post('/query')
      .set(account.headers)
      .send({ query: text, ...extra });
    assert.equal(res.status, 200, `${text}: ${JSON.stringify(res.body)}`);
    return res.body as Body;
  }

  /** The `_key`s of a list result, sorted. */
  async function keys(text: string, extra: Body = {}): Promise<string[]> {
    const body = await query(text, extra);
    assert.equal(body.type, 'list', text);
    const data = body.data as Array<{ entity: { _key: string } }>;
    assert.equal(body.totalCount, data.length, text);
    return data.map((v) => v.entity._key).sort();
  }

  async function rows(text: string): Promise<Body[]> {
    const body = await query(text);
    assert.equal(body.type, 'table', text);
    return body.data as Body[];
  }

  async function rejected(
    text: string,
    code: string,
  ): Promise<{ message: string; details?: Body }> {
    const res = await request(app).post('/query').set(a.headers).send({ query: text });
    assert.equal(res.status, 400, `${text}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.error.code, code, JSON.stringify(res.body));
    return res.body.error as { message: string; details?: Body };
  }

  describe('FIND targets', () => {
    it('a class, or a type, gives the live entities as vertices', async () => {
      const body = await query('FIND User WITH username = "alice"');
      assert.deepEqual(body.data, [
        {
          id: ids.u1,
          entity: (body.data as Array<{ entity: Body }>)[0]?.entity,
          properties: {
            username: 'alice',
            active: true,
            email: ['alice@x.com', 'a@y.org'],
            tags: ['admin', 'Prod'],
            age: 30,
            lastSeenOn: now - 2 * DAY,
            'tag.Team': 'red',
          },
        },
      ]);
      const meta = (body.data as Array<{ entity: Body }>)[0]?.entity as Body;
      assert.deepEqual(
        [meta._id, meta._key, meta._type, meta._class, meta._deleted],
        [ids.u1, 'u1', ['user'], ['User'], false],
      );
      assert.equal(typeof meta._createdOn, 'string');
      assert.equal('_searchText' in meta || '_hash' in meta, false);
      assert.deepEqual(await keys('FIND User'), ['u1', 'u2', 'u3']);
      assert.deepEqual(await keys('find user'), ['u1', 'u2', 'u3']);
    });

    it('includeDeleted brings soft-deleted entities back', async () => {
      assert.deepEqual(await keys('FIND User', { includeDeleted: true }), ['u1', 'u2', 'u3', 'x1']);
      assert.deepEqual(await keys('FIND User WITH _deleted = true', { includeDeleted: true }), [
        'x1',
      ]);
    });

    it('* and unions of classes and types', async () => {
      assert.deepEqual(await keys('FIND * WITH age > 35'), ['u2', 'u3']);
      assert.deepEqual(await keys('FIND (Person|aws_instance)'), ['h1', 'h2', 'p1']);
    });

    it('smart classes: #CriticalAsset, #Tag, and #Tag with a class', async () => {
      assert.deepEqual(await keys('FIND #CriticalAsset'), ['h1', 'h2']);
      assert.deepEqual(await keys('FIND #admin'), ['u1']);
      assert.deepEqual(await keys('FIND #Production Host'), ['h1']);
      assert.deepEqual(await keys('FIND #Production User'), []);
    });

    it("full-text search over the entities' text, with FIND or without", async () => {
      assert.deepEqual(await keys('FIND "web server"'), ['h1']);
      assert.deepEqual(await keys("'alice' WITH _class = 'User'"), ['u1']);
      assert.deepEqual(await keys('FIND "alice"'), ['p1', 'u1']);
      assert.deepEqual(await keys('FIND "nobody-has-this"'), []);
      // A quoted target after a traversal: every word in the entity's text, any case.
      assert.deepEqual(await keys('FIND User THAT HAS "LAPTOP"'), ['u1']);
    });

    it('another account sees none of it', async () => {
      const other = await freshAccount();
      const body = await query('FIND *', {}, other);
      assert.deepEqual([body.data, body.totalCount], [[], 0]);
    });
  });

  describe('WITH comparisons', () => {
    it('every operator on scalars', async () => {
      assert.deepEqual(await keys('FIND User WITH age >= 40'), ['u2', 'u3']);
      assert.deepEqual(await keys('FIND User WITH age < 40'), ['u1']);
      assert.deepEqual(await keys('FIND User WITH age <= 40 AND age > 30'), ['u2']);
      assert.deepEqual(await keys("FIND User WITH username ^= 'al'"), ['u1']);
      assert.deepEqual(await keys("FIND User WITH username $= 'ob'"), ['u2']);
      assert.deepEqual(await keys("FIND User WITH username ~= 'aro'"), ['u3']);
      assert.deepEqual(await keys("FIND User WITH username !~= 'a'"), ['u2']);
      assert.deepEqual(await keys("FIND User WITH username !^= 'b'"), ['u1', 'u3']);
      assert.deepEqual(await keys("FIND User WITH username !$= 'ice'"), ['u2', 'u3']);
    });

    it('!= holds where the property is missing; undefined tests presence', async () => {
      assert.deepEqual(await keys('FIND User WITH active != true'), ['u2', 'u3']);
      assert.deepEqual(await keys('FIND User WITH active = undefined'), ['u3']);
      assert.deepEqual(await keys('FIND User WITH active != undefined'), ['u1', 'u2']);
    });

    it('arrays: = is any element, != is no element', async () => {
      assert.deepEqual(await keys("FIND User WITH email = 'a@y.org'"), ['u1']);
      assert.deepEqual(await keys("FIND User WITH email != 'alice@x.com'"), ['u2', 'u3']);
      assert.deepEqual(await keys("FIND User WITH email ~= '@y.'"), ['u1']);
      assert.deepEqual(await keys("FIND User WITH email !~= '@x.'"), ['u3']);
    });

    it('value lists with OR and AND, negated by De Morgan', async () => {
      assert.deepEqual(await keys("FIND User WITH username = ('alice' OR 'bob')"), ['u1', 'u2']);
      assert.deepEqual(await keys("FIND User WITH username != ('alice' OR 'bob')"), ['u3']);
      assert.deepEqual(await keys("FIND User WITH tags = ('admin' AND 'Prod')"), ['u1']);
      assert.deepEqual(await keys("FIND User WITH tags = ('admin' AND 'nope')"), []);
      assert.deepEqual(await keys("FIND User WITH tags != ('admin' AND 'nope')"), [
        'u1',
        'u2',
        'u3',
      ]);
      assert.deepEqual(await keys('FIND User WITH active = (undefined OR false)'), ['u2', 'u3']);
    });

    it('AND binds tighter than OR; parentheses group', async () => {
      assert.deepEqual(
        await keys("FIND User WITH active = true OR age > 45 AND username = 'bob'"),
        ['u1'],
      );
      assert.deepEqual(
        await keys("FIND User WITH active = true OR age > 45 AND username = 'carol'"),
        ['u1', 'u3'],
      );
      assert.deepEqual(
        await keys("FIND User WITH (active = true OR age > 45) AND username = 'carol'"),
        ['u3'],
      );
    });

    it('regular expressions, anchored by the operator', async () => {
      assert.deepEqual(await keys('FIND User WITH username = /LIC/i'), ['u1']);
      assert.deepEqual(await keys('FIND User WITH username = /LIC/'), []);
      assert.deepEqual(await keys('FIND User WITH username ^= /b.b/'), ['u2']);
      assert.deepEqual(await keys('FIND User WITH username $= /[lo]/'), ['u3']);
      assert.deepEqual(await keys('FIND User WITH username != /a/'), ['u2']);
      // JavaScript's reading, not Java's: [b&&o] is the characters b, & and o.
      assert.deepEqual(await keys('FIND User WITH username = /[b&&o]/'), ['u2', 'u3']);
    });

    it('dates: date.now ± N unit on either side, and date(ISO)', async () => {
      assert.deepEqual(await keys('FIND User WITH lastSeenOn > date.now - 5 days'), ['u1']);
      assert.deepEqual(await keys('FIND User WITH date.now-120hours < lastSeenOn'), ['u1']);
      assert.deepEqual(await keys('FIND User WITH lastSeenOn > date(2000-01-01)'), ['u1', 'u2']);
      assert.deepEqual(await keys('FIND User WITH lastSeenOn > date.now + 1 year'), []);
    });

    it('bracket-quoted and dotted property names, comments, account parameters', async () => {
      assert.deepEqual(await keys("FIND User WITH [tag.Team] = 'red'"), ['u1']);
      assert.deepEqual(await keys("FIND User WITH tag.Team = 'red'"), ['u1']);
      assert.deepEqual(await keys("FIND User /* who? */ WITH username = /* bob */ 'bob'"), ['u2']);
      assert.deepEqual(await keys('FIND User WITH age > ${ param.minAge }'), ['u3']);
    });
  });

  describe('THAT traversals', () => {
    it('a verb, either direction by default; >> and << pin it', async () => {
      assert.deepEqual(await keys('FIND User THAT HAS Device'), ['u1', 'u2']);
      assert.deepEqual(await keys('FIND Device THAT HAS User'), ['d1', 'd2']);
      assert.deepEqual(await keys('FIND Device THAT HAS >> User'), []);
      assert.deepEqual(await keys('FIND Device THAT HAS << User'), ['d1', 'd2']);
      assert.deepEqual(await keys('FIND User that has >> Device'), ['u1', 'u2']);
    });

    it('RELATES TO, verb unions and filters on the traversed entity', async () => {
      assert.deepEqual(await keys('FIND Device THAT RELATES TO Person'), ['d2']);
      assert.deepEqual(await keys('FIND User THAT (IS|OWNS) (Person|Device)'), ['u1', 'u2']);
      assert.deepEqual(await keys("FIND User THAT HAS Device WITH displayName = 'phone-1'"), [
        'u2',
      ]);
    });

    it('negation is an anti-join, and covers the rest of the chain', async () => {
      assert.deepEqual(await keys('FIND User THAT !HAS Device'), ['u3']);
      assert.deepEqual(await keys("FIND User THAT !HAS Device WITH displayName = 'laptop-1'"), [
        'u2',
        'u3',
      ]);
      assert.deepEqual(await keys('FIND User THAT !HAS << UserGroup'), ['u2', 'u3']);
      assert.deepEqual(await keys('FIND User THAT !IS Person THAT OWNS Device'), ['u2', 'u3']);
    });

    it('multi-hop chains', async () => {
      assert.deepEqual(await keys('FIND UserGroup THAT HAS User THAT IS Person THAT OWNS Device'), [
        'g1',
      ]);
      assert.deepEqual(
        await keys("FIND UserGroup THAT HAS User THAT HAS Device WITH displayName = 'phone-1'"),
        [],
      );
    });

    it('an optional group is the union of staying and walking, and can be aliased', async () => {
      const data = await rows(
        'FIND User (THAT IS Person)? THAT OWNS Device RETURN User.username, Device.displayName',
      );
      assert.deepEqual(sortRows(data), [
        { 'User.username': 'alice', 'Device.displayName': 'phone-1' },
        { 'User.username': 'bob', 'Device.displayName': 'laptop-1' },
      ]);
      const owners = await rows(
        "FIND User WITH username = 'alice' (THAT IS Person)? AS owner RETURN owner._key",
      );
      assert.deepEqual(sortRows(owners), [{ 'owner._key': 'p1' }, { 'owner._key': 'u1' }]);
    });
  });

  describe('WHERE, aliases and implicit selectors', () => {
    it('WHERE on a traversed alias, on a relationship alias, and alias to alias', async () => {
      assert.deepEqual(
        await rows(
          "FIND User AS u THAT HAS Device AS d WHERE d.displayName = 'laptop-1' RETURN u.username",
        ),
        [{ 'u.username': 'alice' }],
      );
      assert.deepEqual(
        await rows(
          'FIND aws_instance AS a THAT CONNECTS >> AS r aws_instance AS b ' +
            'WHERE r.fromPort <= 22 AND r.toPort >= 22 AND r.ingress = true RETURN a._key, b._key',
        ),
        [{ 'a._key': 'h1', 'b._key': 'h2' }],
      );
      assert.deepEqual(
        await rows(
          'FIND User AS u THAT IS Person AS p WHERE u.email = p.email RETURN u.username, p.displayName',
        ),
        [{ 'u.username': 'alice', 'p.displayName': 'Alice P' }],
      );
    });

    it('class, type and verb names serve as aliases', async () => {
      assert.deepEqual(
        sortRows(await rows('FIND User THAT HAS Device RETURN User.username, Device.displayName')),
        [
          { 'User.username': 'alice', 'Device.displayName': 'laptop-1' },
          { 'User.username': 'bob', 'Device.displayName': 'phone-1' },
        ],
      );
      assert.deepEqual(
        await rows(
          'FIND aws_instance AS a THAT CONNECTS >> aws_instance AS b WHERE CONNECTS.ingress = true RETURN a._key, b._key',
        ),
        [{ 'a._key': 'h1', 'b._key': 'h2' }],
      );
    });
  });

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

function sortRows(rows: Body[]): Body[] {
  return [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
}
