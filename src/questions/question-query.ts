import type { components } from '../generated/openapi';

/**
 * One query of a question: a rule's own question or a stored one (`/questions`) hold the same
 * list, so this folder owns its shape and its defaults, and rules build on them.
 */
export interface QuestionQuery {
  /** `[A-Za-z0-9_]+`, unique in the question; `query<index>` when not given. */
  name: string;
  query: string;
  version: NonNullable<QueryRequest['version']>;
  includeDeleted: boolean;
}

export interface Question {
  queries: QuestionQuery[];
}

/** One query as a body gives it (openapi.yaml's RuleQuery): nulls and absent fields possible. */
export type QueryRequest = components['schemas']['RuleQuery'];

/** A query's name: its own, or `query<index>` by position. */
export function queryName(query: QueryRequest, index: number): string {
  return query.name ?? `query${index}`;
}

/** One query of a question, its defaults filled in (a rule's own, or a stored question's). */
export function normaliseQuery(query: QueryRequest, index: number): QuestionQuery {
  return {
    name: queryName(query, index),
    query: query.query,
    version: 'v1',
    includeDeleted: query.includeDeleted ?? false,
  };
}
