import type { components } from '../generated/openapi';
import { normaliseQuery } from './question-query';
import type { StoredQuestion } from './question-api';

/**
 * A question body as openapi.yaml's QuestionRequest lets it through: nulls and absent fields not
 * yet defaulted, read-only fields still present.
 */
export type QuestionRequest = components['schemas']['QuestionRequest'];

/** What a question is, without the service's fields (`id`, `version`, `createdOn`, `updatedOn`). */
export type QuestionDefinition = Omit<StoredQuestion, 'id' | 'version' | 'createdOn' | 'updatedOn'>;

/**
 * A checked question body -> the definition graphsync stores: the queries normalised as a rule's
 * (names `query<index>` by position, version v1, includeDeleted false), tags default to none,
 * nulls read as "not given", read-only fields left behind.
 */
export function normaliseQuestion(input: QuestionRequest): QuestionDefinition {
  return {
    title: input.title,
    ...(typeof input.description === 'string' ? { description: input.description } : {}),
    queries: input.queries.map(normaliseQuery),
    tags: input.tags ?? [],
  };
}
