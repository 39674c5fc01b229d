import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import type { Config } from '../../../src/config/config';
import type { Services } from '../../../src/compose/build-services';
import type { Delivery } from '../../../src/subscriptions/subscription-types';
import { type TestAccount, testApp, testConfig, testServices } from '../../helpers/harness';

export const SECRET = 'whsec-test-0123456789abcdef';

/** The tests' settings: rounds on demand, 4 tries, 10 ms then 20 ms... between them. */
export function eventConfig(attempts = 4): Config {
  const base = testConfig();
  return {
    ...base,
    subscriptions: { pollMs: 50, attempts, backoffMs: 10, backoffMaxMs: 100 },
  };
}

/** The API and the services (the dispatcher the test runs) over one configuration. */
export async function eventStack(
  config = eventConfig(),
): Promise<{ app: express.Express; services: Services }> {
  return { app: await testApp({}, { config }), services: await testServices({ config }) };
}

export async function subscribe(
  app: express.Express,
  a: TestAccount,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await request(app).post('/subscriptions').set(a.headers).send(body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body as { subscription: { id: string } }).subscription.id;
}

export async function deliveries(
  app: express.Express,
  a: TestAccount,
  subscriptionId: string,
): Promise<Delivery[]> {
  const res = await request(app).get(`/subscriptions/${subscriptionId}/deliveries`).set(a.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body as { deliveries: Delivery[] }).deliveries;
}

/**
 * Runs dispatcher rounds until `done` holds (each round fans out and tries what is due; a retry
 * waits its backoff), failing after `timeoutMs`.
 */
export async function dispatchUntil(
  services: Services,
  done: () => Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await services.subscriptions.dispatcher.runOnce();
    if (await done()) return;
    if (Date.now() > until) throw new Error('dispatch did not get there in time');
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** A finished sync job of `a` in `scope` with two entities (local mode: finalize applies). */
export async function finishedJob(
  services: Services,
  a: TestAccount,
  scope = 'events-scope',
): Promise<string> {
  const sync = services.sync.service;
  const job = await sync.start({ accountId: a.accountId, body: { source: 'api', scope } });
  const ref = { accountId: a.accountId, jobId: job.id };
  await sync.upload({
    ...ref,
    body: {
      entities: [
        { _key: 'k1', _type: 'test_thing', _class: 'Resource' },
        { _key: 'k2', _type: 'test_thing', _class: 'Resource' },
      ],
    },
    format: 'json',
    route: 'upload',
    correlationId: undefined,
    ignoreDuplicates: false,
    ignoreIllegalProperties: false,
  });
  const done = await sync.finalize({ ...ref, body: {} });
  assert.equal(done.status, 'FINISHED');
  return job.id;
}
