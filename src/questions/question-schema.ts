import { checkAgainst } from '../contract/contract-schemas';
import { schemaErrorMessage } from '../contract/schema-error-message';
import {
  type QuestionDefinition,
  type QuestionRequest,
  normaliseQuestion,
} from './question-normalize';

/**
 * A question body (POST /questions, PUT /questions/{id}, a GET answer sent back) -> its
 * normalised definition. Throws ValidationError (400 VALIDATION_ERROR) whose message starts with
 * the JSON pointer of the first offending field. Repeated query names are allowed, as in rules.
 */
export function validateQuestion(body: unknown): QuestionDefinition {
  // The definition shares no objects with the caller's body.
  return structuredClone(normaliseQuestion(checkQuestionShape(body)));
}

/** openapi.yaml's QuestionRequest, with the house messages (the HTTP edge checks this first). */
export function checkQuestionShape(body: unknown): QuestionRequest {
  return checkAgainst<QuestionRequest>('QuestionRequest', body, 'The question', schemaErrorMessage);
}
