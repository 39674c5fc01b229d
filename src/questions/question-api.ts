import type { QuestionQuery } from '../rules/rule-types';

/**
 * The question library (`/questions`): named sets of J1QL queries that rules refer to by
 * `questionId` instead of carrying their own `question`.
 */
export interface StoredQuestion {
  id: string;
  title: string;
  description?: string;
  /** Normalised as a rule's: names default to `query<index>`, `version` to `v1`. */
  queries: QuestionQuery[];
  tags: string[];
  /** 1 at creation, + 1 on every update. */
  version: number;
  /** Epoch ms. */
  createdOn: number;
  updatedOn: number;
}

export interface QuestionRef {
  accountId: string;
  questionId: string;
}

export interface QuestionPage {
  questions: StoredQuestion[];
  cursor?: string;
}

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
