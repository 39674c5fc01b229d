import type { QueryInput } from '../rules/rule-input';
import { normaliseQuery } from '../rules/rule-normalize';
import type { StoredQuestion } from './question-api';

/**
 * A question body as the JSON Schema lets it through (question-json-schema.ts): nulls and absent
 * fields not yet defaulted, read-only fields still present.
 */
export interface QuestionInput {
  title: string;
  description?: string | null;
  queries: QueryInput[];
  tags?: string[] | null;
}

/** What a question is, without the service's fields (`id`, `version`, `createdOn`, `updatedOn`). */
export type QuestionDefinition = Omit<StoredQuestion, 'id' | 'version' | 'createdOn' | 'updatedOn'>;

/**
 * A checked question body -> the definition graphsync stores: the queries normalised as a rule's
 * (names `query<index>` by position, version v1, includeDeleted false), tags default to none,
 * nulls read as "not given", read-only fields left behind.
 */
export function normaliseQuestion(input: QuestionInput): QuestionDefinition {
  return {
    title: input.title,
    ...(typeof input.description === 'string' ? { description: input.description } : {}),
    queries: input.queries.map(normaliseQuery),
    tags: input.tags ?? [],
  };
}
