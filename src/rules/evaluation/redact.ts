import { isRecord } from '../templates/result-items';

/** What a secret value becomes in evaluation records and errors. */
export const REDACTED = '[secret]';

/** Shorter secret values are not searched for: they would blank out ordinary text. */
const MIN_SECRET_LENGTH = 3;

/**
 * The texts to hide: the string and number values of the account's secret parameters (each
 * element of a list), as templates would render them.
 */
export function secretTexts(values: Iterable<unknown>): string[] {
  const out = new Set<string>();
  for (const value of values) {
    for (const v of Array.isArray(value) ? value : [value]) {
      // A boolean is no secret worth hiding in text: it would hide every 'true'.
      if (typeof v !== 'string' && typeof v !== 'number') continue;
      const text = String(v);
      if (text.length < MIN_SECRET_LENGTH) continue;
      out.add(text);
      // As it appears inside JSON text (an error message quoting a value).
      out.add(JSON.stringify(text).slice(1, -1));
    }
  }
  // Longest first, so that a secret containing another is hidden whole.
  return [...out].sort((a, b) => b.length - a.length);
}

/**
 * A copy of `value` with every occurrence of a secret text in its strings replaced, and every
 * number that is a secret replaced whole.
 */
export function redact<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return walk(value, secrets) as T;
}

function walk(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') {
    return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  }
  if (typeof value === 'number' && secrets.includes(String(value))) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => walk(v, secrets));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, secrets)]));
  }
  return value;
}
