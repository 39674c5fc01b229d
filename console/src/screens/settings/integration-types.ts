import type { components } from '../../../../src/generated/openapi';

export type Integration = components['schemas']['Integration'];
export type IntegrationType = components['schemas']['IntegrationType'];

export const INTEGRATION_TYPES: readonly IntegrationType[] = [
  'smtp',
  'slack',
  'jira',
  'aws',
  'webhook',
];

/**
 * Each type's config as a starting point and its secret fields (openapi.yaml,
 * IntegrationCreateRequest's table). `json` secrets are objects (a webhook's secret headers).
 */
export const TYPE_FIELDS: Record<
  IntegrationType,
  { config: Record<string, unknown>; secrets: Array<{ name: string; json?: boolean }> }
> = {
  smtp: {
    config: { host: '', port: 587, secure: false, from: '' },
    secrets: [{ name: 'username' }, { name: 'password' }],
  },
  slack: { config: {}, secrets: [{ name: 'botToken' }, { name: 'webhookUrl' }] },
  jira: { config: { baseUrl: '', email: '' }, secrets: [{ name: 'apiToken' }] },
  aws: {
    config: { region: '', roleArn: '' },
    secrets: [{ name: 'accessKeyId' }, { name: 'secretAccessKey' }, { name: 'sessionToken' }],
  },
  webhook: { config: { headers: {} }, secrets: [{ name: 'headers', json: true }] },
};
