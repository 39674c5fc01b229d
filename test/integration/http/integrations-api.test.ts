import assert from 'node:assert/strict';
import type express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import type { IntegrationType } from '../../../src/integrations/integration-api';
import { IntegrationService } from '../../../src/integrations/integration-service';
import { SecretBox } from '../../../src/integrations/secret-box';
import {
  freshAccount,
  TEST_SECRETS_KEY,
  testApp,
  testGraph,
  type TestAccount,
} from '../../helpers/harness';

/**
 * The integration instances API on real Neo4j: every type created, read back and listed, secrets
 * stored only as AES-256-GCM ciphertext and never answered, updates keeping, replacing or clearing
 * secrets, the exact 400/404/409 refusals, and `resolve` (what outbound actions call).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every secret value the bodies below carry: none may appear in an answer or in plain text. */
const SECRET_VALUES = [
  'smtp-user-7d1',
  'smtp-pass-93f',
  'xoxb-slack-bot-token-5ad',
  'https://hooks.slack.com/services/T000/B000/secret-path-11c',
  'ATATT3x-jira-api-token-c0e',
  'AKIA-test-access-key-2b9',
  'aws-secret-access-key-64e',
  'aws-session-token-f51',
  'Bearer webhook-secret-token-8a2',
];

interface Example {
  body: Record<string, unknown>;
  secretNames: string[];
}

/** One instance of each type, with every field its type takes. */
const EXAMPLES: Record<IntegrationType, Example> = {
  smtp: {
    body: {
      type: 'smtp',
      name: 'Mail relay',
      config: {
        host: 'smtp.example.com',
        port: 587,
        secure: false,
        from: 'Alerts <a@example.com>',
      },
      secrets: { username: 'smtp-user-7d1', password: 'smtp-pass-93f' },
    },
    secretNames: ['password', 'username'],
  },
  slack: {
    body: {
      type: 'slack',
      name: 'Slack',
      config: { apiBaseUrl: 'https://slack.example.com/api' },
      secrets: {
        botToken: 'xoxb-slack-bot-token-5ad',
        webhookUrl: 'https://hooks.slack.com/services/T000/B000/secret-path-11c',
      },
    },
    secretNames: ['botToken', 'webhookUrl'],
  },
  jira: {
    body: {
      type: 'jira',
      name: 'Jira',
      config: { baseUrl: 'https://acme.atlassian.net', email: 'alerts@acme.com' },
      secrets: { apiToken: 'ATATT3x-jira-api-token-c0e' },
    },
    secretNames: ['apiToken'],
  },
  aws: {
    body: {
      type: 'aws',
      name: 'AWS',
      config: {
        region: 'eu-west-1',
        endpoint: 'http://127.0.0.1:4566',
        roleArn: 'arn:aws:iam::123456789012:role/alerts',
        externalId: 'graphsync',
      },
      secrets: {
        accessKeyId: 'AKIA-test-access-key-2b9',
        secretAccessKey: 'aws-secret-access-key-64e',
        sessionToken: 'aws-session-token-f51',
      },
    },
    secretNames: ['accessKeyId', 'secretAccessKey', 'sessionToken'],
  },
  webhook: {
    body: {
      type: 'webhook',
      name: 'Webhook',
      config: { headers: { 'X-Source': 'graphsync' } },
      secrets: { headers: { Authorization: 'Bearer webhook-secret-token-8a2' } },
    },
    secretNames: ['headers.Authorization'],
  },
};

interface StoredNode {
  accountId: string;
  id: string;
  type: string;
  name: string;
  config: string;
  secretNames: string[];
  secrets?: string;
  createdOn: number;
  updatedOn: number;
}

describe('integrations API: /integrations (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let service: IntegrationService;
  before(async () => {
    service = new IntegrationService({ graph: await testGraph(), secretsKey: TEST_SECRETS_KEY });
    app = await testApp({ integrations: service });
  });

  async function nodes(a: TestAccount): Promise<StoredNode[]> {
    const graph = await testGraph();
    const rows = await graph.read<{ integration: StoredNode }>(
      'integrations/test-account-integrations',
      { accountId: a.accountId },
    );
    return rows.map((r) => r.integration);
  }

  /** Every answer goes through here: none may carry a secret value. */
  function noSecrets(res: request.Response): request.Response {
    const text = JSON.stringify(res.body);
    for (const value of SECRET_VALUES) assert.ok(!text.includes(value), `answer shows ${value}`);
    return res;
  }

  const post = async (a: TestAccount, body: unknown) =>
    noSecrets(
      await request(app)
        .post('/integrations')
        .set(a.headers)
        .send(body as object),
    );
  const put = async (a: TestAccount, id: string, body: unknown) =>
    noSecrets(
      await request(app)
        .put(`/integrations/${id}`)
        .set(a.headers)
        .send(body as object),
    );
  const get = async (a: TestAccount, path: string) =>
    noSecrets(await request(app).get(path).set(a.headers));
  const del = async (a: TestAccount, id: string) =>
    noSecrets(await request(app).delete(`/integrations/${id}`).set(a.headers));

  /** What a stored blob holds, opened as resolve() would. */
  function opened(node: StoredNode): unknown {
    const aad = JSON.stringify([node.accountId, node.id]);
    return JSON.parse(new SecretBox(TEST_SECRETS_KEY).open(node.secrets ?? '', aad));
  }

  async function created(a: TestAccount, type: IntegrationType, name?: string): Promise<string> {
    const body = { ...EXAMPLES[type].body, ...(name === undefined ? {} : { name }) };
    const res = await post(a, body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.integration.id as string;
  }

  it('creates an instance of every type, answers and stores it, secrets only as ciphertext', async () => {
    const a = await freshAccount();
    for (const [type, example] of Object.entries(EXAMPLES)) {
      const res = await post(a, example.body);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const answered = res.body.integration;
      assert.match(answered.id, UUID);
      assert.equal(typeof answered.createdOn, 'number');
      assert.deepEqual(answered, {
        id: answered.id,
        type,
        name: example.body.name,
        config: example.body.config,
        secretNames: example.secretNames,
        createdOn: answered.createdOn,
        updatedOn: answered.createdOn,
      });
      const read = await get(a, `/integrations/${answered.id}`);
      assert.equal(read.status, 200);
      assert.deepEqual(read.body, { integration: answered });

      const node = (await nodes(a)).find((n) => n.id === answered.id);
      assert.ok(node !== undefined);
      assert.deepEqual(
        [node.accountId, node.type, node.name, JSON.parse(node.config), node.secretNames],
        [a.accountId, type, example.body.name, example.body.config, example.secretNames],
      );
      assert.deepEqual([node.createdOn, node.updatedOn], [answered.createdOn, answered.createdOn]);
      assert.match(node.secrets ?? '', /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
      const stored = JSON.stringify(node);
      for (const value of SECRET_VALUES) assert.ok(!stored.includes(value), `node holds ${value}`);
      assert.deepEqual(opened(node), example.body.secrets);
    }
  });

  it('lists by name, optionally one type, never with secrets', async () => {
    const a = await freshAccount();
    await created(a, 'slack', 'b-slack');
    await created(a, 'jira', 'c-jira');
    await created(a, 'slack', 'a-slack');
    const all = await get(a, '/integrations');
    assert.equal(all.status, 200);
    assert.deepEqual(
      (all.body.integrations as { name: string; type: string }[]).map((i) => [i.name, i.type]),
      [
        ['a-slack', 'slack'],
        ['b-slack', 'slack'],
        ['c-jira', 'jira'],
      ],
    );
    assert.deepEqual(all.body.integrations[0].secretNames, ['botToken', 'webhookUrl']);
    const slack = await get(a, '/integrations?type=slack');
    assert.deepEqual(
      (slack.body.integrations as { name: string }[]).map((i) => i.name),
      ['a-slack', 'b-slack'],
    );
    assert.deepEqual((await get(a, '/integrations?type=aws')).body, { integrations: [] });
    assert.deepEqual((await get(await freshAccount(), '/integrations')).body, {
      integrations: [],
    });
    const bad = await get(a, '/integrations?type=ftp');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'VALIDATION_ERROR');
    assert.equal(
      bad.body.error.message,
      "query parameter 'type' must be equal to one of the allowed values: smtp, slack, jira, aws, webhook",
    );
  });

  it('an instance without secrets stores no blob', async () => {
    const a = await freshAccount();
    const res = await post(a, { type: 'slack', name: 'plain' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual([res.body.integration.config, res.body.integration.secretNames], [{}, []]);
    const [node] = await nodes(a);
    assert.equal(node?.secrets, undefined);
    assert.deepEqual(node?.secretNames, []);
  });

  it('PUT without secrets keeps them, with secrets replaces them all, with {} removes them', async () => {
    const a = await freshAccount();
    const id = await created(a, 'smtp');
    const [before] = await nodes(a);

    const kept = await put(a, id, {
      name: 'Mail relay 2',
      config: { host: 'smtp2.example.com', port: 465, secure: true, from: 'b@example.com' },
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    assert.deepEqual(kept.body.integration, {
      id,
      type: 'smtp',
      name: 'Mail relay 2',
      config: { host: 'smtp2.example.com', port: 465, secure: true, from: 'b@example.com' },
      secretNames: ['password', 'username'],
      createdOn: before?.createdOn,
      updatedOn: kept.body.integration.updatedOn,
    });
    assert.ok(kept.body.integration.updatedOn >= (before?.updatedOn ?? 0));
    const [afterKeep] = await nodes(a);
    assert.equal(afterKeep?.secrets, before?.secrets);

    // A GET answer sent back (with its read-only fields and type) is accepted.
    const roundTrip = await put(a, id, (await get(a, `/integrations/${id}`)).body.integration);
    assert.equal(roundTrip.status, 200, JSON.stringify(roundTrip.body));
    assert.equal((await nodes(a))[0]?.secrets, before?.secrets);

    const replaced = await put(a, id, {
      name: 'Mail relay 2',
      config: { host: 'smtp2.example.com', port: 465, from: 'b@example.com' },
      secrets: { password: 'smtp-pass-93f' },
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.deepEqual(replaced.body.integration.secretNames, ['password']);
    const [afterReplace] = await nodes(a);
    assert.notEqual(afterReplace?.secrets, before?.secrets);
    assert.deepEqual(opened(afterReplace!), { password: 'smtp-pass-93f' });
    assert.deepEqual(
      (
        await service.resolve({
          accountId: a.accountId,
          integrationId: id,
          type: 'smtp',
          action: 'SEND_EMAIL',
        })
      ).secrets,
      { password: 'smtp-pass-93f' },
    );

    const cleared = await put(a, id, {
      name: 'Mail relay 2',
      config: { host: 'smtp2.example.com', port: 465, from: 'b@example.com' },
      secrets: {},
    });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.deepEqual(cleared.body.integration.secretNames, []);
    const [afterClear] = await nodes(a);
    assert.equal(afterClear?.secrets, undefined);
    assert.deepEqual(afterClear?.secretNames, []);
  });

  it("PUT refuses a type change and a type's required secret being removed", async () => {
    const a = await freshAccount();
    const id = await created(a, 'jira');
    const typeChange = await put(a, id, { ...EXAMPLES.slack.body, name: 'Jira' });
    assert.equal(typeChange.status, 400);
    assert.deepEqual(typeChange.body.error, {
      code: 'VALIDATION_ERROR',
      message: `/type cannot change: integration instance '${id}' is a jira instance`,
    });
    const noToken = await put(a, id, { ...EXAMPLES.jira.body, secrets: {} });
    assert.deepEqual(noToken.body.error, {
      code: 'VALIDATION_ERROR',
      message: '/secrets/apiToken is required',
    });
    const [node] = await nodes(a);
    assert.deepEqual(opened(node!), EXAMPLES.jira.body.secrets);
  });

  it("an unknown id, or another account's, is 404 INTEGRATION_NOT_FOUND", async () => {
    const a = await freshAccount();
    const id = await created(a, 'jira');
    const other = await freshAccount();
    for (const [who, target] of [
      [other, id],
      [a, 'no-such-id'],
    ] as const) {
      const expected = {
        code: 'INTEGRATION_NOT_FOUND',
        message: `No integration instance with id '${target}' in this account`,
      };
      for (const res of [
        await get(who, `/integrations/${target}`),
        await put(who, target, EXAMPLES.jira.body),
        await del(who, target),
      ]) {
        assert.equal(res.status, 404);
        assert.deepEqual(res.body.error, expected);
      }
    }
    assert.equal((await nodes(a)).length, 1);
    assert.equal((await nodes(a))[0]?.name, 'Jira');
  });

  it('a taken name is 409 INTEGRATION_NAME_TAKEN on create and update, per account', async () => {
    const a = await freshAccount();
    await created(a, 'jira', 'Tickets');
    const slackId = await created(a, 'slack', 'Chat');
    const expected = {
      code: 'INTEGRATION_NAME_TAKEN',
      message: "An integration instance named 'Tickets' already exists in this account",
    };
    const onCreate = await post(a, { ...EXAMPLES.slack.body, name: 'Tickets' });
    assert.equal(onCreate.status, 409);
    assert.deepEqual(onCreate.body.error, expected);
    const onUpdate = await put(a, slackId, { ...EXAMPLES.slack.body, name: 'Tickets' });
    assert.equal(onUpdate.status, 409);
    assert.deepEqual(onUpdate.body.error, expected);
    assert.deepEqual(
      (await nodes(a)).map((n) => n.name),
      ['Chat', 'Tickets'],
    );
    // Renaming to its own name is no conflict; another account may use the name.
    assert.equal((await put(a, slackId, { ...EXAMPLES.slack.body, name: 'Chat' })).status, 200);
    assert.equal((await created(await freshAccount(), 'jira', 'Tickets')).length, 36);
  });

  it('an invalid body is a 400 pointing at the field, and nothing is stored', async () => {
    const a = await freshAccount();
    const cases: Array<[unknown, string]> = [
      [{ name: 'x' }, '/type is required'],
      [{ type: 'ftp', name: 'x' }, '/type must be one of smtp, slack, jira, aws, webhook'],
      [{ type: 'slack' }, '/name is required'],
      [{ type: 'slack', name: '' }, '/name must not be empty'],
      [{ type: 'slack', name: 'x'.repeat(201) }, '/name must be at most 200 characters long'],
      [
        { type: 'slack', name: 'x', secret: {} },
        "/secret is not allowed: an integration's fields are type, name, config, secrets",
      ],
      [
        { ...EXAMPLES.smtp.body, config: { host: 'h', port: 25, from: 'a@b.c', tls: true } },
        '/config/tls is not allowed: the smtp config fields are host, port, secure, from',
      ],
      [{ ...EXAMPLES.smtp.body, config: { host: 'h', from: 'a@b.c' } }, '/config/port is required'],
      [
        { ...EXAMPLES.jira.body, config: { baseUrl: 'ftp://acme', email: 'a@b.c' } },
        '/config/baseUrl must be an http:// or https:// URL',
      ],
      [
        { ...EXAMPLES.slack.body, secrets: { webhookUrl: 'hooks.slack.com/x' } },
        '/secrets/webhookUrl must be an http:// or https:// URL',
      ],
      [{ ...EXAMPLES.jira.body, secrets: undefined }, '/secrets is required'],
      [{ ...EXAMPLES.jira.body, secrets: {} }, '/secrets/apiToken is required'],
      [
        { ...EXAMPLES.aws.body, secrets: { accessKeyId: 'AKIA-test-access-key-2b9' } },
        '/secrets/secretAccessKey is required with accessKeyId',
      ],
      [
        { ...EXAMPLES.webhook.body, config: { headers: { 'X-Source': 'a\r\nEvil: 1' } } },
        '/config/headers/X-Source must not contain line breaks',
      ],
      [
        { ...EXAMPLES.webhook.body, config: { headers: { authorization: 'x' } } },
        '/config/headers/authorization is also a secret header: a header is either in config or in secrets',
      ],
      [{ ...EXAMPLES.smtp.body, secrets: { password: 5 } }, '/secrets/password must be a string'],
    ];
    for (const [body, message] of cases) {
      const res = await post(a, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(res.body.error, { code: 'VALIDATION_ERROR', message });
    }
    assert.deepEqual(await nodes(a), []);
  });

  it('without INTEGRATION_SECRETS_KEY, secrets are 400 INTEGRATION_SECRETS_DISABLED; the rest works', async () => {
    const graph = await testGraph();
    const keyless = await testApp({
      integrations: new IntegrationService({ graph, secretsKey: undefined }),
    });
    const a = await freshAccount();
    const disabled = {
      code: 'INTEGRATION_SECRETS_DISABLED',
      message: 'Secrets cannot be stored: INTEGRATION_SECRETS_KEY is not set on this server',
    };
    const refused = await request(keyless)
      .post('/integrations')
      .set(a.headers)
      .send(EXAMPLES.jira.body);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.error, disabled);
    assert.deepEqual(await nodes(a), []);

    const plain = await request(keyless)
      .post('/integrations')
      .set(a.headers)
      .send({ type: 'webhook', name: 'hook', config: { headers: { 'X-A': '1' } }, secrets: {} });
    assert.equal(plain.status, 201, JSON.stringify(plain.body));
    const id = plain.body.integration.id as string;
    const update = await request(keyless)
      .put(`/integrations/${id}`)
      .set(a.headers)
      .send({ ...EXAMPLES.webhook.body, name: 'hook', config: {} });
    assert.equal(update.status, 400);
    assert.deepEqual(update.body.error, disabled);
    const renamed = await request(keyless)
      .put(`/integrations/${id}`)
      .set(a.headers)
      .send({ name: 'hook 2' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(renamed.body.integration.config, {});
  });

  it('DELETE answers the instance as it was and removes it with its secrets', async () => {
    const a = await freshAccount();
    const id = await created(a, 'aws');
    const answered = (await get(a, `/integrations/${id}`)).body.integration;
    const res = await del(a, id);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { integration: answered });
    assert.deepEqual(await nodes(a), []);
    assert.equal((await get(a, `/integrations/${id}`)).status, 404);
  });

  it('deleting the account data removes its instances', async () => {
    const a = await freshAccount();
    await created(a, 'jira');
    await created(a, 'slack');
    const graph = await testGraph();
    await graph.write('accounts/delete-account-data', { id: a.accountId });
    assert.deepEqual(await nodes(a), []);
  });

  it('logs no secret: requests, refusals and answers at trace level', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const logged = await testApp({ logger, integrations: service });
    const a = await freshAccount();
    const send = (method: 'post' | 'put', path: string, body: object) =>
      request(logged)[method](path).set(a.headers).send(body);
    const ok = await send('post', '/integrations', EXAMPLES.aws.body);
    assert.equal(ok.status, 201);
    const id = ok.body.integration.id as string;
    assert.equal((await send('post', '/integrations', EXAMPLES.aws.body)).status, 409);
    const invalid = {
      ...EXAMPLES.smtp.body,
      secrets: { password: 'smtp-pass-93f', x: 'smtp-user-7d1' },
    };
    assert.equal((await send('post', '/integrations', invalid)).status, 400);
    assert.equal((await send('put', `/integrations/${id}`, EXAMPLES.aws.body)).status, 200);
    assert.equal((await send('put', '/integrations/nope', EXAMPLES.aws.body)).status, 404);
    assert.ok(lines.length >= 5, String(lines.length));
    const text = lines.join('');
    for (const value of SECRET_VALUES) assert.ok(!text.includes(value), `logs show ${value}`);
  });

  describe('resolve (what outbound actions call)', () => {
    it('answers the instance with its secrets decrypted, for every type', async () => {
      const a = await freshAccount();
      for (const [type, example] of Object.entries(EXAMPLES) as [IntegrationType, Example][]) {
        const id = await created(a, type);
        const answered = (await get(a, `/integrations/${id}`)).body.integration;
        const resolved = await service.resolve({
          accountId: a.accountId,
          integrationId: id,
          type,
          action: 'AN_ACTION',
        });
        assert.deepEqual(resolved, { instance: answered, secrets: example.body.secrets });
      }
      const plainId = (await post(a, { type: 'slack', name: 'no secrets' })).body.integration.id;
      const plain = await service.resolve({
        accountId: a.accountId,
        integrationId: plainId,
        type: 'slack',
        action: 'SEND_CHAT_MESSAGE',
      });
      assert.deepEqual(plain.secrets, {});
    });

    it("refuses an unknown id, another account's instance and another type, exactly", async () => {
      const a = await freshAccount();
      const id = await created(a, 'slack');
      const resolve = (accountId: string, integrationId: string, type: IntegrationType) =>
        service.resolve({ accountId, integrationId, type, action: 'CREATE_TRACKER_TICKET' });
      await assert.rejects(resolve(a.accountId, 'nope', 'jira'), {
        message: "integration instance 'nope' does not exist in this account",
      });
      await assert.rejects(resolve((await freshAccount()).accountId, id, 'slack'), {
        message: `integration instance '${id}' does not exist in this account`,
      });
      await assert.rejects(resolve(a.accountId, id, 'jira'), {
        message: `integration instance '${id}' is a slack instance; CREATE_TRACKER_TICKET needs a jira one`,
      });
    });

    it('fails, without the secret, when the key is missing or another', async () => {
      const a = await freshAccount();
      const id = await created(a, 'jira');
      const graph = await testGraph();
      const input = {
        accountId: a.accountId,
        integrationId: id,
        type: 'jira' as const,
        action: 'CREATE_TRACKER_TICKET',
      };
      await assert.rejects(
        new IntegrationService({ graph, secretsKey: undefined }).resolve(input),
        {
          message: `integration instance '${id}' has secrets, but INTEGRATION_SECRETS_KEY is not set on this server`,
        },
      );
      await assert.rejects(
        new IntegrationService({ graph, secretsKey: Buffer.alloc(32, 1) }).resolve(input),
        {
          message: `integration instance '${id}': its secrets cannot be decrypted with INTEGRATION_SECRETS_KEY (The secret blob does not authenticate: another key, another owner, or altered)`,
        },
      );
    });

    it('a blob copied onto another instance does not decrypt', async () => {
      const a = await freshAccount();
      const source = await created(a, 'jira', 'source');
      const target = await created(a, 'jira', 'target');
      const graph = await testGraph();
      const [sourceNode] = (await nodes(a)).filter((n) => n.id === source);
      await graph.write('integrations/update-integration', {
        accountId: a.accountId,
        id: target,
        name: 'target',
        config: JSON.stringify(EXAMPLES.jira.body.config),
        replaceSecrets: true,
        secretNames: ['apiToken'],
        secrets: sourceNode?.secrets,
        now: Date.now(),
      });
      await assert.rejects(
        service.resolve({
          accountId: a.accountId,
          integrationId: target,
          type: 'jira',
          action: 'CREATE_TRACKER_TICKET',
        }),
        {
          message: `integration instance '${target}': its secrets cannot be decrypted with INTEGRATION_SECRETS_KEY (The secret blob does not authenticate: another key, another owner, or altered)`,
        },
      );
    });
  });
});
