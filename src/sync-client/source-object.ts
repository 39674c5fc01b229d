/**
 * One object read from an input file, with where it came from, so that an error about it (from
 * the local check or from the API) can name the file, the line or position, and its `_key`.
 */
export type ObjectKind = 'entity' | 'relationship';

export interface SourceObject {
  kind: ObjectKind;
  object: Record<string, unknown>;
  /** Where it is in its file: `line 3` (JSON lines, CSV) or `entities[12]` (JSON, YAML). */
  where: string;
  file: string;
}

/** What tells a relationship from an entity where the input does not say (JSON lines, CSV, plain arrays). */
export const RELATIONSHIP_MARKERS = [
  '_fromEntityKey',
  '_fromEntityId',
  '_toEntityKey',
  '_toEntityId',
  '_mapping',
] as const;

/**
 * A relationship when any of `_fromEntityKey`, `_fromEntityId`, `_toEntityKey`, `_toEntityId` or
 * `_mapping` has a value (not null), an entity otherwise: the API's rule for CSV rows, with
 * `_mapping` added because a mapped relationship names no ends.
 */
export function kindOf(object: Record<string, unknown>): ObjectKind {
  return RELATIONSHIP_MARKERS.some((name) => object[name] !== undefined && object[name] !== null)
    ? 'relationship'
    : 'entity';
}

/** `file line 3 (entity _key 'web-1')`: how an error names an object. */
export function describeObject(source: SourceObject): string {
  const key = source.object._key;
  const named = typeof key === 'string' ? ` (${source.kind} _key '${key}')` : ` (${source.kind})`;
  return `${source.file} ${source.where}${named}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A problem with the input itself (it does not parse, or has the wrong shape): exit code 3. */
export class InputError extends Error {
  override readonly name = 'InputError';
}
