/**
 * How a value reads inside text: a template with text around its expressions, or several
 * expressions, is a string (docs/guide/rules.md, "Templates"), and `join` uses the same rules for
 * its elements.
 * - a string is itself; a number or boolean is `String(value)` (`3`, `true`);
 * - `undefined` and `null` are empty text, so a missing value leaves a gap rather than the word
 *   `undefined` (which JupiterOne's service printed into such text);
 * - an array is its elements as text, separated by commas, as `join()` gives;
 * - an object is its JSON;
 * - anything else (a function reached through a prototype) is empty text.
 */
export function toText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      if (value === null) return '';
      if (Array.isArray(value)) return value.map(toText).join(',');
      return JSON.stringify(value);
    default:
      return '';
  }
}

/**
 * How a rendered value is quoted in an error message: its JSON, cut after `max` characters, except
 * what JSON cannot say (`undefined`, `NaN`, `Infinity`), which is written as JavaScript writes it.
 */
export function describeValue(value: unknown, max = 100): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return String(value);
  return json.length > max ? `${json.slice(0, max)}...` : json;
}
