import type { ErrorObject } from 'ajv';

/**
 * One 400 message from Ajv's first error, in the house style of the upload and parameter
 * validators: the JSON pointer of the offending field first (`/operations/0/actions/1/type must
 * be one of ...`, `/name is required`). A schema's `x-error` annotation, where present, says what
 * the value must be in words; `x-name` names an object that has no such property. What a body's
 * owner knows that the schema does not say comes in `words`: the names a discriminated union
 * takes (a rule action's types, aliases left out) and how to name an object without `x-name`.
 */
export interface SchemaWords {
  /** The values a discriminator property takes, for `.../type must be one of ...`. */
  discriminatorValues?: readonly string[];
  /** Names an object without `x-name` that refuses a property: `a SEND_EMAIL action has ...`. */
  unnamedObject?: (data: unknown, properties: string[]) => string;
}

export function schemaErrorMessage(
  error: ErrorObject,
  subject: string,
  words: SchemaWords = {},
): string {
  const at = error.instancePath;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const custom = customMessage(parent['x-error'], error.keyword);
  const params = error.params as Record<string, unknown>;
  const where = at === '' ? subject : at;

  switch (error.keyword) {
    case 'required':
      return `${at}/${pointerSegment(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${at}/${pointerSegment(params.additionalProperty)} is not allowed: ${owner(error, parent, words)}`;
    case 'discriminator': {
      // Ajv's `tag` error is a missing or non-string tag (a rule action's `type`), `mapping` an
      // unknown one.
      const tag = `${at}/${pointerSegment(params.tag)}`;
      if (params.error === 'mapping') return `${tag} ${choices(words)}`;
      return hasProperty(error.data, String(params.tag))
        ? `${tag} must be a string`
        : `${tag} is required`;
    }
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

/** An object with an `x-name` is named by it; others by the owner's words. */
function owner(error: ErrorObject, parent: Record<string, unknown>, words: SchemaWords): string {
  if (typeof parent['x-name'] === 'string') return `${parent['x-name']} has no such property`;
  const properties = Object.keys(parent.properties ?? {});
  if (words.unnamedObject !== undefined) return words.unnamedObject(error.data, properties);
  return `this object has no such property (it takes ${properties.join(', ')})`;
}

function choices(words: SchemaWords): string {
  if (words.discriminatorValues === undefined) return 'is none of the values it may take';
  return `must be one of ${words.discriminatorValues.join(', ')}`;
}

function allowed(values: unknown): string {
  // An enum's values are JSON scalars.
  return (values as Array<string | number | boolean | null>)
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
