import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testAccounts, type TestAccount } from '../../helpers/harness';
import { registerSecret } from '../../helpers/log-capture';
import { createAwsInstance } from '../actions/aws-test-app';
import {
  deliveries,
  dispatchUntil,
  eventStack,
  finishedJob,
  SECRET,
  subscribe,
} from './subscription-helpers';
import type { Services } from '../../../src/compose/build-services';

interface Body {
  subscription: Record<string, unknown> & { id: string };
  error?: { code: string; message: string };
}

/** `/subscriptions` over HTTP: the CRUD answers, the refusals with their exact messages, roles. */
describe('subscriptions: the API', function () {
  this.timeout(60_000);
  let app: express.Express;
  let services: Services;
  let a: TestAccount;
  before(async () => {
    ({ app, services } = await eventStack());
    registerSecret(SECRET, 'subscription secret');
  });
  beforeEach(async () => {
    a = await freshAccount();
  });

  const webhook = { kind: 'webhook', url: 'http://127.0.0.1:9/hook', secret: SECRET };

  async function refused(
    body: Record<string, unknown>,
  ): Promise<{ code: string; message: string }> {
    const res = await request(app).post('/subscriptions').set(a.headers).send(body);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    return (res.body as { error: { code: string; message: string } }).error;
  }

  it('creates, reads, lists, replaces and deletes a subscription, never answering its secret', async () => {
    const created = await request(app)
      .post('/subscriptions')
      .set(a.headers)
      .send({ name: 'cmdb', target: webhook, filter: { scopes: ['s1', 's1', 's2'] } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const sub = (created.body as Body).subscription;
    assert.deepEqual(
      {
        ...sub,
        id: typeof sub.id,
        createdOn: typeof sub.createdOn,
        updatedOn: typeof sub.updatedOn,
      },
      {
        id: 'string',
        name: 'cmdb',
        target: { kind: 'webhook', url: 'http://127.0.0.1:9/hook', secretSet: true },
        filter: { scopes: ['s1', 's2'] },
        enabled: true,
        createdOn: 'number',
        updatedOn: 'number',
      },
    );
    assert.ok(!JSON.stringify(created.body).includes(SECRET));
    const got = await request(app).get(`/subscriptions/${sub.id}`).set(a.headers);
    assert.equal(got.status, 200);
    assert.deepEqual((got.body as Body).subscription, sub);
    const list = await request(app).get('/subscriptions').set(a.headers);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, { subscriptions: [sub] });

    // A PUT without the secret keeps it; enabled and the filter are replaced.
    const put = await request(app)
      .put(`/subscriptions/${sub.id}`)
      .set(a.headers)
      .send({
        name: 'cmdb 2',
        target: { kind: 'webhook', url: 'https://93.184.215.14/h' },
        enabled: false,
      });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const replaced = (put.body as Body).subscription;
    assert.equal(replaced.name, 'cmdb 2');
    assert.deepEqual(replaced.target, {
      kind: 'webhook',
      url: 'https://93.184.215.14/h',
      secretSet: true,
    });
    assert.deepEqual(replaced.filter, {});
    assert.equal(replaced.enabled, false);

    const deleted = await request(app).delete(`/subscriptions/${sub.id}`).set(a.headers);
    assert.equal(deleted.status, 200);
    assert.equal((deleted.body as Body).subscription.name, 'cmdb 2');
    const gone = await request(app).get(`/subscriptions/${sub.id}`).set(a.headers);
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.body, {
      error: { code: 'NOT_FOUND', message: `Subscription '${sub.id}' not found` },
    });
  });

  it("answers another account's subscription as unknown", async () => {
    const id = await subscribe(app, a, { name: 'mine', target: webhook });
    const b = await freshAccount();
    for (const res of [
      await request(app).get(`/subscriptions/${id}`).set(b.headers),
      await request(app).delete(`/subscriptions/${id}`).set(b.headers),
      await request(app).get(`/subscriptions/${id}/deliveries`).set(b.headers),
    ]) {
      assert.equal(res.status, 404);
      assert.equal((res.body as Body).error?.message, `Subscription '${id}' not found`);
    }
  });

  it('refuses a webhook URL that is not http(s), or whose address the guard refuses', async () => {
    assert.deepEqual(
      await refused({ name: 'x', target: { ...webhook, url: 'ftp://93.184.215.14/h' } }),
      {
        code: 'VALIDATION_ERROR',
        message: FTP_MESSAGE,
      },
    );
    assert.deepEqual(
      await refused({ name: 'x', target: { ...webhook, url: 'http://10.1.2.3/hook' } }),
      {
        code: 'VALIDATION_ERROR',
        message:
          'Subscription webhook refused http://10.1.2.3/hook: 10.1.2.3 is a private address (allow it with WEBHOOK_ALLOWLIST)',
      },
    );
    assert.deepEqual(
      await refused({ name: 'x', target: { ...webhook, url: 'http://169.254.169.254/latest' } }),
      {
        code: 'VALIDATION_ERROR',
        message:
          'Subscription webhook refused http://169.254.169.254/latest: 169.254.169.254 is a link-local address (allow it with WEBHOOK_ALLOWLIST)',
      },
    );
    assert.deepEqual(
      await refused({ name: 'x', target: { ...webhook, url: 'http://u:p@93.184.215.14/h' } }),
      {
        code: 'VALIDATION_ERROR',
        message:
          'Subscription webhook refused http://93.184.215.14/h: a URL with user info (user:password@) cannot be sent',
      },
    );
  });

  it('refuses a webhook without a secret, or with a short one', async () => {
    assert.deepEqual(
      await refused({ name: 'x', target: { kind: 'webhook', url: 'https://93.184.215.14/h' } }),
      {
        code: 'VALIDATION_ERROR',
        message: 'target.secret is required for a webhook target',
      },
    );
    assert.deepEqual(await refused({ name: 'x', target: { ...webhook, secret: 'short' } }), {
      code: 'VALIDATION_ERROR',
      message: SHORT_SECRET_MESSAGE,
    });
  });

  it('refuses a queue target naming an unknown or non-aws integration instance', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.deepEqual(
      await refused({
        name: 'q',
        target: { kind: 'queue', integrationInstanceId: unknown, queueUrl: 'http://q/1/x' },
      }),
      {
        code: 'VALIDATION_ERROR',
        message: `target.integrationInstanceId: integration instance '${unknown}' does not exist in this account`,
      },
    );
    const hook = await request(app)
      .post('/integrations')
      .set(a.headers)
      .send({ type: 'webhook', name: 'plain hook', config: {} });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const hookId = (hook.body as { integration: { id: string } }).integration.id;
    assert.deepEqual(
      await refused({
        name: 't',
        target: {
          kind: 'topic',
          integrationInstanceId: hookId,
          topicArn: 'arn:aws:sns:us-east-1:1:t',
        },
      }),
      {
        code: 'VALIDATION_ERROR',
        message: `target.integrationInstanceId: integration instance '${hookId}' is a webhook instance; a topic target needs an aws one`,
      },
    );
    assert.deepEqual(
      await refused({ name: 'q', target: { kind: 'queue', queueUrl: 'http://q/1/x' } }),
      {
        code: 'VALIDATION_ERROR',
        message: 'target.integrationInstanceId is required for a queue target',
      },
    );
    const aws = await createAwsInstance(app, a, {
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
    });
    const ok = await subscribe(app, a, {
      name: 'q',
      target: {
        kind: 'queue',
        integrationInstanceId: aws,
        queueUrl: 'http://127.0.0.1:9/000000000000/q',
      },
    });
    assert.equal(typeof ok, 'string');
  });

  it('records create, update and delete in the audit trail, without the secret', async () => {
    const id = await subscribe(app, a, { name: 'audited', target: webhook });
    await request(app)
      .put(`/subscriptions/${id}`)
      .set(a.headers)
      .send({ name: 'audited 2', target: webhook })
      .expect(200);
    await request(app).delete(`/subscriptions/${id}`).set(a.headers).expect(200);
    const res = await request(app).get('/audit-events').set(a.headers).query({ target: id });
    assert.equal(res.status, 200);
    const events = (res.body as { events: Array<Record<string, unknown>> }).events;
    assert.deepEqual(
      events.map((e) => [e.operation, e.action, e.summary]),
      [
        [
          'deleteSubscription',
          'delete',
          { name: 'audited 2', targetKind: 'webhook', enabled: true },
        ],
        [
          'updateSubscription',
          'update',
          {
            name: 'audited 2',
            targetKind: 'webhook',
            enabled: true,
            fields: ['enabled', 'name', 'target'],
          },
        ],
        ['createSubscription', 'create', { name: 'audited', targetKind: 'webhook', enabled: true }],
      ],
    );
    assert.ok(!JSON.stringify(res.body).includes(SECRET));
  });

  it('lets a read key list deliveries but not manage subscriptions', async () => {
    const id = await subscribe(app, a, { name: 'r', target: webhook });
    const key = await (
      await testAccounts()
    ).createApiKey({
      accountId: a.accountId,
      name: 'reader',
      roles: ['read'],
    });
    registerSecret(key.secret, 'read key');
    const reader = { 'JupiterOne-Account': a.accountId, Authorization: `Bearer ${key.secret}` };
    assert.equal(
      (await request(app).get(`/subscriptions/${id}/deliveries`).set(reader)).status,
      200,
    );
    const post = await request(app)
      .post('/subscriptions')
      .set(reader)
      .send({ name: 'n', target: webhook });
    assert.equal(post.status, 403);
    assert.equal((post.body as Body).error?.code, 'INSUFFICIENT_ROLE');
  });

  it('pages the delivery log newest first', async () => {
    const id = await subscribe(app, a, { name: 'paged', target: webhook });
    const first = await finishedJob(services, a, 'page-1');
    const second = await finishedJob(services, a, 'page-2');
    await dispatchUntil(services, async () => (await deliveries(app, a, id)).length === 2);
    const p1 = await request(app)
      .get(`/subscriptions/${id}/deliveries`)
      .set(a.headers)
      .query({ limit: 1 });
    assert.equal(p1.status, 200);
    const page1 = p1.body as { deliveries: Array<{ jobId: string }>; cursor?: string };
    assert.equal(page1.deliveries.length, 1);
    assert.equal(typeof page1.cursor, 'string');
    const p2 = await request(app)
      .get(`/subscriptions/${id}/deliveries`)
      .set(a.headers)
      .query({ limit: 1, cursor: page1.cursor });
    const page2 = p2.body as { deliveries: Array<{ jobId: string }>; cursor?: string };
    assert.equal(page2.cursor, undefined);
    assert.deepEqual(
      new Set([page1.deliveries[0]!.jobId, page2.deliveries[0]!.jobId]),
      new Set([first, second]),
    );
    const bad = await request(app)
      .get(`/subscriptions/${id}/deliveries`)
      .set(a.headers)
      .query({ cursor: 'nope' });
    assert.equal(bad.status, 400);
  });
});

const FTP_MESSAGE = '/target/url must be an http:// or https:// URL';
const SHORT_SECRET_MESSAGE = '/target/secret must be at least 16 characters long';
