import type { ErrorObject } from 'ajv';
import { checkAgainst, type SchemaName } from '../contract/contract-schemas';
import { ValidationError } from '../errors/app-error';
import type { components } from '../generated/openapi';
import { schemaErrorMessage } from '../contract/schema-error-message';
import type { IntegrationType } from './integration-api';

type Schemas = components['schemas'];

/** The config of any type, as openapi.yaml describes it (`<Type>IntegrationConfig`). */
export type IntegrationConfig =
  | Schemas['SmtpIntegrationConfig']
  | Schemas['SlackIntegrationConfig']
  | Schemas['JiraIntegrationConfig']
  | Schemas['AwsIntegrationConfig']
  | Schemas['WebhookIntegrationConfig'];
/** The secrets of any type (`<Type>IntegrationSecrets`). */
export type IntegrationSecrets =
  | Schemas['SmtpIntegrationSecrets']
  | Schemas['SlackIntegrationSecrets']
  | Schemas['JiraIntegrationSecrets']
  | Schemas['AwsIntegrationSecrets']
  | Schemas['WebhookIntegrationSecrets'];

/** An instance body as validated: read-only fields dropped, `config` defaulted to `{}`. */
export interface IntegrationBody {
  type: IntegrationType;
  name: Schemas['IntegrationName'];
  config: IntegrationConfig;
  /** Undefined when the body has none (an update then keeps the stored ones). */
  secrets: IntegrationSecrets | undefined;
}

/** The read-only fields of an answer, accepted in a body and dropped. */
const READ_ONLY_INTEGRATION_FIELDS = ['id', 'secretNames', 'createdOn', 'updatedOn'];

/** The fields holding a URL (openapi.yaml's HttpUrl), parsed again as URLs. */
const URL_FIELDS: Record<IntegrationType, Array<['config' | 'secrets', string]>> = {
  smtp: [],
  slack: [
    ['config', 'apiBaseUrl'],
    ['secrets', 'webhookUrl'],
  ],
  jira: [['config', 'baseUrl']],
  aws: [['config', 'endpoint']],
  webhook: [],
};

const BODY_SCHEMAS: Record<IntegrationType, { create: SchemaName; update: SchemaName }> = {
  smtp: { create: 'SmtpIntegrationCreate', update: 'SmtpIntegrationUpdate' },
  slack: { create: 'SlackIntegrationCreate', update: 'SlackIntegrationUpdate' },
  jira: { create: 'JiraIntegrationCreate', update: 'JiraIntegrationUpdate' },
  aws: { create: 'AwsIntegrationCreate', update: 'AwsIntegrationUpdate' },
  webhook: { create: 'WebhookIntegrationCreate', update: 'WebhookIntegrationUpdate' },
};

const SUBJECT = 'The integration';

/**
 * openapi.yaml's IntegrationCreateRequest / IntegrationUpdateRequest, with the house messages:
 * what the HTTP edge checks before the handler runs. An update without `type` is checked against
 * the stored instance's type by validateIntegrationUpdate.
 */
export function checkIntegrationCreateShape(body: unknown): void {
  check('IntegrationCreateRequest', body);
}
export function checkIntegrationUpdateShape(body: unknown): void {
  check('IntegrationUpdateRequest', body);
}

/**
 * A `POST /integrations` body -> the instance to store. Throws ValidationError (400
 * VALIDATION_ERROR) whose message starts with the JSON pointer of the first offending field.
 */
export function validateIntegrationCreate(body: unknown): IntegrationBody {
  check('IntegrationTyped', body);
  const type = (body as { type: IntegrationType }).type;
  return validated(BODY_SCHEMAS[type].create, type, body as Record<string, unknown>, []);
}

/**
 * A `PUT /integrations/{id}` body for a stored instance of `stored.type`: the type cannot change
 * (a `type` equal to the stored one is accepted). `stored.secretNames` are the secrets kept when
 * the body has none, for the checks across config and secrets.
 */
export function validateIntegrationUpdate(
  body: unknown,
  stored: { id: string; type: IntegrationType; secretNames: readonly string[] },
): IntegrationBody {
  if (!isPlainObject(body)) throw new ValidationError(`${SUBJECT} must be an object`);
  if (body.type !== undefined && body.type !== stored.type) {
    throw new ValidationError(
      `/type cannot change: integration instance '${stored.id}' is a ${stored.type} instance`,
    );
  }
  return validated(BODY_SCHEMAS[stored.type].update, stored.type, body, [...stored.secretNames]);
}

/** The names of `secrets` as answered: top-level keys, and `headers.<name>` for each header. */
export function secretNamesOf(secrets: Record<string, unknown>): string[] {
  return Object.entries(secrets)
    .flatMap(([key, value]) =>
      isPlainObject(value) ? Object.keys(value).map((sub) => `${key}.${sub}`) : [key],
    )
    .sort();
}

function validated(
  schema: SchemaName,
  type: IntegrationType,
  body: Record<string, unknown>,
  storedSecretNames: string[],
): IntegrationBody {
  const input = { ...body, config: body.config ?? {} };
  check(schema, input);
  const config = structuredClone(input.config) as IntegrationConfig & Record<string, unknown>;
  const secrets =
    body.secrets === undefined
      ? undefined
      : (withoutEmptyObjects(
          structuredClone(body.secrets) as Record<string, unknown>,
        ) as IntegrationSecrets);
  checkUrls(type, config, secrets);
  checkHeaders(config, secrets === undefined ? storedSecretNames : secretNamesOf(secrets));
  return { type, name: body.name as string, config, secrets };
}

function check(schema: SchemaName, body: unknown): void {
  checkAgainst(schema, body, SUBJECT, errorMessage);
}

/**
 * The rule schema's messages, except: an unknown field lists the allowed ones (the object's
 * `x-name` starts the list), and the two keywords only these schemas use.
 */
function errorMessage(error: ErrorObject, subject: string): string {
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as { 'x-name'?: string; properties?: object };
  if (error.keyword === 'additionalProperties' && parent['x-name'] !== undefined) {
    const allowed = Object.keys(parent.properties ?? {}).filter(
      (field) => !READ_ONLY_INTEGRATION_FIELDS.includes(field),
    );
    return `${error.instancePath}/${pointerSegment(String(params.additionalProperty))} is not allowed: ${parent['x-name']} ${allowed.join(', ')}`;
  }
  if (error.keyword === 'dependentRequired') {
    return `${error.instancePath}/${String(params.missingProperty)} is required with ${String(params.property)}`;
  }
  if (error.propertyName !== undefined) {
    return `${error.instancePath}/${pointerSegment(error.propertyName)} is not a valid header name`;
  }
  return schemaErrorMessage(error, subject);
}

/** A URL that passed the schema's pattern must also parse, as http: or https: with a host. */
function checkUrls(
  type: IntegrationType,
  config: IntegrationConfig,
  secrets: IntegrationSecrets | undefined,
): void {
  for (const [where, field] of URL_FIELDS[type]) {
    const value = (where === 'config' ? config : secrets)?.[
      field as keyof (IntegrationConfig | IntegrationSecrets)
    ];
    if (typeof value === 'string' && !isHttpUrl(value)) {
      throw new ValidationError(`/${where}/${field} must be an http:// or https:// URL`);
    }
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A header is plain (config) or secret, not both: header names are case-insensitive. */
function checkHeaders(config: IntegrationConfig, secretNames: readonly string[]): void {
  if (!('headers' in config) || !isPlainObject(config.headers)) return;
  const secretHeaders = new Set(
    secretNames
      .filter((name) => name.startsWith('headers.'))
      .map((name) => name.slice('headers.'.length).toLowerCase()),
  );
  for (const name of Object.keys(config.headers)) {
    if (secretHeaders.has(name.toLowerCase())) {
      throw new ValidationError(
        `/config/headers/${pointerSegment(name)} is also a secret header: a header is either in config or in secrets`,
      );
    }
  }
}

/** `secrets: { headers: {} }` stores nothing: empty objects are dropped. */
function withoutEmptyObjects(secrets: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(secrets).filter(
      ([, value]) => !isPlainObject(value) || Object.keys(value).length > 0,
    ),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 6901: `~` and `/` inside a segment are escaped. */
function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
