import type { JsonSchema } from '../rules/rule-json-schema';
import { INTEGRATION_TYPES, type IntegrationType } from './integration-api';

/**
 * The JSON Schemas (draft 2020-12) of integration instance bodies, one per type, in the rule
 * schema's dialect (`x-error` words the 400 messages, `x-name` names an object refusing an unknown
 * property): `{ type, name, config, secrets }` with the config and secret fields of
 * integration-api.ts. Unknown fields are refused everywhere; the read-only fields of an answer
 * (`id`, `secretNames`, `createdOn`, `updatedOn`) are accepted, then dropped, so that an instance
 * read back can be sent back. URLs are also parsed after the schema (integration-schema.ts).
 */
export const MAX_INTEGRATION_NAME_LENGTH = 200;
const MAX_TEXT_LENGTH = 2048;
const MAX_SECRET_LENGTH = 16384;

export const READ_ONLY_INTEGRATION_FIELDS = [
  'id',
  'secretNames',
  'createdOn',
  'updatedOn',
] as const;

const text = (maxLength = MAX_TEXT_LENGTH): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: '\\S',
  'x-error': { pattern: 'must not be blank' },
});

const secret: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_SECRET_LENGTH };

/** http:// or https:// and a host; integration-schema.ts parses it as a URL too. */
export const HTTP_URL: JsonSchema = {
  type: 'string',
  maxLength: MAX_TEXT_LENGTH,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+(?:[/?#]\\S*)?$',
  'x-error': { pattern: 'must be an http:// or https:// URL' },
};

const EMAIL = '[^\\s@<>]+@[^\\s@<>]+';
const email: JsonSchema = {
  type: 'string',
  maxLength: 320,
  pattern: `^${EMAIL}$`,
  'x-error': { pattern: 'must be an email address' },
};

/** RFC 9110 field names (tokens) mapping to values without line breaks. */
const headers = (what: string): JsonSchema => ({
  type: 'object',
  'x-error': { type: `must be an object of ${what}` },
  propertyNames: {
    type: 'string',
    maxLength: 256,
    pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
  },
  additionalProperties: {
    type: 'string',
    maxLength: MAX_SECRET_LENGTH,
    pattern: '^[^\\r\\n]*$',
    'x-error': { pattern: 'must not contain line breaks' },
  },
});

/** `name` starts the list of allowed fields in "is not allowed" messages (integration-schema.ts). */
function object(
  name: string,
  properties: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema {
  return {
    type: 'object',
    'x-name': name,
    required,
    properties,
    additionalProperties: false,
  };
}

/** The fields holding an HTTP_URL, checked again by parsing them. */
export const URL_FIELDS: Record<IntegrationType, Array<['config' | 'secrets', string]>> = {
  smtp: [],
  slack: [
    ['config', 'apiBaseUrl'],
    ['secrets', 'webhookUrl'],
  ],
  jira: [['config', 'baseUrl']],
  aws: [['config', 'endpoint']],
  webhook: [],
};

/** What each type keeps: `config` (returned) and `secrets` (encrypted, never returned). */
const FIELDS: Record<IntegrationType, { config: JsonSchema; secrets: JsonSchema }> = {
  smtp: {
    config: object(
      'the smtp config fields are',
      {
        host: {
          type: 'string',
          minLength: 1,
          maxLength: 253,
          pattern: '^[A-Za-z0-9._:\\[\\]-]+$',
          'x-error': { pattern: 'must be a host name or IP address' },
        },
        port: { type: 'integer', minimum: 1, maximum: 65535 },
        secure: { type: 'boolean' },
        from: {
          type: 'string',
          maxLength: 320,
          pattern: `^(?:${EMAIL}|[^<>\\r\\n]*<${EMAIL}>)$`,
          'x-error': {
            pattern: 'must be an email address (a@example.com or Name <a@example.com>)',
          },
        },
      },
      ['host', 'port', 'from'],
    ),
    secrets: object('the smtp secrets are', { username: secret, password: secret }),
  },
  slack: {
    config: object('the slack config fields are', { apiBaseUrl: HTTP_URL }),
    secrets: object('the slack secrets are', { botToken: secret, webhookUrl: HTTP_URL }),
  },
  jira: {
    config: object('the jira config fields are', { baseUrl: HTTP_URL, email }, [
      'baseUrl',
      'email',
    ]),
    secrets: object('the jira secrets are', { apiToken: secret }, ['apiToken']),
  },
  aws: {
    config: object(
      'the aws config fields are',
      {
        region: {
          type: 'string',
          maxLength: 64,
          pattern: '^[a-z]{2}(?:-[a-z]+)+-[0-9]+$',
          'x-error': { pattern: 'must be an AWS region such as us-east-1' },
        },
        endpoint: HTTP_URL,
        roleArn: {
          type: 'string',
          maxLength: MAX_TEXT_LENGTH,
          pattern: '^arn:aws[a-z-]*:iam::[0-9]{12}:role/\\S+$',
          'x-error': {
            pattern: 'must be an IAM role ARN (arn:aws:iam::123456789012:role/name)',
          },
        },
        externalId: text(1224),
      },
      ['region'],
    ),
    secrets: {
      ...object('the aws secrets are', {
        accessKeyId: secret,
        secretAccessKey: secret,
        sessionToken: secret,
      }),
      dependentRequired: {
        accessKeyId: ['secretAccessKey'],
        secretAccessKey: ['accessKeyId'],
        sessionToken: ['accessKeyId'],
      },
    },
  },
  webhook: {
    config: object('the webhook config fields are', { headers: headers('header values') }),
    secrets: object('the webhook secrets are', { headers: headers('secret header values') }),
  },
};

/** The fields of a body every type shares; `typeRequired` on create, optional on update. */
function bodySchema(type: IntegrationType, typeRequired: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    type: { type: 'string', enum: [type] },
    name: text(MAX_INTEGRATION_NAME_LENGTH),
    config: FIELDS[type].config,
    secrets: FIELDS[type].secrets,
    ...Object.fromEntries(READ_ONLY_INTEGRATION_FIELDS.map((field) => [field, {}])),
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `graphsync:integration:${type}:${typeRequired ? 'create' : 'update'}`,
    type: 'object',
    'x-name': "an integration's fields are",
    // A type with required secrets (jira) needs them on create; an update keeps the stored ones.
    required: typeRequired
      ? ['type', 'name', ...(hasRequiredSecrets(type) ? ['secrets'] : [])]
      : ['name'],
    properties,
    additionalProperties: false,
  };
}

function hasRequiredSecrets(type: IntegrationType): boolean {
  return ((FIELDS[type].secrets.required as string[] | undefined) ?? []).length > 0;
}

/** What every body must be before its type is known: an object naming a known type. */
export const INTEGRATION_TYPE_JSON_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'graphsync:integration:type',
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', enum: [...INTEGRATION_TYPES] } },
};

export const INTEGRATION_CREATE_JSON_SCHEMAS = Object.fromEntries(
  INTEGRATION_TYPES.map((type) => [type, bodySchema(type, true)]),
) as Record<IntegrationType, JsonSchema>;

export const INTEGRATION_UPDATE_JSON_SCHEMAS = Object.fromEntries(
  INTEGRATION_TYPES.map((type) => [type, bodySchema(type, false)]),
) as Record<IntegrationType, JsonSchema>;
