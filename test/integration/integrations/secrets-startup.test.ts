import assert from 'node:assert/strict';
import { ConfigError } from '../../../src/config/config';
import { assertSecretsReadable } from '../../../src/integrations/assert-secrets-readable';
import { IntegrationService } from '../../../src/integrations/integration-service';
import { freshAccount, startTestApi, TEST_SECRETS_KEY, testGraph } from '../../helpers/harness';

/**
 * The start-up check of API and worker processes: stored integration secrets need
 * INTEGRATION_SECRETS_KEY, and the key that sealed them. The test database's secrets are all
 * sealed with TEST_SECRETS_KEY (the harness's), whichever test stored them.
 */
const MISSING =
  /^Invalid configuration:\n {2}- INTEGRATION_SECRETS_KEY is not set, but [1-9][0-9]* integration instance\(s\) hold secrets encrypted with it: set it to the key they were stored with$/;
const WRONG =
  /^Invalid configuration:\n {2}- INTEGRATION_SECRETS_KEY does not decrypt the secrets of integration instance '[0-9a-f-]{36}' \(account '[^']+'\): it is not the key they were stored with$/;

function configError(pattern: RegExp): (err: unknown) => boolean {
  return (err: unknown) => {
    assert.ok(err instanceof ConfigError, String(err));
    assert.match(err.message, pattern);
    return true;
  };
}

describe('assertSecretsReadable (start-up check, real Neo4j)', () => {
  it('passes without a key while no instance holds secrets', async () => {
    const graph = await testGraph();
    const a = await freshAccount();
    await new IntegrationService({ graph, secretsKey: undefined }).create({
      accountId: a.accountId,
      body: { type: 'slack', name: 'no secrets' },
    });
    await assertSecretsReadable(graph, undefined);
    await assertSecretsReadable(graph, Buffer.alloc(32, 1));
  });

  it('with stored secrets: refuses no key and another key, passes the key that sealed them', async () => {
    const graph = await testGraph();
    const a = await freshAccount();
    await new IntegrationService({ graph, secretsKey: TEST_SECRETS_KEY }).create({
      accountId: a.accountId,
      body: {
        type: 'jira',
        name: 'Jira',
        config: { baseUrl: 'https://acme.atlassian.net', email: 'a@acme.com' },
        secrets: { apiToken: 'token-startup-check' },
      },
    });
    await assert.rejects(assertSecretsReadable(graph, undefined), configError(MISSING));
    await assert.rejects(assertSecretsReadable(graph, Buffer.alloc(32, 1)), configError(WRONG));
    await assertSecretsReadable(graph, TEST_SECRETS_KEY);
  });

  it('startApi refuses to start without the key when secrets are stored', async () => {
    const graph = await testGraph();
    const a = await freshAccount();
    await new IntegrationService({ graph, secretsKey: TEST_SECRETS_KEY }).create({
      accountId: a.accountId,
      body: { type: 'slack', name: 'Slack', secrets: { botToken: 'xoxb-startup-check' } },
    });
    await assert.rejects(startTestApi({ INTEGRATION_SECRETS_KEY: '' }), configError(MISSING));
    const api = await startTestApi();
    await api.close();
  });
});
