import { isSecret, SECRET_TEXT, touchSecret } from './secret-value';

/**
 * How a value reads inside text: a template with text around its expressions, or several
 * expressions, is a string (docs/guide/rules.md, "Templates"), and `join` uses the same rules for
 * its elements.
 * - a string is itself; a number or boolean is `String(value)` (`3`, `true`);
 * - `undefined` and `null` are empty text, so a missing value leaves a gap rather than the word
 *   `undefined` (which JupiterOne's service printed into such text);
 * - an array is its elements as text, separated by commas, as `join()` gives;
 * - an object is its JSON;
 * - a secret parameter (secret-value.ts) is `[secret]`;
 * - anything else (a function reached through a prototype) is empty text.
 */
export function toText(value: unknown): string {
  if (isSecret(value)) {
    touchSecret();
    return SECRET_TEXT;
  }
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
