import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { ParameterService } from '../../../src/parameters/parameter-service';
import {
  deleteTestAccounts,
  freshAccount,
  testGraph,
  trackAccount,
  type TestAccount,
} from '../../helpers/harness';
import { SyncClient, entity, rel, scopeContents } from '../sync/semantics-helpers';

/**
 * Shared by the j1ql-semantics-*.test.ts files: the graph they query (seeded with DIFF jobs into
 * one account per file, which every test only reads) and their POST /query calls. Not a test file
 * itself (no `.test.ts`).
 */
export const DAY = 86_400_000;
export const now = Date.now();

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

export type Body = Record<string, unknown>;

/**
 * Seeds a fresh suite-wide account with the graph (a DIFF that soft-deletes DELETED, then the graph
 * again) and the minAge parameter; answers it and the `_id`s by `_key`.
 */
export async function seededAccount(
  app: express.Express,
): Promise<{ a: TestAccount; ids: Record<string, string> }> {
  const a = await freshAccount([], { suiteWide: true });
  const c = new SyncClient(app, a.headers);
  await c.diff('s', [...ENTITIES, DELETED], RELATIONSHIPS);
  await c.diff('s', ENTITIES, RELATIONSHIPS);
  const contents = await scopeContents(a.accountId, 's');
  const ids = Object.fromEntries(contents.entities.map((e) => [e._key, e._id]));
  await new ParameterService({ graph: await testGraph() }).put({
    accountId: a.accountId,
    name: 'minAge',
    body: { value: 45 },
  });
  return { a, ids };
}

/** Deletes the suite-wide account of seededAccount (root-hooks.ts deletes only per-test ones). */
export async function deleteSeededAccount(a: TestAccount): Promise<void> {
  trackAccount(a.accountId);
  await deleteTestAccounts();
}

/**
 * The POST /query calls of the tests, against the app and the seeded account of the calling
 * describe block (both read at each call).
 */
export function queryCalls(getApp: () => express.Express, getAccount: () => TestAccount) {
  async function query(text: string, extra: Body = {}, account = getAccount()): Promise<Body> {
    const res = await request(getApp())
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
    const res = await request(getApp())
      .post('/query')
      .set(getAccount().headers)
      .send({ query: text });
    assert.equal(res.status, 400, `${text}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.error.code, code, JSON.stringify(res.body));
    return res.body.error as { message: string; details?: Body };
  }
  return { query, keys, rows, rejected };
}

export function sortRows(rows: Body[]): Body[] {
  return [...rows].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
}
