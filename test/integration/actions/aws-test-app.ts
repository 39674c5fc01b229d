import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import type { OutboundConfig, OutboundDeps } from '../../../src/actions/outbound-deps';

import type {
  IntegrationResolver,
  ResolvedIntegration,
} from '../../../src/integrations/integration-api';

import {
  silentLogger,
  testApp,
  type TestAccount,
  testRuleEngine,
  TEST_OUTBOUND,
} from '../../helpers/harness';

/**
 * What the PUBLISH_TOPIC_MESSAGE and SEND_QUEUE_MESSAGE tests share: the outbound config, a
 * resolver answering one `aws` instance (handler tests), and an app whose rule engine runs the two
 * handlers over the real integration service (HTTP tests: `POST /integrations`, `POST /rules`,
 * `POST /rules/{id}/evaluate`).
 */
export type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Loopback allowed (the local endpoints), a short backoff. */
export const OUTBOUND: OutboundConfig = TEST_OUTBOUND;

/** Keys of the instances the tests create; the tests check they appear nowhere. */
export const KEYS = {
  accessKeyId: 'AKIAGRAPHSYNCTEST001',
  secretAccessKey: 'instance-secret-access-key-do-not-leak',
};

export function awsInstance(
  config: Record<string, unknown>,
  secrets: Record<string, unknown> = KEYS,
): ResolvedIntegration {
  return {
    instance: {
      id: 'aws-1',
      type: 'aws',
      name: 'aws-test',
      config,
      secretNames: Object.keys(secrets),
      createdOn: 1,
      updatedOn: 1,
    },
    secrets,
  };
}

/** Answers `instance` for id `aws-1`; anything else as the integration service would. */
export function resolver(instance: ResolvedIntegration): IntegrationResolver {
  return {
    resolve: (input) =>
      input.integrationId === 'aws-1'
        ? Promise.resolve(instance)
        : Promise.reject(
            new Error(
              `integration instance '${input.integrationId}' does not exist in this account`,
            ),
          ),
  };
}

export function deps(
  integrations: IntegrationResolver,
  config: Partial<OutboundConfig> = {},
): OutboundDeps {
  return { integrations, config: { ...OUTBOUND, ...config }, logger: silentLogger };
}

export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail('expected a rejection');
}

/** The API with the rule engine running the two AWS handlers over the real integration service. */
export async function awsTestApp(config: Partial<OutboundConfig> = {}): Promise<express.Express> {
  return testApp({ ...(await testRuleEngine({ outbound: { ...OUTBOUND, ...config } })) });
}

/** `POST /integrations` of an aws instance; answers its id. */
export async function createAwsInstance(
  app: express.Express,
  a: TestAccount,
  config: Record<string, unknown>,
  secrets: Record<string, unknown> = KEYS,
): Promise<string> {
  const res = await request(app)
    .post('/integrations')
    .set(a.headers)
    .send({ type: 'aws', name: `aws-${Date.now()}`, config, secrets });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body as Body).integration.id as string;
}

/** Creates a rule running `actions` on every evaluation, evaluates it, answers the record. */
export async function evaluateRule(
  app: express.Express,
  a: TestAccount,
  name: string,
  actions: Body[],
): Promise<Body> {
  const created = await request(app)
    .post('/rules')
    .set(a.headers)
    .send({
      name,
      question: { queries: [{ query: 'FIND aws_sqs_queue' }] },
      operations: [
        { when: { type: 'FILTER', condition: '{{queries.query0.total >= 0}}' }, actions },
      ],
    });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const res = await request(app)
    .post(`/rules/${(created.body as Body).rule.id as string}/evaluate`)
    .set(a.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body as Body).evaluation as Body;
}

/** The record's action outcomes without timings. */
export function outcomes(record: Body): Body[] {
  return (record.operations as Body[]).flatMap((o) =>
    (o.actions as Body[]).map(({ durationMs: _d, ...rest }) => rest),
  );
}
