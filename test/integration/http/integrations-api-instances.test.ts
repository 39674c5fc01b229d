import assert from 'node:assert/strict';
import type express from 'express';
import { IntegrationService } from '../../../src/integrations/integration-service';
import { freshAccount, TEST_SECRETS_KEY, testApp, testGraph } from '../../helpers/harness';
import { EXAMPLES, integrationCalls, SECRET_VALUES, UUID } from './integrations-api-helpers';

/**
 * The integration instances API on real Neo4j: every type created, read back and listed, secrets
 * stored only as AES-256-GCM ciphertext and never answered, updates keeping, replacing or clearing
 * secrets, the exact 400/404/409 refusals, and deletion.
 */
describe('integrations API: /integrations (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let service: IntegrationService;
  before(async () => {
    service = new IntegrationService({ graph: await testGraph(), secretsKey: TEST_SECRETS_KEY });
    app = await testApp({ integrations: service });
  });

  const { nodes, post, put, get, del, opened, created } = integrationCalls(() => app);

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
});
