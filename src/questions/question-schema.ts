import { checkBody, compileBodySchema } from '../rules/rule-schema';
import { QUESTION_JSON_SCHEMA } from './question-json-schema';
import {
  type QuestionDefinition,
  type QuestionInput,
  normaliseQuestion,
} from './question-normalize';

/** Compiled once when this module loads, with the rule schema's options and messages. */
const questionSchema = compileBodySchema(QUESTION_JSON_SCHEMA);

/**
 * A question body (POST /questions, PUT /questions/{id}, a GET answer sent back) -> its
 * normalised definition. Throws ValidationError (400 VALIDATION_ERROR) whose message starts with
 * the JSON pointer of the first offending field. Repeated query names are allowed, as in rules.
 */
export function validateQuestion(body: unknown): QuestionDefinition {
  const input = checkBody<QuestionInput>(questionSchema, body, 'The question');
  // The definition shares no objects with the caller's body.
  return structuredClone(normaliseQuestion(input));
}
