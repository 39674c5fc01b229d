import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import {
  deleteTestAccounts,
  freshAccount,
  testApp,
  trackAccount,
  type TestAccount,
} from '../../helpers/harness';
import { SyncClient, entity } from '../sync/semantics-helpers';

/**
 * The one rule for numbers in RETURN (docs/guide/j1ql.md, "Numbers in expressions and
 * aggregates"): a number, or text that reads as a decimal number, is that number; anything else
 * (other text, booleans, lists, a missing value) is no number. Arithmetic and the numeric
 * functions give null when an operand is no number; SUM, AVG, MIN and MAX leave such values out.
 * Golden tables through POST /query on real Neo4j, over one property holding every kind of value.
 */
const VALUES: Record<string, unknown> = {
  n7: 7,
  s7: '7',
  s2_5: ' 2.5 ',
  s1e2: '1e2',
  abc: 'abc',
  empty: '',
  bool: true,
  list: [1, 2],
  none: undefined,
};
const ENTITIES = Object.entries(VALUES).map(([key, v]) =>
  entity(key, { _type: 'metric', _class: 'Record', ...(v === undefined ? {} : { v }) }),
);

type Body = Record<string, unknown>;

describe('J1QL: numbers in RETURN arithmetic and aggregates (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let a: TestAccount;

  before(async () => {
    app = await testApp();
    a = await freshAccount([], { suiteWide: true });
    await new SyncClient(app, a.headers).diff('s', ENTITIES, []);
  });

  after(async () => {
    trackAccount(a.accountId);
    await deleteTestAccounts();
  });

  async function rows(text: string): Promise<Body[]> {
    const res = await request(app).post('/query').set(a.headers).send({ query: text });
    assert.equal(res.status, 200, `${text}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.type, 'table', text);
    return res.body.data as Body[];
  }

  /** One row per entity, keyed by `_key`, without the key column. */
  async function byKey(returns: string): Promise<Record<string, Body>> {
    const data = await rows(`FIND metric AS m RETURN m._key AS k, ${returns}`);
    return Object.fromEntries(data.map(({ k, ...rest }) => [k as string, rest]));
  }

  it('+ - * / % ^ and unary minus: a number or numeric text computes, anything else is null', async () => {
    const nulls = {
      plus: null,
      minus: null,
      times: null,
      div: null,
      mod: null,
      pow: null,
      neg: null,
    };
    assert.deepEqual(
      await byKey(
        'm.v + 1 AS plus, m.v - 1 AS minus, m.v * 2 AS times, m.v / 2 AS div, m.v % 4 AS mod, m.v ^ 2 AS pow, -m.v AS neg',
      ),
      {
        n7: { plus: 8, minus: 6, times: 14, div: 3.5, mod: 3, pow: 49, neg: -7 },
        s7: { plus: 8, minus: 6, times: 14, div: 3.5, mod: 3, pow: 49, neg: -7 },
        s2_5: { plus: 3.5, minus: 1.5, times: 5, div: 1.25, mod: 2.5, pow: 6.25, neg: -2.5 },
        s1e2: { plus: 101, minus: 99, times: 200, div: 50, mod: 0, pow: 10000, neg: -100 },
        abc: nulls,
        empty: nulls,
        bool: nulls,
        list: nulls,
        none: nulls,
      },
    );
  });

  it('the numeric functions read their arguments by the same rule', async () => {
    const nulls = { abs: null, ceil: null, floor: null, round: null, sqrt: null };
    assert.deepEqual(
      await byKey(
        'ABS(-m.v) AS abs, CEIL(m.v) AS ceil, FLOOR(m.v) AS floor, ROUND(m.v) AS round, SQRT(m.v * m.v) AS sqrt',
      ),
      {
        n7: { abs: 7, ceil: 7, floor: 7, round: 7, sqrt: 7 },
        s7: { abs: 7, ceil: 7, floor: 7, round: 7, sqrt: 7 },
        s2_5: { abs: 2.5, ceil: 3, floor: 2, round: 3, sqrt: 2.5 },
        s1e2: { abs: 100, ceil: 100, floor: 100, round: 100, sqrt: 100 },
        abc: nulls,
        empty: nulls,
        bool: nulls,
        list: nulls,
        none: nulls,
      },
    );
  });

  it('string literals follow the rule too; division and remainder by zero are null', async () => {
    assert.deepEqual(
      await rows(
        `FIND metric WITH _key = 'n7' AS m RETURN "7" + 1 AS a, 1 + "x" AS b, '7' * ' 2 ' AS c, "a" + "b" AS d, m.v / 0 AS e, m.v % "0" AS f, ROUND("3.14159", "2") AS g`,
      ),
      [{ a: 8, b: null, c: 14, d: null, e: null, f: null, g: 3.14 }],
    );
  });

  it('a value on its own is returned as stored', async () => {
    assert.deepEqual(
      await byKey('m.v AS v'),
      Object.fromEntries(Object.entries(VALUES).map(([k, v]) => [k, { v: v ?? null }])),
    );
  });

  it('SUM, AVG, MIN and MAX combine the numbers and leave everything else out', async () => {
    // 7 + 7 + 2.5 + 100 over four numbers.
    const expected = { sum: 116.5, avg: 29.125, min: 2.5, max: 100 };
    assert.deepEqual(
      await rows(
        'FIND metric AS m RETURN SUM(m.v) AS sum, AVG(m.v) AS avg, MIN(m.v) AS min, MAX(m.v) AS max',
      ),
      [expected],
    );
    // Over an expression (rows rather than distinct entities): the same numbers.
    assert.deepEqual(
      await rows(
        'FIND metric AS m RETURN SUM(m.v * 1) AS sum, AVG(m.v + 0) AS avg, MIN(m.v - 0) AS min, MAX(COALESCE(m.v, 0)) AS max',
      ),
      [expected],
    );
    // The example: 7 and "7" sum to 14, not "07".
    assert.deepEqual(
      await rows(
        "FIND metric WITH _key = ('n7' OR 's7' OR 'abc') AS m RETURN SUM(m.v) AS sum, AVG(m.v) AS avg, SUM(m.v) * 2 AS twice, COUNT(m) / 2 AS half",
      ),
      [{ sum: 14, avg: 7, twice: 28, half: 1.5 }],
    );
  });

  it('with no number in the group, SUM is 0 and AVG, MIN, MAX are null', async () => {
    const empty = { sum: 0, avg: null, min: null, max: null };
    assert.deepEqual(
      await rows(
        "FIND metric WITH _key = ('abc' OR 'empty' OR 'bool' OR 'list' OR 'none') AS m RETURN SUM(m.v) AS sum, AVG(m.v) AS avg, MIN(m.v) AS min, MAX(m.v) AS max",
      ),
      [empty],
    );
    assert.deepEqual(
      await rows(
        "FIND metric WITH _key = ('abc' OR 'bool' OR 'list') AS m RETURN SUM(m.v + 1) AS sum, AVG(m.v + 1) AS avg, MIN(m.v + 1) AS min, MAX(m.v + 1) AS max",
      ),
      [empty],
    );
  });
});
