import assert from 'node:assert/strict';
import type { OutboundConfig } from '../../../src/actions/outbound-deps';
import type {
  IntegrationResolver,
  ResolvedIntegration,
} from '../../../src/integrations/integration-api';
import type { OutboundActionInput } from '../../../src/rules/evaluation/outbound-action';
import { NotificationRenderer } from '../../../src/notifications/notification-renderer';
import { TEST_OUTBOUND, testGraph } from '../../helpers/harness';

/**
 * Shared by the send-email-*.test.ts files: the outbound configuration with an SMTP_URL, a resolver
 * answering one smtp instance, an action input, and the message of a rejection. Not a test file
 * itself (no `.test.ts`).
 */
export const config = (smtpUrl: string | undefined): OutboundConfig => ({
  ...TEST_OUTBOUND,
  smtpUrl,
});

/** Answers one smtp instance for id `smtp-1`; anything else as the integration service would. */
export function resolver(instance: ResolvedIntegration | undefined): IntegrationResolver & {
  asked: unknown[];
} {
  const asked: unknown[] = [];
  return {
    asked,
    resolve(input) {
      asked.push(input);
      if (instance === undefined || input.integrationId !== 'smtp-1') {
        return Promise.reject(
          new Error(`integration instance '${input.integrationId}' does not exist in this account`),
        );
      }
      return Promise.resolve(instance);
    },
  };
}

export function smtpInstance(port: number, secrets: Record<string, unknown>): ResolvedIntegration {
  return {
    instance: {
      id: 'smtp-1',
      type: 'smtp',
      name: 'corp-mail',
      config: { host: '127.0.0.1', port, secure: false, from: 'alerts@acme.test' },
      secretNames: Object.keys(secrets),
      createdOn: 1,
      updatedOn: 1,
    },
    secrets,
  };
}

export function input(
  action: Record<string, unknown>,
  context: OutboundActionInput['context'] = {},
): OutboundActionInput {
  return {
    accountId: 'acct-1',
    rule: { id: 'rule-1', name: 'unencrypted-buckets' },
    evaluationId: 'ev-1',
    startedOn: Date.UTC(2026, 10, 29, 3, 40),
    action,
    context,
    secrets: [],
  };
}

/** What SEND_EMAIL and failure notices render with: the layouts over the test Neo4j, links under BASE_URL. */
export async function messaging(): Promise<{
  renderer: NotificationRenderer;
  baseUrl: () => string;
}> {
  return {
    renderer: new NotificationRenderer({ graph: await testGraph() }),
    baseUrl: () => BASE_URL,
  };
}

export const BASE_URL = 'http://graphsync.test';

export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail('expected a rejection');
}
