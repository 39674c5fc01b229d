import type { components } from '../generated/openapi';

/**
 * The question library (`/questions`): named sets of J1QL queries that rules refer to by
 * `questionId` instead of carrying their own `question`. A question as stored and answered is
 * openapi.yaml's Question: `queries` normalised as a rule's (names default to `query<index>`,
 * `version` to `v1`), `version` 1 at creation and + 1 on every update.
 */
export type StoredQuestion = components['schemas']['Question'];

export interface QuestionRef {
  accountId: string;
  questionId: string;
}

/** One page of `GET /questions` (openapi.yaml's QuestionListResponse). */
export type QuestionPage = components['schemas']['QuestionListResponse'];

export interface QuestionApi {
  create(input: { accountId: string; body: unknown }): Promise<StoredQuestion>;
  list(input: {
    accountId: string;
    limit?: number;
    cursor?: string;
    /** Only questions whose title contains this (any case). */
    title?: string;
    tag?: string;
  }): Promise<QuestionPage>;
  /** 404 QUESTION_NOT_FOUND for an unknown id (or another account's). */
  get(ref: QuestionRef): Promise<StoredQuestion>;
  update(input: QuestionRef & { body: unknown }): Promise<StoredQuestion>;
  /** 409 QUESTION_IN_USE while a rule refers to it. */
  delete(ref: QuestionRef): Promise<StoredQuestion>;
}
