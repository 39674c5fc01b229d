import { ValidationError } from '../errors/app-error';
import type { components } from '../generated/openapi';
import type { ParameterValue } from './parameter-api';

/**
 * The rules of account parameters and their 400 messages. A name is an identifier, so that
 * `${param.<name>}` (J1QL) and `param.<name>` (rule templates) reach it without quoting; a value is
 * what Neo4j stores natively as one property: a boolean, string or finite number, or a list of
 * only booleans, only strings or only numbers (possibly empty). Messages never quote a value:
 * it may be a secret.
 */
export const PARAMETER_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
export const MAX_NAME_LENGTH = 128;
/** Characters of a string value, alone or in a list. */
export const MAX_STRING_LENGTH = 10_000;
/** Items of a list value. */
export const MAX_LIST_LENGTH = 1_000;

export const PARAMETER_VALID_TYPES_TEXT =
  'Valid types are boolean, string, number, or a list of only booleans, only strings or only numbers.';

/** A checked PUT body (openapi.yaml's PutParameterRequest): `secret` defaulted, `value` narrowed. */
export type ParameterInput = Required<
  Omit<components['schemas']['PutParameterRequest'], 'value'>
> & {
  value: ParameterValue;
};

function fail(message: string): never {
  throw new ValidationError(message);
}

export function validateName(name: string): string {
  if (!PARAMETER_NAME_PATTERN.test(name)) {
    fail(
      `Invalid parameter name '${name}': a name is 1 to ${MAX_NAME_LENGTH} letters, digits and ` +
        `'_', not starting with a digit (it is referenced as param.<name>)`,
    );
  }
  return name;
}

/** The body of `PUT /parameters/{name}`: `{ "value": ..., "secret"?: boolean }`. */
export function validatePutBody(body: unknown): ParameterInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail('The body must be an object: { "value": ..., "secret"?: boolean }');
  }
  const fields = body as Record<string, unknown>;
  for (const field of Object.keys(fields)) {
    if (field !== 'value' && field !== 'secret') {
      fail(`/${field} is not allowed: the body holds only /value and /secret`);
    }
  }
  if (!Object.hasOwn(fields, 'value')) fail('/value is required');
  const secret = fields.secret === undefined ? false : fields.secret;
  if (typeof secret !== 'boolean') fail('/secret must be a boolean');
  return { value: validateValue(fields.value), secret };
}

export function validateValue(value: unknown): ParameterValue {
  if (!Array.isArray(value)) {
    checkScalar(value, '/value');
    return value as ParameterValue;
  }
  if (value.length > MAX_LIST_LENGTH) fail(`/value has more than ${MAX_LIST_LENGTH} items`);
  value.forEach((item: unknown, i) => {
    const at = `/value/${i}`;
    if (item === null || typeof item === 'object') {
      fail(`${at} has invalid type: list items must be booleans, strings or numbers`);
    }
    checkScalar(item, at);
    const first: unknown = value[0];
    if (typeof item !== typeof first) {
      fail(
        `${at} is a ${typeof item} but /value/0 is a ${typeof first}: a list holds only ` +
          'booleans, only strings or only numbers',
      );
    }
  });
  return value as ParameterValue;
}

function checkScalar(value: unknown, at: string): void {
  switch (typeof value) {
    case 'boolean':
      return;
    case 'string':
      if (value.length > MAX_STRING_LENGTH) {
        fail(`${at} is longer than ${MAX_STRING_LENGTH} characters`);
      }
      return;
    case 'number':
      // JSON has no NaN or Infinity, but a literal such as 1e400 parses to Infinity.
      if (!Number.isFinite(value)) fail(`${at} must be a finite number`);
      return;
    default:
      if (value === null) fail(`${at} must not be null. ${PARAMETER_VALID_TYPES_TEXT}`);
      if (typeof value === 'object') {
        fail(
          `${at} has invalid type: objects cannot be stored in a parameter. ${PARAMETER_VALID_TYPES_TEXT}`,
        );
      }
      fail(`${at} has invalid type. ${PARAMETER_VALID_TYPES_TEXT}`);
  }
}
