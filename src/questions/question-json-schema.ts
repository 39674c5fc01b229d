import { type JsonSchema, orNull, QUERY_JSON_SCHEMA } from '../rules/rule-json-schema';

export const MAX_QUESTION_TITLE_LENGTH = 200;
export const MAX_QUESTION_QUERIES = 20;

/** The read-only fields of a stored question (ours, and JupiterOne's). */
export const READ_ONLY_QUESTION_FIELDS = [
  'id',
  'accountId',
  'version',
  'createdOn',
  'updatedOn',
  'lastUpdatedTimestamp',
] as const;

/**
 * The JSON Schema (draft 2020-12) of a question body (`POST /questions`, `PUT
 * /questions/{id}`): a title, a description, 1 to 20 queries in the rule's query form
 * (rule-json-schema.ts) and tags. As in a rule body, the read-only fields of a stored question
 * (ours and JupiterOne's) are accepted, then dropped, top-level nulls read as "not given", and any
 * other property is refused.
 */
export const QUESTION_JSON_SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'graphsync:question',
  title: 'Question',
  type: 'object',
  'x-name': 'a question',
  required: ['title', 'queries'],
  properties: {
    title: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_QUESTION_TITLE_LENGTH,
      pattern: '\\S',
      'x-error': { pattern: 'must not be blank' },
    },
    description: orNull({ type: 'string' }),
    queries: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_QUESTION_QUERIES,
      items: { $ref: '#/$defs/query' },
    },
    tags: orNull({ type: 'array', items: { type: 'string', minLength: 1 } }),
    ...Object.fromEntries(READ_ONLY_QUESTION_FIELDS.map((field) => [field, {}])),
  },
  additionalProperties: false,
  $defs: { query: QUERY_JSON_SCHEMA },
};
