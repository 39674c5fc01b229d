import {
  ACTION_TYPE_ALIASES,
  ALERT_LEVELS,
  CONDITION_OPERATORS,
  HTTP_METHODS,
  POLLING_INTERVALS,
  QUERY_VERSIONS,
  type ActionType,
} from './rule-types';

/**
 * The JSON Schema (draft 2020-12) of a rule body as clients send it: every field of a rule, its
 * operations, question, conditions and actions (docs/guide/rules.md, "The rule JSON"), the
 * real-world action type names and field names beside the standard ones, and the read-only fields
 * of stored rules (accepted, then dropped). Cross-field rules (question or questionId, unique query
 * names, endpoint or url, ...) are checked after it, in rule-checks.ts.
 *
 * Two annotation keywords shape the 400 messages (rule-error-message.ts): `x-error` is the
 * predicate printed after the pointer when a value has the wrong type, pattern or shape (one for
 * all keywords, or one per keyword), and `x-name` names an object in "has no such property"
 * messages.
 */
export type JsonSchema = { [keyword: string]: unknown };

export const TEMPLATE_PATTERN = '\\{\\{[\\s\\S]*\\}\\}';
const TEMPLATE_ONLY_PATTERN = `^\\s*${TEMPLATE_PATTERN}\\s*$`;
export const QUERY_NAME_PATTERN = '^[A-Za-z0-9_]+$';
/** A Jexl identifier: FOR_EACH_ITEM's itemRef becomes a variable of the templates. */
const IDENTIFIER_PATTERN = '^[A-Za-z_$][A-Za-z0-9_$]*$';
export const MAX_RULE_NAME_LENGTH = 256;

const list = (values: readonly unknown[]): string => values.join(', ');

/** The read-only fields of a stored rule (ours, and the original service's). */
export const READ_ONLY_RULE_FIELDS = [
  'id',
  'accountId',
  'version',
  'type',
  'latest',
  'deleted',
  'latestAlertId',
  'latestAlertIsActive',
  'evaluationStep',
  'state',
  'createdOn',
  'updatedOn',
  'lastUpdatedOn',
] as const;
/** `lastEvaluationStartOn`, `lastEvaluationEndOn`, `lastEvaluationResult`, ... */
export const READ_ONLY_RULE_FIELD_PATTERN = '^lastEvaluation';

const string: JsonSchema = { type: 'string' };
const nonEmptyString: JsonSchema = { type: 'string', minLength: 1 };
const primitive: JsonSchema = {
  type: ['string', 'number', 'boolean', 'null'],
  'x-error': 'must be a string, number, boolean or null',
};

/** A value of one of `types`, or a `{{template}}` string in its place. */
function orTemplate(types: string[], described: string, rest: JsonSchema = {}): JsonSchema {
  return {
    type: [...types, 'string'],
    pattern: TEMPLATE_PATTERN,
    'x-error': `must be ${described}, or a {{template}}`,
    ...rest,
  };
}

/** One of `values`, or a `{{template}}` string in its place. */
function enumOrTemplate(values: readonly string[]): JsonSchema {
  return {
    type: 'string',
    pattern: `^(?:${values.join('|')})$|${TEMPLATE_PATTERN}`,
    'x-error': `must be one of ${list(values)} (or a {{template}})`,
  };
}

const channel: JsonSchema = {
  type: 'string',
  pattern: `^#|${TEMPLATE_PATTERN}`,
  'x-error': "must be a channel name starting with '#' (or a {{template}})",
};

/** One query of a question: a rule's own, or a stored question's (src/questions). */
export const QUERY_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  'x-name': 'a query',
  required: ['query'],
  properties: {
    name: {
      type: ['string', 'null'],
      pattern: QUERY_NAME_PATTERN,
      'x-error': { pattern: 'must match [A-Za-z0-9_]+' },
    },
    query: nonEmptyString,
    version: { enum: [...QUERY_VERSIONS, null] },
    includeDeleted: { type: ['boolean', 'null'] },
  },
  additionalProperties: false,
};

const question: JsonSchema = {
  type: ['object', 'null'],
  'x-name': 'a question',
  required: ['queries'],
  properties: { queries: { type: 'array', minItems: 1, items: { $ref: '#/$defs/query' } } },
  additionalProperties: false,
};

/** `[path, operator, value]` or `[AND|OR, clause, ...]`, nested. */
const clause: JsonSchema = {
  type: 'array',
  minItems: 1,
  'x-error': 'must be a comparison [path, operator, value] or a group [AND|OR, clause, ...]',
  if: { minItems: 1, prefixItems: [{ enum: ['AND', 'OR'] }] },
  then: {
    minItems: 2,
    'x-error': 'must be a group [AND|OR, clause, ...] with at least one clause',
    prefixItems: [{ enum: ['AND', 'OR'] }],
    items: { $ref: '#/$defs/clause' },
  },
  else: {
    minItems: 3,
    maxItems: 3,
    'x-error': 'must be a comparison [path, operator, value] or a group [AND|OR, clause, ...]',
    prefixItems: [
      { type: 'string', minLength: 1, 'x-error': 'must be a path such as queries.query0.total' },
      { enum: [...CONDITION_OPERATORS] },
      primitive,
    ],
  },
};

const condition: JsonSchema = {
  type: 'object',
  'x-name': 'a condition',
  required: ['type', 'condition'],
  properties: {
    type: { const: 'FILTER', 'x-error': 'must be FILTER' },
    specVersion: { const: 1, 'x-error': 'must be 1' },
    // The npm rule-pack defaults write the condition's version as `version`.
    version: { const: 1, 'x-error': 'must be 1' },
    condition: {
      type: ['string', 'boolean', 'array'],
      pattern: TEMPLATE_ONLY_PATTERN,
      'x-error':
        "must be a template such as '{{queries.query0.total > 0}}', a list condition such as " +
        "['queries.query0.total', '>', 0], or a boolean",
      if: { type: 'array' },
      then: { $ref: '#/$defs/clause' },
    },
  },
  additionalProperties: false,
};

const operation: JsonSchema = {
  type: 'object',
  'x-name': 'an operation',
  required: ['when', 'actions'],
  properties: {
    when: {
      type: ['object', 'array'],
      'x-error': 'must be a condition or a list of conditions',
      if: { type: 'array' },
      then: { minItems: 1, items: { $ref: '#/$defs/condition' } },
      else: { $ref: '#/$defs/condition' },
    },
    actions: { type: 'array', minItems: 1, items: { $ref: '#/$defs/action' } },
  },
  additionalProperties: false,
};

/** Type names that normalise to `type`: the standard name first. */
function typeNames(type: ActionType): string[] {
  const aliases = Object.entries(ACTION_TYPE_ALIASES)
    .filter(([, target]) => target === type)
    .map(([alias]) => alias);
  return [type, ...aliases];
}

function action(type: ActionType, fields: JsonSchema, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    required: ['type', ...required],
    properties: { type: { enum: typeNames(type) }, id: string, ...fields },
    additionalProperties: false,
  };
}

const ACTIONS: Record<ActionType, JsonSchema> = {
  SET_PROPERTY: action('SET_PROPERTY', { targetProperty: nonEmptyString, targetValue: primitive }, [
    'targetProperty',
    'targetValue',
  ]),
  CREATE_ALERT: action('CREATE_ALERT', {}),
  TAG_ENTITIES: action(
    'TAG_ENTITIES',
    {
      entities: orTemplate(['array'], 'a list of result entities'),
      tags: orTemplate(['array'], 'a list of { name, value } tags', {
        items: {
          type: 'object',
          'x-name': 'a tag',
          required: ['name', 'value'],
          properties: { name: nonEmptyString, value: primitive },
          additionalProperties: false,
        },
      }),
    },
    ['entities', 'tags'],
  ),
  SEND_EMAIL: action(
    'SEND_EMAIL',
    {
      recipients: orTemplate(['array'], 'a list of email addresses', {
        minItems: 1,
        items: nonEmptyString,
      }),
      body: string,
      integrationInstanceId: nonEmptyString,
    },
    ['recipients'],
  ),
  CREATE_TRACKER_TICKET: action(
    'CREATE_TRACKER_TICKET',
    {
      integrationInstanceId: nonEmptyString,
      entityClass: string,
      project: string,
      summary: string,
      issueType: string,
      additionalFields: orTemplate(['object'], 'an object'),
      autoResolve: orTemplate(['boolean'], 'a boolean'),
      resolvedStatus: string,
      updateContentOnChanges: orTemplate(['boolean'], 'a boolean'),
    },
    ['integrationInstanceId', 'entityClass', 'project', 'summary', 'issueType'],
  ),
  FOR_EACH_ITEM: action(
    'FOR_EACH_ITEM',
    {
      itemRef: {
        type: 'string',
        pattern: IDENTIFIER_PATTERN,
        'x-error': {
          pattern: 'must be a name of letters, digits, _ and $, not starting with a digit',
        },
      },
      items: orTemplate(['array'], 'a list'),
      actions: { type: 'array', minItems: 1, items: { $ref: '#/$defs/action' } },
    },
    ['items', 'actions'],
  ),
  SERVICE_QUERY: action(
    'SERVICE_QUERY',
    {
      name: {
        type: 'string',
        pattern: QUERY_NAME_PATTERN,
        'x-error': { pattern: 'must match [A-Za-z0-9_]+' },
      },
      query: nonEmptyString,
    },
    ['name', 'query'],
  ),
  SEND_CHAT_MESSAGE: action(
    'SEND_CHAT_MESSAGE',
    {
      integrationInstanceId: nonEmptyString,
      channels: {
        ...channel,
        type: ['string', 'array'],
        'x-error': "must be a channel name starting with '#', a list of them, or a {{template}}",
        minItems: 1,
        items: channel,
      },
      body: string,
      webhookUrl: nonEmptyString,
      severity: string,
    },
    ['integrationInstanceId', 'channels', 'body'],
  ),
  WEBHOOK: action(
    'WEBHOOK',
    {
      // graphsync's own: a webhook integration instance whose headers the request carries.
      integrationInstanceId: nonEmptyString,
      endpoint: nonEmptyString,
      url: nonEmptyString,
      method: enumOrTemplate(HTTP_METHODS),
      headers: orTemplate(['object'], 'an object of header names and values', {
        additionalProperties: { type: 'string' },
      }),
      body: orTemplate(['object'], 'an object'),
    },
    ['method'],
  ),
  PUBLISH_TOPIC_MESSAGE: action(
    'PUBLISH_TOPIC_MESSAGE',
    {
      integrationInstanceId: nonEmptyString,
      topicResourceName: nonEmptyString,
      topicArn: nonEmptyString,
      data: orTemplate(['object'], 'an object'),
    },
    ['integrationInstanceId', 'data'],
  ),
  SEND_QUEUE_MESSAGE: action(
    'SEND_QUEUE_MESSAGE',
    {
      integrationInstanceId: nonEmptyString,
      queueUrl: nonEmptyString,
      data: orTemplate(['object'], 'an object'),
    },
    ['integrationInstanceId', 'queueUrl', 'data'],
  ),
};

const actionSchema: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' } },
  discriminator: { propertyName: 'type' },
  oneOf: Object.values(ACTIONS),
};

const label: JsonSchema = {
  type: 'object',
  'x-name': 'a label',
  required: ['labelName', 'labelValue'],
  properties: { labelName: nonEmptyString, labelValue: string },
  additionalProperties: false,
};

/** At the top level, null stands for "not given" (GraphQL answers carry nulls). */
export const orNull = (schema: JsonSchema): JsonSchema => {
  const types = schema.type;
  if (Array.isArray(types)) return { ...schema, type: [...(types as string[]), 'null'] };
  if (typeof types === 'string') return { ...schema, type: [types, 'null'] };
  return { ...schema, enum: [...(schema.enum as unknown[]), null] };
};

export const RULE_JSON_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'graphsync:rule',
  title: 'Alert rule',
  type: 'object',
  'x-name': 'a rule',
  required: ['name', 'operations'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_RULE_NAME_LENGTH,
      pattern: '\\S',
      'x-error': { pattern: 'must not be blank' },
    },
    description: orNull(string),
    // 0 is what the original service stored for rules made before specVersion existed.
    specVersion: orNull({ enum: [1, 0], 'x-error': 'must be 1' }),
    pollingInterval: orNull({ enum: [...POLLING_INTERVALS] }),
    question,
    questionId: orNull(nonEmptyString),
    operations: { type: 'array', items: { $ref: '#/$defs/operation' } },
    templates: orNull({ type: 'object', additionalProperties: string }),
    outputs: orNull({ type: 'array', items: nonEmptyString }),
    notifyOnFailure: orNull({ type: 'boolean' }),
    triggerActionsOnNewEntitiesOnly: orNull({ type: 'boolean' }),
    ignorePreviousResults: orNull({ type: 'boolean' }),
    tags: orNull({ type: 'array', items: nonEmptyString }),
    labels: orNull({ type: 'array', items: { $ref: '#/$defs/label' } }),
    remediationSteps: orNull(string),
    resourceGroupId: orNull(nonEmptyString),
    ...Object.fromEntries(READ_ONLY_RULE_FIELDS.map((field) => [field, {}])),
  },
  patternProperties: { [READ_ONLY_RULE_FIELD_PATTERN]: {} },
  additionalProperties: false,
  $defs: {
    query: QUERY_JSON_SCHEMA,
    condition,
    clause,
    operation,
    action: actionSchema,
    label,
  },
};

/**
 * The compact rule-pack form (docs/guide/rules.md, "Rule packs"); its fields are checked again as
 * a rule.
 */
export const RULE_PACK_JSON_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'graphsync:rule-pack',
  title: 'Rule-pack rule',
  type: 'object',
  'x-name': 'a rule-pack rule',
  required: ['name', 'queries'],
  properties: {
    name: {},
    description: {},
    queries: { type: 'array', minItems: 1 },
    alertLevel: { enum: [...ALERT_LEVELS] },
    templates: {},
    operations: {},
    labels: {},
    tags: {},
  },
  additionalProperties: false,
};
