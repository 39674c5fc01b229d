import type { ContractEnum } from '../contract/contract-types';
import type { components } from '../generated/openapi';

/**
 * Integration instances (`/integrations`): the credentials and addresses outbound rule actions use
 * (SMTP for email, Slack, Jira, AWS for SNS/SQS, plain webhooks), named by `integrationInstanceId`
 * in actions. `config` is plain and returned; `secrets` are encrypted at rest (AES-256-GCM with
 * INTEGRATION_SECRETS_KEY), never returned and never logged: responses name them only.
 */
export const INTEGRATION_TYPES = ['smtp', 'slack', 'jira', 'aws', 'webhook'] as const;
export type IntegrationType = ContractEnum<
  components['schemas']['IntegrationType'],
  typeof INTEGRATION_TYPES
>;

/**
 * What each type keeps (validated per type; unknown fields are refused):
 * - smtp:    config { host, port, secure?: boolean, from }, secrets { username?, password? }
 * - slack:   config { apiBaseUrl?: string (default https://slack.com/api) },
 *            secrets { botToken?, webhookUrl? }
 * - jira:    config { baseUrl (e.g. https://acme.atlassian.net), email }, secrets { apiToken }
 * - aws:     config { region, endpoint?: string (override, e.g. a local SQS), roleArn?,
 *            externalId? }, secrets { accessKeyId?, secretAccessKey?, sessionToken? }
 * - webhook: config { headers?: Record<string, string> }, secrets { headers?: Record<string,string> }
 * (openapi.yaml's `<Type>IntegrationConfig` / `<Type>IntegrationSecrets`). An instance as the API
 * answers it is openapi.yaml's Integration: `secretNames` are the names of the stored secrets,
 * whose values are never answered.
 */
export type IntegrationInstance = components['schemas']['Integration'];

export interface IntegrationRef {
  accountId: string;
  integrationId: string;
}

/** The HTTP side: POST/GET /integrations, GET/PUT/DELETE /integrations/{integrationId}. */
export interface IntegrationApi {
  /** Body `{ type, name, config, secrets? }`; 201. */
  create(input: { accountId: string; body: unknown }): Promise<IntegrationInstance>;
  list(input: { accountId: string; type?: IntegrationType }): Promise<IntegrationInstance[]>;
  /** 404 INTEGRATION_NOT_FOUND for an unknown id (or another account's). */
  get(ref: IntegrationRef): Promise<IntegrationInstance>;
  /** Body `{ name, config, secrets? }` (type cannot change); omitted `secrets` keeps the stored ones. */
  update(input: IntegrationRef & { body: unknown }): Promise<IntegrationInstance>;
  delete(ref: IntegrationRef): Promise<IntegrationInstance>;
}

/** What an outbound action gets: the instance with its secrets decrypted. */
export interface ResolvedIntegration {
  instance: IntegrationInstance;
  secrets: Record<string, unknown>;
}

/**
 * The action side. Rejects with an Error whose message the evaluation record shows, e.g.
 * `integration instance 'x' does not exist in this account` or
 * `integration instance 'x' is a slack instance; CREATE_TRACKER_TICKET needs a jira one`.
 */
export interface IntegrationResolver {
  resolve(input: {
    accountId: string;
    integrationId: string;
    type: IntegrationType;
    /** The action asking, for the message. */
    action: string;
  }): Promise<ResolvedIntegration>;
}
