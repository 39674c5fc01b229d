import assert from 'node:assert/strict';
import type express from 'express';
import { freshAccount, testApp, type TestAccount } from '../../helpers/harness';
import {
  type Body,
  DAY,
  deleteSeededAccount,
  now,
  queryCalls,
  seededAccount,
  sortRows,
} from './j1ql-semantics-helpers';

/**
 * J1QL semantics end to end: POST /query over a graph seeded with DIFF jobs on real Neo4j, checked
 * against exact results (which entities, which rows): what a query matches (FIND targets, WITH
 * comparisons, THAT traversals, WHERE, aliases and implicit selectors).
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

  const { query, keys, rows } = queryCalls(
    () => app,
    () => a,
  );

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
});
