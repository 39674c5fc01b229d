/**
 * Query result elements as the transforms read them (docs/guide/j1ql.md, "Running a query"). A list
 * result's element is entity-shaped, `{ id, entity, properties }`: `entity` holds the `_` metadata
 * and `displayName`, `properties` everything else under flat (dotted) names. A table row is a flat
 * object keyed by column name.
 */

import { isSecret, touchSecret } from './secret-value';

type Row = Record<string, unknown>;

/** A plain (non-array) object. */
export function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An element shaped like a list result: `entity` and `properties` are both objects. */
export function isEntityShaped(value: unknown): value is Row & { entity: Row; properties: Row } {
  return isRecord(value) && isRecord(value.entity) && isRecord(value.properties);
}

/**
 * The elements a transform works on: an array as it is, `undefined` or `null` as no elements,
 * any other value as a list of that one value.
 */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  // A transform of a secret (its length, its characters...) is a value read from the secret.
  if (isSecret(value)) touchSecret();
  return value === undefined || value === null ? [] : [value];
}

/**
 * A named property of an element. Entity-shaped: its `properties`, then its `entity`, then the
 * element itself (`id`, `entity`, `properties`). A plain row: the row's own key. Anything else
 * (a string, a number): undefined. Only own keys count, so `constructor` is never found.
 */
export function readProperty(element: unknown, name: string): unknown {
  if (!isRecord(element)) return undefined;
  const sources = isEntityShaped(element)
    ? [element.properties, element.entity, element]
    : [element];
  const source = sources.find((s) => Object.hasOwn(s, name));
  return source === undefined ? undefined : source[name];
}

/**
 * An element as `item` in a `mapTemplate` template: an entity-shaped element gets its
 * `properties` and `entity` keys at the top level, with the same precedence as readProperty
 * (properties over entity over the element's own `id`, `entity`, `properties`), so
 * `item.displayName`, `item._type`, `item.encrypted` and `item.entity.displayName` all read.
 * Any other element is returned unchanged.
 */
export function flattenItem(element: unknown): unknown {
  if (!isEntityShaped(element)) return element;
  return { ...element, ...element.entity, ...element.properties };
}
