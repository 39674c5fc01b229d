import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';

import type { OutboundConfig } from '../../../src/actions/outbound-deps';

import { TEST_OUTBOUND, testApp, type TestAccount, testRuleEngine } from '../../helpers/harness';

/**
 * What the WEBHOOK, Slack and Jira tests share: an app whose rule engine runs the three HTTP
 * handlers over the real integration service, and the HTTP steps of a test (`POST /integrations`,
 * `PUT /parameters/{name}`, `POST /rules`, `POST /rules/{id}/evaluate`).
 */
export type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Loopback allowed (the test servers), a short backoff. */
export const HTTP_OUTBOUND: OutboundConfig = TEST_OUTBOUND;

export async function httpTestApp(config: Partial<OutboundConfig> = {}): Promise<express.Express> {
  return testApp({ ...(await testRuleEngine({ outbound: { ...HTTP_OUTBOUND, ...config } })) });
}

/** `POST /integrations`; answers the new instance's id. */
export async function createInstance(
  app: express.Express,
  a: TestAccount,
  body: { type: string; config: Body; secrets?: Body },
): Promise<string> {
  const res = await request(app)
    .post('/integrations')
    .set(a.headers)
    .send({ name: `${body.type}-${Math.random().toString(36).slice(2)}`, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body as Body).integration.id as string;
}

/** `PUT /parameters/{name}` of a secret value. */
export async function putSecret(
  app: express.Express,
  a: TestAccount,
  name: string,
  value: string,
): Promise<void> {
  const res = await request(app)
    .put(`/parameters/${name}`)
    .set(a.headers)
    .send({ value, secret: true });
  assert.ok(res.status === 200 || res.status === 201, JSON.stringify(res.body));
}

/**
 * Creates a rule `name` (unique per account) running `actions` on every evaluation, evaluates it,
 * answers the record.
 */
export async function evaluateRule(
  app: express.Express,
  a: TestAccount,
  actions: Body[],
  name = 'public buckets',
): Promise<Body> {
  const created = await request(app)
    .post('/rules')
    .set(a.headers)
    .send({
      name,
      question: { queries: [{ query: 'FIND aws_s3_bucket' }] },
      operations: [{ when: { type: 'FILTER', condition: true }, actions }],
    });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const res = await request(app)
    .post(`/rules/${(created.body as Body).rule.id as string}/evaluate`)
    .set(a.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body as Body).evaluation as Body;
}

/** The outcome of the record's last action, without its timing. */
export function lastOutcome(record: Body): Body {
  const actions = (record.operations as Body[]).flatMap((o) => o.actions as Body[]);
  const { durationMs, ...rest } = actions[actions.length - 1] as Body;
  assert.equal(typeof durationMs, 'number');
  return rest;
}
