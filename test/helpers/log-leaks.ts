/**
 * The search of log-capture.ts, without its file: which secrets, registered by value or known by
 * shape (API keys, unredacted signatures), occur in the log lines. Each leak names what was found
 * and the first line holding it, the secret itself replaced by `<secret>`.
 */
export const SECRET_SHAPES: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /gsk_[A-Za-z0-9_-]{43}/, what: 'an API key' },
  { pattern: /signature=(?!\[redacted\])[^&\s"]+/, what: 'a signed URL signature' },
];

export function findLeaks(
  lines: readonly string[],
  secrets: ReadonlyMap<string, string>,
): string[] {
  const leaks: string[] = [];
  for (const [value, what] of secrets) {
    const line = lines.find((l) => l.includes(value));
    if (line !== undefined) leaks.push(`${what}: ${line.split(value).join('<secret>')}`);
  }
  for (const { pattern, what } of SECRET_SHAPES) {
    const line = lines.find((l) => pattern.test(l));
    if (line !== undefined) leaks.push(`${what}: ${line.replace(pattern, '<secret>')}`);
  }
  return leaks;
}
