import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp, type TestAccount } from '../../helpers/harness';
import { SyncClient, entity, rel } from '../sync/semantics-helpers';

/**
 * `asOf` (decision 0047): a query answers over the graph as it was at a time, rebuilt from the
 * change history and the soft-delete timestamps. Each query's answer is recorded right after a
 * sync, the graph is then changed by later syncs (updates, deletes, creations, a revival, a
 * relationship removed), and the same query asked `asOf` the recorded time must give the recorded
 * answer again.
 */

const QUERIES = [
  'FIND User',
  'FIND User WITH age > 35',
  "FIND User WITH username = 'alice'",
  'FIND User AS u RETURN u.username, u.age ORDER BY u.username',
  'FIND User AS u THAT HAS Device AS d RETURN u.username, d.displayName ORDER BY u.username',
  'FIND User AS u THAT HAS Device AS d RETURN u, d',
  'FIND User AS u THAT HAS AS h Device RETURN h',
  'FIND User AS u RETURN u.*',
  'FIND User THAT HAS Device RETURN TREE',
  'FIND User AS u RETURN count(u) AS n, sum(u.age) AS total, max(u.age) AS oldest',
  'FIND User AS u THAT !HAS Device RETURN u.username ORDER BY u.username',
  'FIND User AS u WHERE u.age < 45 RETURN u.username ORDER BY u.username',
];

/** The parts of an answer that a time travel must give back (not versions or write stamps). */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (/(^|\.)_(version|beginOn|endOn)$/.test(k)) continue;
    out[k] = comparable(v);
  }
  return out;
}

/** JSON with every object's keys sorted: the same text whatever order the keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

/** Rows (and a tree's vertices and edges) in a fixed order: most queries here set none. */
function unordered(data: unknown): unknown {
  const sorted = (rows: unknown[]) =>
    [...rows].sort((x, y) => canonical(x).localeCompare(canonical(y)));
  if (Array.isArray(data)) return sorted(data);
  const tree = data as { vertices: unknown[]; edges: unknown[] };
  return { vertices: sorted(tree.vertices), edges: sorted(tree.edges) };
}

describe('J1QL asOf: the graph as it was (real Neo4j, history from real syncs)', () => {
  let app: express.Express;
  let a: TestAccount;
  let c: SyncClient;
  const recorded: Array<{ at: number; answers: unknown[] }> = [];

  async function ask(query: string, asOf?: number) {
    const res = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query, ...(asOf === undefined ? {} : { asOf }) });
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    return unordered(comparable(res.body.data));
  }

  async function record(): Promise<void> {
    const answers: unknown[] = [];
    for (const q of QUERIES) answers.push(await ask(q));
    recorded.push({ at: Date.now(), answers });
    await new Promise((r) => setTimeout(r, 5)); // the next write is stamped later
  }

  const user = (key: string, username: string, age: number) =>
    entity(key, { _type: 'user', _class: 'User', username, age });
  const device = (key: string, displayName: string) =>
    entity(key, { _type: 'device', _class: 'Device', displayName });
  const has = (from: string, to: string, props: Record<string, unknown> = {}) =>
    rel(`${from}-has-${to}`, from, to, { _class: 'HAS', _type: 'user_has_device', ...props });

  before(async function () {
    this.timeout(300_000);
    app = await testApp();
    a = await freshAccount([], { suiteWide: true });
    c = new SyncClient(app, a.headers);
    await record(); // nothing yet
    await c.diff(
      's',
      [
        user('u1', 'alice', 30),
        user('u2', 'bob', 40),
        device('d1', 'laptop'),
        device('d2', 'phone'),
      ],
      [has('u1', 'd1', { since: 1 }), has('u2', 'd2')],
    );
    await record();
    // alice renamed and older, bob gone, carol new, the laptop renamed, alice's link changed.
    await c.diff(
      's',
      [
        user('u1', 'alice2', 31),
        user('u3', 'carol', 50),
        device('d1', 'laptop-2'),
        device('d2', 'phone'),
      ],
      [has('u1', 'd1', { since: 2 }), has('u3', 'd2')],
    );
    await record();
    // bob back (revived) with another age; carol's link gone.
    await c.diff(
      's',
      [
        user('u1', 'alice2', 31),
        user('u2', 'bob', 41),
        user('u3', 'carol', 50),
        device('d1', 'laptop-2'),
        device('d2', 'phone'),
      ],
      [has('u1', 'd1', { since: 2 })],
    );
    await record();
  });

  for (const [i, query] of QUERIES.entries()) {
    it(`answers "${query}" as it was answered after each sync`, async () => {
      for (const [n, at] of recorded.entries()) {
        assert.deepEqual(await ask(query, at.at), at.answers[i], `asOf the state after sync ${n}`);
      }
    });
  }

  it('answers as now when asOf is now', async () => {
    for (const q of QUERIES) assert.deepEqual(await ask(q, Date.now()), await ask(q));
  });

  async function usernames(query: string, extra: Record<string, unknown> = {}) {
    const res = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query, ...extra });
    assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
    return (res.body.data as Array<{ properties: { username: string } }>)
      .map((v) => v.properties.username)
      .sort();
  }

  it('CHANGED SINCE finds the entities with a change at or after a time', async () => {
    // Only bob changed in the last sync (revived).
    assert.deepEqual(await usernames(`FIND User CHANGED SINCE ${recorded[2]!.at}`), ['bob']);
    assert.deepEqual(await usernames('FIND User CHANGED SINCE date.now - 1 day'), [
      'alice2',
      'bob',
      'carol',
    ]);
    assert.deepEqual(
      await usernames(`FIND User CHANGED SINCE ${recorded[3]!.at} WITH age > 0`),
      [],
    );
    // As of the state after sync 2: what sync 2 changed and was alive then (bob was deleted).
    assert.deepEqual(
      await usernames(`FIND User CHANGED SINCE ${recorded[1]!.at}`, { asOf: recorded[2]!.at }),
      ['alice2', 'carol'],
    );
    // And with deleted objects: bob's deletion is a change too.
    assert.deepEqual(
      await usernames(`FIND User CHANGED SINCE ${recorded[1]!.at}`, {
        asOf: recorded[2]!.at,
        includeDeleted: true,
      }),
      ['alice2', 'bob', 'carol'],
    );
    // A relationship's end: users whose device changed since sync 1 (the laptop was renamed).
    const res = await request(app)
      .post('/query')
      .set(a.headers)
      .send({
        query: `FIND User AS u THAT HAS Device CHANGED SINCE ${recorded[1]!.at} AS d RETURN u.username, d.displayName`,
      });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, [{ 'u.username': 'alice2', 'd.displayName': 'laptop-2' }]);
  });

  it('CHANGED stays a name, and CHANGED SINCE takes only a time', async () => {
    assert.deepEqual(await usernames('FIND changed'), []);
    const res = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: "FIND User CHANGED SINCE 'yesterday'" });
    assert.equal(res.status, 400);
    assert.match(
      res.body.error.message,
      /CHANGED SINCE takes a time: date.now - 1 day, date\(2026-11-01\) or epoch milliseconds/,
    );
  });

  it('refuses an asOf older than the history kept', async () => {
    const old = Date.now() - 91 * 86_400_000;
    const res = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND User', asOf: old });
    assert.equal(res.status, 400);
    assert.equal(
      res.body.error.message,
      `'asOf' ${old} is older than the change history kept (90 days, HISTORY_RETENTION_DAYS): the graph of that time cannot be rebuilt`,
    );
  });

  it('refuses an asOf in the future, and a cursor of another asOf', async () => {
    const future = Date.now() + 60_000;
    const res = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND User', asOf: future });
    assert.equal(res.status, 400);
    assert.match(
      res.body.error.message,
      /^'asOf' \d+ is in the future \(now is \d+\): give a past time in epoch milliseconds$/,
    );

    const first = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND User', asOf: recorded[1]!.at, limit: 1 });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.totalCount, 2);
    const other = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND User', asOf: recorded[2]!.at, limit: 1, cursor: first.body.cursor });
    assert.equal(other.status, 400);
    assert.match(other.body.error.message, /not a cursor of this query.*asOf/);
  });
});
