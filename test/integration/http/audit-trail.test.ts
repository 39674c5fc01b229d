import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type express from 'express';
import request from 'supertest';
import { AlertService } from '../../../src/alerts/alert-service';
import {
  ADMIN_TOKEN,
  freshAccount,
  testApp,
  testGraph,
  trackAccount,
  type TestAccount,
} from '../../helpers/harness';
import { entity, SyncClient } from '../sync/semantics-helpers';

/**
 * The audit trail over the real API and Neo4j: each audited change (rules, questions,
 * parameters, integrations, API keys, account settings, alert dismissals, entity mutations)
 * records exactly one event, read back through GET /audit-events and from the `:_AuditEvent`
 * nodes; a failed change and sync ingestion record nothing; no secret value reaches any event.
 */
const SECRET_PARAM = 'param-secret-value-5f1c9a';
const JIRA_TOKEN = 'ATATT3x-jira-secret-audit-77d';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Event {
  id: string;
  accountId: string;
  occurredOn: number;
  occurredAt: string;
  actor: { type: string; keyId: string | null; keyName: string | null };
  operation: string;
  action: string;
  target: { type: string; id: string };
  summary: Record<string, unknown>;
  requestId: string | null;
}

function rule(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted != true' }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [{ type: 'CREATE_ALERT' }],
      },
    ],
    ...extra,
  };
}

describe('audit trail: every change recorded (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const send = (
    a: TestAccount,
    method: 'post' | 'put' | 'patch' | 'delete',
    path: string,
    body?: unknown,
  ) => {
    const req = request(app)[method](path).set(a.headers);
    return body === undefined ? req : req.send(body as object);
  };

  async function listed(a: TestAccount): Promise<Event[]> {
    const res = await request(app).get('/audit-events?limit=1000').set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.events as Event[];
  }

  async function stored(accountId: string): Promise<Array<Record<string, unknown>>> {
    const graph = await testGraph();
    const rows = await graph.read<{ event: Record<string, unknown>; labels: string[] }>(
      'audit/test-account-audit-events',
      { accountId },
    );
    for (const row of rows) assert.deepEqual(row.labels, ['_AuditEvent']);
    return rows.map((r) => r.event);
  }

  type Expected = Pick<Event, 'operation' | 'action' | 'summary'> & {
    target: Event['target'] | ((res: request.Response) => Event['target']);
    actor?: Event['actor'];
    accountId?: string;
  };

  /**
   * Runs `change` (expecting `status`), then checks that it recorded exactly one event with the
   * expected fields, as listed by GET /audit-events and as stored; answers the change's response.
   */
  async function expectOneEvent(
    a: TestAccount,
    change: () => request.Test,
    status: number,
    expected: Expected,
  ): Promise<request.Response> {
    const accountId = expected.accountId ?? a.accountId;
    const before = (await stored(accountId)).length;
    const res = await change();
    assert.equal(res.status, status, JSON.stringify(res.body));
    const nodes = await stored(accountId);
    assert.equal(nodes.length, before + 1, `${expected.operation} records one event`);
    const node = nodes[nodes.length - 1]!;
    const requestId = res.headers['x-request-id'] as string;
    assert.match(requestId, UUID);
    const actor = expected.actor ?? { type: 'apiKey', keyId: a.keyId, keyName: 'test' };
    const target = typeof expected.target === 'function' ? expected.target(res) : expected.target;
    const event: Event = {
      id: node.id as string,
      accountId,
      occurredOn: node.occurredOn as number,
      occurredAt: new Date(node.occurredOn as number).toISOString(),
      actor,
      operation: expected.operation,
      action: expected.action,
      target,
      summary: expected.summary,
      requestId,
    };
    assert.match(event.id, UUID);
    assert.match(event.occurredAt, ISO);
    assert.deepEqual(node, {
      id: event.id,
      accountId,
      occurredOn: event.occurredOn,
      actorType: actor.type,
      ...(actor.keyId === null ? {} : { actorKeyId: actor.keyId, actorKeyName: actor.keyName }),
      operation: event.operation,
      action: event.action,
      targetType: target.type,
      targetId: target.id,
      summary: JSON.stringify(event.summary),
      requestId,
    });
    if (accountId === a.accountId) {
      const [newest] = await listed(a);
      assert.deepEqual(newest, event);
    }
    return res;
  }

  it('rules: create, update, delete and import each record one event', async () => {
    const a = await freshAccount();
    const created = await expectOneEvent(a, () => send(a, 'post', '/rules', rule('r1')), 201, {
      operation: 'createRule',
      action: 'create',
      target: (res) => ({ type: 'rule', id: res.body.rule.id }),
      summary: { name: 'r1', version: 1 },
    });
    const ruleId = created.body.rule.id as string;
    await expectOneEvent(a, () => send(a, 'put', `/rules/${ruleId}`, rule('r1b')), 200, {
      operation: 'updateRule',
      action: 'update',
      target: { type: 'rule', id: ruleId },
      summary: { name: 'r1b', version: 2, fields: ['name', 'operations', 'question'] },
    });
    await expectOneEvent(a, () => send(a, 'delete', `/rules/${ruleId}`), 200, {
      operation: 'deleteRule',
      action: 'delete',
      target: { type: 'rule', id: ruleId },
      summary: { name: 'r1b', version: 2 },
    });
    const pack = { name: 'pack-rule', queries: [{ query: 'FIND Host' }] };
    await expectOneEvent(a, () => send(a, 'post', '/rules/import', pack), 201, {
      operation: 'importRule',
      action: 'create',
      target: (res) => ({ type: 'rule', id: res.body.rule.id }),
      summary: { name: 'pack-rule', version: 1 },
    });
    assert.equal((await listed(a)).length, 4);
  });

  it('questions: create, update and delete each record one event', async () => {
    const a = await freshAccount();
    const body = { title: 'Buckets', queries: [{ query: 'FIND aws_s3_bucket' }] };
    const created = await expectOneEvent(a, () => send(a, 'post', '/questions', body), 201, {
      operation: 'createQuestion',
      action: 'create',
      target: (res) => ({ type: 'question', id: res.body.question.id }),
      summary: { title: 'Buckets', version: 1 },
    });
    const id = created.body.question.id as string;
    const changed = { ...body, title: 'Buckets 2', description: 'd' };
    await expectOneEvent(a, () => send(a, 'put', `/questions/${id}`, changed), 200, {
      operation: 'updateQuestion',
      action: 'update',
      target: { type: 'question', id },
      summary: { title: 'Buckets 2', version: 2, fields: ['description', 'queries', 'title'] },
    });
    await expectOneEvent(a, () => send(a, 'delete', `/questions/${id}`), 200, {
      operation: 'deleteQuestion',
      action: 'delete',
      target: { type: 'question', id },
      summary: { title: 'Buckets 2', version: 2 },
    });
  });

  it('parameters: a secret one is recorded by name and `secret: true`, never its value', async () => {
    const a = await freshAccount();
    const put = { value: SECRET_PARAM, secret: true };
    await expectOneEvent(a, () => send(a, 'put', '/parameters/token', put), 200, {
      operation: 'putParameter',
      action: 'update',
      target: { type: 'parameter', id: 'token' },
      summary: { name: 'token', secret: true, fields: ['secret', 'value'] },
    });
    await expectOneEvent(a, () => send(a, 'delete', '/parameters/token'), 200, {
      operation: 'deleteParameter',
      action: 'delete',
      target: { type: 'parameter', id: 'token' },
      summary: { name: 'token', secret: true },
    });
  });

  it('integrations: create, update and delete, with secret names only', async () => {
    const a = await freshAccount();
    const body = {
      type: 'jira',
      name: 'Jira',
      config: { baseUrl: 'https://acme.atlassian.net', email: 'alerts@acme.com' },
      secrets: { apiToken: JIRA_TOKEN },
    };
    const summary = {
      name: 'Jira',
      type: 'jira',
      configFields: ['baseUrl', 'email'],
      secretNames: ['apiToken'],
    };
    const created = await expectOneEvent(a, () => send(a, 'post', '/integrations', body), 201, {
      operation: 'createIntegration',
      action: 'create',
      target: (res) => ({ type: 'integration', id: res.body.integration.id }),
      summary,
    });
    const id = created.body.integration.id as string;
    const update = { ...body, name: 'Jira 2', secrets: { apiToken: `${JIRA_TOKEN}-2` } };
    await expectOneEvent(a, () => send(a, 'put', `/integrations/${id}`, update), 200, {
      operation: 'updateIntegration',
      action: 'update',
      target: { type: 'integration', id },
      summary: { ...summary, name: 'Jira 2', fields: ['config', 'name', 'secrets', 'type'] },
    });
    await expectOneEvent(a, () => send(a, 'delete', `/integrations/${id}`), 200, {
      operation: 'deleteIntegration',
      action: 'delete',
      target: { type: 'integration', id },
      summary: { ...summary, name: 'Jira 2' },
    });
  });

  it('alerts: a dismissal records one event', async () => {
    const a = await freshAccount();
    const alerts = new AlertService({ graph: await testGraph() });
    const ruleId = randomUUID();
    const { alert } = await alerts.raise({
      accountId: a.accountId,
      ruleId,
      ruleName: 'audited-rule',
      ruleVersion: 1,
      level: 'HIGH',
      evaluationId: randomUUID(),
      queryTotals: { query0: 1 },
      now: Date.now(),
    });
    await expectOneEvent(a, () => send(a, 'post', `/alerts/${alert.id}/dismiss`), 200, {
      operation: 'dismissAlert',
      action: 'dismiss',
      target: { type: 'alert', id: alert.id },
      summary: { ruleId, ruleName: 'audited-rule', status: 'DISMISSED' },
    });
  });

  it('entities: a patch and a delete record one event each; sync ingestion records none', async () => {
    const a = await freshAccount();
    await new SyncClient(app, a.headers).diff('s', [entity('h1', { owner: 'a' })], []);
    assert.deepEqual(await stored(a.accountId), [], 'a sync job records nothing');
    const res = await send(a, 'post', '/query', { query: 'FIND Host' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id = (res.body.data as Array<{ id: string }>)[0]!.id;
    const patch = { properties: { owner: 'b', legacyId: null } };
    await expectOneEvent(a, () => send(a, 'patch', `/entities/${id}`, patch), 200, {
      operation: 'patchEntity',
      action: 'update',
      target: { type: 'entity', id },
      summary: { entityType: ['host'], key: 'h1', fields: ['legacyId', 'owner'] },
    });
    await expectOneEvent(a, () => send(a, 'delete', `/entities/${id}`), 200, {
      operation: 'deleteEntity',
      action: 'delete',
      target: { type: 'entity', id },
      summary: { entityType: ['host'], key: 'h1', relationshipsDeleted: 0 },
    });
  });

  it("the account's notification emails record one event", async () => {
    const a = await freshAccount(['PUT']);
    const emails = { emails: ['secops@example.com'] };
    await expectOneEvent(a, () => send(a, 'put', '/account/notification-emails', emails), 200, {
      operation: 'setAccountNotificationEmails',
      action: 'update',
      target: { type: 'account', id: a.accountId },
      summary: {
        features: ['PUT'],
        notificationEmails: ['secops@example.com'],
        fields: ['notificationEmails'],
      },
    });
  });

  it('the admin API: accounts and keys, with the actor `admin`, never a key secret', async () => {
    const a = await freshAccount();
    const asAdmin = { type: 'admin', keyId: null, keyName: null };
    const newId = `t-${randomUUID()}`;
    trackAccount(newId);
    await expectOneEvent(
      a,
      () =>
        request(app)
          .post('/admin/accounts')
          .set(admin)
          .send({ id: newId, features: ['PUT'] }),
      201,
      {
        accountId: newId,
        actor: asAdmin,
        operation: 'adminCreateAccount',
        action: 'create',
        target: { type: 'account', id: newId },
        summary: { features: ['PUT'], notificationEmails: [] },
      },
    );
    await expectOneEvent(
      a,
      () => request(app).patch(`/admin/accounts/${newId}`).set(admin).send({ features: [] }),
      200,
      {
        accountId: newId,
        actor: asAdmin,
        operation: 'adminUpdateAccount',
        action: 'update',
        target: { type: 'account', id: newId },
        summary: { features: [], notificationEmails: [], fields: ['features'] },
      },
    );
    const key = await expectOneEvent(
      a,
      () =>
        request(app).post(`/admin/accounts/${a.accountId}/keys`).set(admin).send({ name: 'ci' }),
      201,
      {
        actor: asAdmin,
        operation: 'adminCreateApiKey',
        action: 'create',
        target: (res) => ({ type: 'apiKey', id: res.body.key.id }),
        summary: { name: 'ci', roles: ['ingest', 'read', 'write', 'admin'] },
      },
    );
    const keyId = key.body.key.id as string;
    await expectOneEvent(
      a,
      () => request(app).delete(`/admin/accounts/${a.accountId}/keys/${keyId}`).set(admin),
      200,
      {
        actor: asAdmin,
        operation: 'adminRevokeApiKey',
        action: 'delete',
        target: { type: 'apiKey', id: keyId },
        summary: { name: 'ci', roles: ['ingest', 'read', 'write', 'admin'] },
      },
    );
    assert.ok(!JSON.stringify(await stored(a.accountId)).includes(key.body.key.secret as string));
  });

  it('the account key API: a key of the admin role creates and revokes keys, recorded with their roles', async () => {
    const a = await freshAccount();
    const created = await expectOneEvent(
      a,
      () => send(a, 'post', '/account/keys', { name: 'bot', roles: ['ingest', 'read'] }),
      201,
      {
        operation: 'createAccountApiKey',
        action: 'create',
        target: (res) => ({ type: 'apiKey', id: res.body.key.id }),
        summary: { name: 'bot', roles: ['ingest', 'read'] },
      },
    );
    const keyId = created.body.key.id as string;
    await expectOneEvent(a, () => send(a, 'delete', `/account/keys/${keyId}`), 200, {
      operation: 'revokeAccountApiKey',
      action: 'delete',
      target: { type: 'apiKey', id: keyId },
      summary: { name: 'bot', roles: ['ingest', 'read'] },
    });
    assert.ok(
      !JSON.stringify(await stored(a.accountId)).includes(created.body.key.secret as string),
    );
  });

  it('a failed change records nothing', async () => {
    const a = await freshAccount();
    const failures: Array<[() => request.Test, number]> = [
      [() => send(a, 'post', '/rules', { name: 'no-question' }), 400],
      [() => send(a, 'delete', `/rules/${randomUUID()}`), 404],
      [() => send(a, 'put', '/parameters/token', { value: null }), 400],
      [() => send(a, 'delete', '/parameters/missing'), 404],
      [() => send(a, 'post', `/alerts/${randomUUID()}/dismiss`), 404],
      [() => send(a, 'patch', `/entities/${randomUUID()}`, { properties: { a: 1 } }), 404],
      [() => send(a, 'put', '/account/notification-emails', { emails: ['not-an-address'] }), 400],
      [() => request(app).post(`/admin/accounts/${a.accountId}/keys`).send({ name: 'x' }), 401],
      [() => request(app).delete(`/admin/accounts/${a.accountId}/keys/nope`).set(admin), 404],
    ];
    for (const [change, status] of failures) {
      const res = await change();
      assert.equal(res.status, status, JSON.stringify(res.body));
    }
    assert.deepEqual(await stored(a.accountId), []);
    assert.deepEqual(await listed(a), []);
  });

  it('no event holds a secret value: secret parameter, integration secrets, a new key', async () => {
    const a = await freshAccount();
    const changes: Array<[() => request.Test, number]> = [
      [() => send(a, 'put', '/parameters/token', { value: SECRET_PARAM, secret: true }), 200],
      [() => send(a, 'put', '/parameters/list', { value: [SECRET_PARAM], secret: true }), 200],
      [
        () =>
          send(a, 'post', '/integrations', {
            type: 'webhook',
            name: 'Hook',
            config: { headers: { 'X-Source': 'graphsync' } },
            secrets: { headers: { Authorization: `Bearer ${JIRA_TOKEN}` } },
          }),
        201,
      ],
      [() => request(app).post(`/admin/accounts/${a.accountId}/keys`).set(admin).send({}), 201],
    ];
    const secrets = [SECRET_PARAM, JIRA_TOKEN, ADMIN_TOKEN, a.key];
    for (const [change, status] of changes) {
      const res = await change();
      assert.equal(res.status, status, JSON.stringify(res.body));
      if (res.body.key !== undefined) secrets.push(res.body.key.secret as string);
    }
    const nodes = await stored(a.accountId);
    const events = await listed(a);
    assert.equal(nodes.length, 4);
    assert.equal(events.length, 4);
    const text = JSON.stringify([nodes, events]);
    for (const secret of secrets) assert.ok(!text.includes(secret), `an event holds '${secret}'`);
  });
});
