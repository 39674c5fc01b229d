import type { ErrorObject } from 'ajv';
import { ACTION_TYPES, type JsonPrimitive } from './rule-types';

/**
 * One 400 message from Ajv's first error, in the house style of the upload and parameter
 * validators: the JSON pointer of the offending field first (`/operations/0/actions/1/type must
 * be one of ...`, `/name is required`). A schema's `x-error` annotation, where present, says what
 * the value must be in words; `x-name` names an object that has no such property.
 */
export function schemaErrorMessage(error: ErrorObject, subject: string): string {
  const at = error.instancePath;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const custom = customMessage(parent['x-error'], error.keyword);
  const params = error.params as Record<string, unknown>;
  const where = at === '' ? subject : at;

  switch (error.keyword) {
    case 'required':
      return `${at}/${pointerSegment(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${at}/${pointerSegment(params.additionalProperty)} is not allowed: ${owner(error, parent)}`;
    case 'discriminator':
      // An action's `type`: Ajv's `tag` error is a missing or non-string one, `mapping` an unknown.
      if (params.error === 'mapping') return `${at}/type must be one of ${ACTION_TYPES.join(', ')}`;
      return hasProperty(error.data, 'type')
        ? `${at}/type must be a string`
        : `${at}/type is required`;
    case 'minItems':
      if (params.limit === 1) return `${where} must not be empty`;
      return `${where} ${custom ?? `must have at least ${String(params.limit)} items`}`;
    case 'maxItems':
      return `${where} ${custom ?? `must have at most ${String(params.limit)} items`}`;
    case 'minLength':
      if (params.limit === 1) return `${where} must not be empty`;
      return `${where} must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `${where} must be at most ${String(params.limit)} characters long`;
    case 'enum':
      return `${where} ${custom ?? `must be one of ${allowed(params.allowedValues)}`}`;
    case 'type':
      return `${where} ${custom ?? `must be ${typeWords(params.type)}`}`;
    case 'oneOf':
      return `${where} ${custom ?? 'is none of the forms it may take'}`;
    case 'pattern':
    case 'const':
      return `${where} ${custom ?? String(error.message)}`;
    default:
      return `${where} ${String(error.message)}`;
  }
}

/** `x-error` is one predicate for every keyword, or one per keyword: `{ pattern: '...' }`. */
function customMessage(annotation: unknown, keyword: string): string | undefined {
  if (typeof annotation === 'string') return annotation;
  if (typeof annotation !== 'object' || annotation === null) return undefined;
  const perKeyword = (annotation as Record<string, unknown>)[keyword];
  return typeof perKeyword === 'string' ? perKeyword : undefined;
}

/** An action names its type; other objects carry an `x-name`. */
function owner(error: ErrorObject, parent: Record<string, unknown>): string {
  if (typeof parent['x-name'] === 'string') return `${parent['x-name']} has no such property`;
  const data = error.data as Record<string, unknown> | undefined;
  const properties = Object.keys(parent.properties ?? {});
  const type = typeof data?.type === 'string' ? data.type : 'this';
  return `a ${type} action has no such property (it takes ${properties.join(', ')})`;
}

function allowed(values: unknown): string {
  return (values as JsonPrimitive[])
    .filter((value) => value !== null)
    .map((value) => String(value))
    .join(', ');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function typeWords(types: unknown): string {
  const names = String(types)
    .split(',')
    .filter((name) => name !== 'null');
  return names.map((name) => TYPE_WORDS[name] ?? name).join(' or ');
}

function hasProperty(data: unknown, name: string): boolean {
  return typeof data === 'object' && data !== null && Object.hasOwn(data, name);
}

/** RFC 6901: `~` and `/` inside a segment are escaped. */
function pointerSegment(segment: unknown): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}
