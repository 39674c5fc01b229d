import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import type { IntegrationType } from '../../../src/integrations/integration-api';
import { SecretBox } from '../../../src/common/secret-box';
import { TEST_SECRETS_KEY, testGraph, type TestAccount } from '../../helpers/harness';

/**
 * Shared by the integrations-api-*.test.ts files: one instance of each integration type with its
 * secrets, the secret values no answer or log may show, and the HTTP calls of the tests. Not a test
 * file itself (no `.test.ts`).
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every secret value the bodies below carry: none may appear in an answer or in plain text. */
export const SECRET_VALUES = [
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

export interface Example {
  body: Record<string, unknown>;
  secretNames: string[];
}

/** One instance of each type, with every field its type takes. */
export const EXAMPLES: Record<IntegrationType, Example> = {
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

export interface StoredNode {
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

/**
 * The calls of the tests against the app that the calling describe block builds in its `before`
 * hook (`getApp` is read at each call); every answer is checked for secret values.
 */
export function integrationCalls(getApp: () => express.Express) {
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
      await request(getApp())
        .post('/integrations')
        .set(a.headers)
        .send(body as object),
    );
  const put = async (a: TestAccount, id: string, body: unknown) =>
    noSecrets(
      await request(getApp())
        .put(`/integrations/${id}`)
        .set(a.headers)
        .send(body as object),
    );
  const get = async (a: TestAccount, path: string) =>
    noSecrets(await request(getApp()).get(path).set(a.headers));
  const del = async (a: TestAccount, id: string) =>
    noSecrets(await request(getApp()).delete(`/integrations/${id}`).set(a.headers));

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
  return { nodes, post, put, get, del, opened, created };
}
