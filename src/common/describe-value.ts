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
