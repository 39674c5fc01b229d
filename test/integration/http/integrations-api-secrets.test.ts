import assert from 'node:assert/strict';
import type express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import type { IntegrationType } from '../../../src/integrations/integration-api';
import { IntegrationService } from '../../../src/integrations/integration-service';
import { freshAccount, TEST_SECRETS_KEY, testApp, testGraph } from '../../helpers/harness';
import {
  EXAMPLES,
  type Example,
  integrationCalls,
  SECRET_VALUES,
} from './integrations-api-helpers';

/**
 * The integration instances API on real Neo4j, on its secrets: refused without
 * INTEGRATION_SECRETS_KEY, never logged, and decrypted only by `resolve` (what outbound actions
 * call) with the right key for the right instance.
 */
describe('integrations API: /integrations (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let service: IntegrationService;
  before(async () => {
    service = new IntegrationService({ graph: await testGraph(), secretsKey: TEST_SECRETS_KEY });
    app = await testApp({ integrations: service });
  });

  const { nodes, post, get, created } = integrationCalls(() => app);

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
