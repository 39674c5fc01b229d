import { asList, readProperty } from './result-items';
import { toText } from './template-text';

/**
 * The template transforms (docs/guide/rules.md, "Templates") except `mapTemplate` (which renders
 * rule templates: see render.ts), as plain functions of the piped value and the arguments. Each
 * takes its input through asList, so `undefined` (a missing path) is an empty list and a single
 * value a list of one. A wrong argument throws; the engine reports it as a TemplateError naming the
 * expression.
 */

/**
 * `mapProperty(...names)`: each element's named property (readProperty: an entity-shaped
 * element's `properties`, then `entity`; a row's key). One name gives the values; several give
 * an object per element keyed by the names as written, ready for `mapTemplate`
 * (`{{item.firstName}}`). A missing property is `undefined` and an array-valued one (`tags`,
 * `_type`) stays one array, so there is exactly one value per element and positions stay
 * aligned; `uniquePropertyValues` is the transform that flattens.
 */
export function mapProperty(input: unknown, ...names: unknown[]): unknown[] {
  const keys = names.map((name) => propertyName('mapProperty', name));
  const [only] = keys;
  if (only === undefined) throw new Error('mapProperty needs at least one property name');
  if (keys.length === 1) return asList(input).map((element) => readProperty(element, only));
  return asList(input).map((element) =>
    Object.fromEntries(keys.map((key) => [key, readProperty(element, key)])),
  );
}

/**
 * `merge(...arrays)`: the input's elements then each argument's, in order, duplicates kept. Only
 * the input and the arguments are opened (a single value counts as a list of one); an element that
 * is itself an array (a `mapProperty` of an array-valued property) stays one element.
 */
export function merge(input: unknown, ...arrays: unknown[]): unknown[] {
  return [input, ...arrays].flatMap(asList);
}

/**
 * `join(separator = ',')`: the elements as text (toText: `undefined`/`null` empty, objects as
 * JSON) between separators. The separator is read as text too.
 */
export function join(input: unknown, separator?: unknown): string {
  return asList(input)
    .map(toText)
    .join(separator === undefined ? ',' : toText(separator));
}

/**
 * `uniquePropertyValues(name)`: the distinct values of the property over the elements, read like
 * mapProperty, in order of first appearance. An array-valued property (`tags`, `_type`) adds each
 * of its items, so tags `[a, b]` and `[b, c]` give `[a, b, c]` and `'t' in (rows |
 * uniquePropertyValues('_type'))` asks whether any row has the type `t`; only that one level is
 * opened. Elements without the property, and `undefined` or `null` items, add nothing. Objects
 * (and arrays inside arrays) are equal when their JSON is.
 */
export function uniquePropertyValues(input: unknown, name: unknown): unknown[] {
  const key = propertyName('uniquePropertyValues', name);
  const seen = new Set<unknown>();
  const seenJson = new Set<string>();
  const out: unknown[] = [];
  for (const value of asList(input).flatMap((element) => asList(readProperty(element, key)))) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') {
      const json = JSON.stringify(value);
      if (seenJson.has(json)) continue;
      seenJson.add(json);
    } else {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    out.push(value);
  }
  return out;
}

/** `length`: characters of a string, else the number of elements (asList: undefined is 0). */
export function length(input: unknown): number {
  return typeof input === 'string' ? input.length : asList(input).length;
}

function propertyName(transform: string, name: unknown): string {
  if (typeof name !== 'string') {
    throw new Error(`${transform} takes property names as strings, not ${describeType(name)}`);
  }
  return name;
}

/** How an argument's type is named in errors. */
export function describeType(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
