import { ValidationError } from '../errors/app-error';
import type { PropertyValue } from './property-value';

/**
 * What the upload validators share: an uploaded object with JupiterOne's JSON-pointer wording for
 * its errors, the checks on system fields, and the rules for custom property names and values.
 */

/**
 * JupiterOne's `_key` limit, 7000 characters (Unicode code points), applied to every identifying
 * string field.
 */
export const MAX_KEY_LENGTH = 7000;

/**
 * What the graph can store of a `_type`: types are indexed as they are (with the account), and
 * Neo4j refuses index entries over ~8 KB, so a type's UTF-8 form may be at most 7000 bytes. Keys
 * have no such limit: they are indexed by a fixed-size digest (decision 0035), so 7000 characters
 * of any script are taken.
 */
export const MAX_TYPE_BYTES = 7000;

/**
 * `maximum length exceeded` (JupiterOne's message) for a key or another identifying string over
 * 7000 characters (code points), or undefined.
 */
export function keyLengthProblem(value: string): string | undefined {
  // Each code point is one or two UTF-16 units: past twice the limit there is no need to count.
  if (value.length > 2 * MAX_KEY_LENGTH || codePoints(value) > MAX_KEY_LENGTH) {
    return 'maximum length exceeded';
  }
  return undefined;
}

/** keyLengthProblem, and for a `_type` a message naming the index limit past 7000 bytes. */
export function typeLengthProblem(value: string): string | undefined {
  const problem = keyLengthProblem(value);
  if (problem !== undefined) return problem;
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > MAX_TYPE_BYTES) {
    return `too large to store: ${bytes} bytes of UTF-8, and the graph's type index holds at most ${MAX_TYPE_BYTES}`;
  }
  return undefined;
}

function codePoints(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** JupiterOne's limit on an entity's `_class` array. */
export const MAX_CLASSES = 5;

/** JupiterOne's wording of the value types an entity property may hold. */
export const ENTITY_VALID_TYPES_TEXT =
  'Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.';

/**
 * What a class must look like: entity classes become Neo4j labels and relationship classes become
 * relationship types, which an analyst types in Cypher without backticks (`MATCH (h:Host)`).
 */
const CLASS_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** How much of an offending class an error message quotes. */
const QUOTED_CLASS_LENGTH = 100;

/**
 * `has invalid class '<class>': <rule>` for the first class that cannot be a Neo4j label (or, for a
 * relationship, a relationship type), or undefined when all can.
 */
export function invalidClassProblem(
  classes: readonly string[],
  becomes: 'label' | 'relationship type',
): string | undefined {
  const bad = classes.find((c) => !CLASS_NAME.test(c));
  if (bad === undefined) return undefined;
  const quoted = bad.length > QUOTED_CLASS_LENGTH ? `${bad.slice(0, QUOTED_CLASS_LENGTH)}...` : bad;
  const what =
    becomes === 'label'
      ? 'a class becomes a Neo4j label'
      : 'a relationship class becomes a Neo4j relationship type';
  return `has invalid class '${quoted}': ${what}, so it may hold only ASCII letters, digits and underscores and must not start with a digit`;
}

/** Entity properties the spec types as strings (null clears or is dropped, as for any property). */
export const STRING_ENTITY_PROPERTIES: ReadonlySet<string> = new Set(['displayName', 'owner']);

export function fail(message: string): never {
  throw new ValidationError(message);
}

/** A JSON pointer (RFC 6901) from its segments: `~` and `/` inside a segment are escaped. */
export function jsonPointer(...segments: Array<string | number>): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/**
 * Why Neo4j would refuse a custom property name (the write would fail at finalize), or undefined.
 * The `_` prefix is a separate rule: reserved, not impossible.
 */
export function unstorableNameReason(name: string): string | undefined {
  return name === '' || name.includes('\u0000')
    ? 'it must not be empty or hold a NUL character'
    : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One object of an upload's `entities` or `relationships` array, and where it sits there. */
export class UploadedObject {
  readonly kind: 'entity' | 'relationship';
  readonly index: number;
  readonly raw: Record<string, unknown>;
  /** The `_key` as sent, if it is a string; JupiterOne prints a missing one as `undefined`. */
  readonly key: string | undefined;

  constructor(at: {
    kind: 'entity' | 'relationship';
    index: number;
    raw: Record<string, unknown>;
  }) {
    this.kind = at.kind;
    this.index = at.index;
    this.raw = at.raw;
    this.key = this.has('_key') && typeof at.raw._key === 'string' ? at.raw._key : undefined;
  }

  /** `/entities/N` or `/entities/N/<field>`. */
  pointer(field?: string): string {
    const base = `/${this.kind === 'entity' ? 'entities' : 'relationships'}/${this.index}`;
    return field === undefined ? base : `${base}/${field}`;
  }

  /** `/entities/N/<field> (entity key: 'K')`, or without the field. */
  labelled(field?: string): string {
    return `${this.pointer(field)} (${this.kind} key: '${this.key ?? 'undefined'}')`;
  }

  /** Null and the empty string count as "not given" for system fields. */
  has(field: string): boolean {
    const value = this.raw[field];
    return value !== undefined && value !== null && value !== '';
  }

  require(...fields: string[]): void {
    for (const field of fields) {
      if (!this.has(field)) fail(`${this.pointer(field)} is required`);
    }
  }

  /** A system field that, when given, must be a string within the key limits. */
  keyString(field: string): string | undefined {
    if (!this.has(field)) return undefined;
    const value = this.raw[field];
    if (typeof value !== 'string') fail(`${this.pointer(field)} must be a string`);
    const problem = field === '_type' ? typeLengthProblem(value) : keyLengthProblem(value);
    if (problem !== undefined) fail(`${this.pointer(field)}: ${problem}`);
    return value;
  }
}

/** Entities: scalars, or an array holding only strings, only numbers or only booleans. */
export function isEntityPropertyValue(value: unknown): value is PropertyValue {
  if (isScalar(value)) return true;
  if (!Array.isArray(value)) return false;
  const first: unknown = value[0];
  if (first === undefined) return true;
  const kind = typeof first;
  if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') return false;
  return value.every((item) => typeof item === kind && isScalar(item));
}

/** Relationships: scalars only. */
export function isRelationshipPropertyValue(value: unknown): value is PropertyValue {
  return isScalar(value);
}

function isScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

export interface CustomPropertyRules {
  /** System fields of this object: checked by the caller, never custom properties. */
  systemNames: ReadonlySet<string>;
  isValidValue: (value: unknown) => value is PropertyValue;
  /** JupiterOne's message after `<pointer> (kind key: 'K') has invalid type.`. */
  validTypesText: string;
  /** Properties whose value must be a string or null (an entity's `displayName`, `owner`). */
  stringOnly?: ReadonlySet<string>;
  /** `?ignoreIllegalProperties=true`: drop what breaks a rule here instead of failing. */
  dropIllegal: boolean;
}

/**
 * Every property that is not a system field, checked for its name (no `_` prefix, which is
 * reserved) and then for its value. The first offender fails the upload unless illegal properties
 * are dropped.
 */
export function customProperties(
  object: UploadedObject,
  rules: CustomPropertyRules,
): Record<string, PropertyValue> {
  const named = Object.entries(object.raw).filter(([name]) => {
    if (rules.systemNames.has(name)) return false;
    const unstorable = unstorableNameReason(name);
    if (!name.startsWith('_') && unstorable === undefined) return true;
    if (!rules.dropIllegal) {
      fail(
        `${object.labelled()} has invalid property name '${name}'${unstorable === undefined ? '' : `: ${unstorable}`}`,
      );
    }
    return false;
  });
  const kept: Array<[string, PropertyValue]> = [];
  for (const [name, value] of named) {
    const stringOnly = rules.stringOnly?.has(name) === true;
    const valid = stringOnly
      ? value === null || typeof value === 'string'
      : rules.isValidValue(value);
    if (valid) kept.push([name, value as PropertyValue]);
    else if (!rules.dropIllegal) {
      const types = stringOnly ? 'Valid types are string or null.' : rules.validTypesText;
      fail(`${object.labelled(name)} has invalid type. ${types}`);
    }
  }
  // fromEntries defines own properties, so no name can reach the prototype.
  return Object.fromEntries(kept);
}
