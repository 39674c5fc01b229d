import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, type TestAccount } from '../../helpers/harness';
import { entity, SyncClient } from '../sync/semantics-helpers';

/**
 * Shared by the rule-evaluation-*.test.ts files (rule evaluation end to end over HTTP on real
 * Neo4j): the buckets they sync, the alert rule they vary, and their HTTP calls. Not a test file
 * itself (no `.test.ts`).
 */
export type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const BUCKETS = [
  entity('b1', {
    _type: 'aws_s3_bucket',
    _class: 'DataStore',
    displayName: 'logs',
    encrypted: false,
    size: 10,
    owner: 'ann',
  }),
  entity('b2', {
    _type: 'aws_s3_bucket',
    _class: 'DataStore',
    displayName: 'web',
    encrypted: false,
    size: 30,
    owner: 'bob',
  }),
  entity('b3', {
    _type: 'aws_s3_bucket',
    _class: 'DataStore',
    displayName: 'safe',
    encrypted: true,
    size: 5,
    owner: 'ann',
  }),
];

export const UNENCRYPTED = 'FIND aws_s3_bucket WITH encrypted = false AS b ORDER BY b.displayName';

export function alertRule(name: string, extra: Body = {}): Body {
  return {
    name,
    description: 'Unencrypted buckets',
    question: { queries: [{ query: UNENCRYPTED }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [
          { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
          { type: 'CREATE_ALERT' },
        ],
      },
    ],
    outputs: ['alertLevel', 'queries.query0.total'],
    ...extra,
  };
}

/**
 * The HTTP calls of the tests, against the app that the calling describe block builds in its
 * `before` hook (`getApp` is read at each call).
 */
export function ruleCalls(getApp: () => express.Express) {
  async function seeded(entities = BUCKETS): Promise<{ a: TestAccount; sync: SyncClient }> {
    const a = await freshAccount();
    const sync = new SyncClient(getApp(), a.headers);
    await sync.diff('s', entities);
    return { a, sync };
  }

  async function create(a: TestAccount, rule: Body): Promise<Body> {
    const res = await request(getApp()).post('/rules').set(a.headers).send(rule);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.rule as Body;
  }

  async function evaluate(a: TestAccount, ruleId: string, body?: Body): Promise<Body> {
    const req = request(getApp()).post(`/rules/${ruleId}/evaluate`).set(a.headers);
    const res = await (body === undefined ? req : req.send(body));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.evaluation as Body;
  }

  async function dryRun(a: TestAccount, rule: Body): Promise<Body> {
    const res = await request(getApp())
      .post('/rules/evaluate')
      .set(a.headers)
      .send({ rule, dryRun: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.evaluation as Body;
  }

  async function alerts(a: TestAccount, ruleId: string): Promise<Body[]> {
    const res = await request(getApp()).get(`/alerts?ruleId=${ruleId}`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.alerts as Body[];
  }
  return { seeded, create, evaluate, dryRun, alerts };
}

/** Every action outcome of the record, flattened, without timings. */
export function actions(record: Body): Body[] {
  return (record.operations as Body[]).flatMap((o) =>
    (o.actions as Body[]).map(({ durationMs: _d, ...rest }) => rest),
  );
}
