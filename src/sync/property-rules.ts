import { ValidationError } from '../errors/app-error';
import type { PropertyValue } from './job-types';

/**
 * What the upload validators share: an uploaded object with JupiterOne's JSON-pointer wording for
 * its errors, the checks on system fields, and the rules for custom property names and values.
 */

/**
 * JupiterOne's `_key` limit (7000), applied to every identifying string field and counted in UTF-8
 * bytes: keys are indexed, and Neo4j refuses index entries over ~8 KB, so 7000 characters of
 * non-ASCII text would fail at write time. For ASCII keys bytes and characters are the same.
 */
export const MAX_KEY_LENGTH = 7000;

/** JupiterOne's limit on an entity's `_class` array. */
export const MAX_CLASSES = 5;

/** JupiterOne's wording of the value types an entity property may hold. */
export const ENTITY_VALID_TYPES_TEXT =
  'Valid types are string, number, boolean, null, or an array of only strings, only numbers or only booleans.';

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

  /** A system field that, when given, must be a string of at most MAX_KEY_LENGTH bytes. */
  keyString(field: string): string | undefined {
    if (!this.has(field)) return undefined;
    const value = this.raw[field];
    if (typeof value !== 'string') fail(`${this.pointer(field)} must be a string`);
    if (value.length > MAX_KEY_LENGTH || Buffer.byteLength(value, 'utf8') > MAX_KEY_LENGTH) {
      fail(`${this.pointer(field)}: maximum length exceeded`);
    }
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
    if (rules.isValidValue(value)) kept.push([name, value]);
    else if (!rules.dropIllegal) {
      fail(`${object.labelled(name)} has invalid type. ${rules.validTypesText}`);
    }
  }
  // fromEntries defines own properties, so no name can reach the prototype.
  return Object.fromEntries(kept);
}
