/**
 * The edit form's text for a value and back. A string is shown as it is; anything else as JSON,
 * so `true` or `[22, 443]` keep their types. Text that reads as JSON (but not an object) is
 * that value, other text a string.
 */
export function editText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function parseEdit(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return parsed;
  } catch {
    // Not JSON: the text is a string.
  }
  return text;
}

export interface EditRow {
  name: string;
  text: string;
  remove: boolean;
}

/**
 * The PATCH body's `properties`: rows whose text changed, removed ones as null, the new one if
 * named. Unchanged rows are left out, so a string that reads as JSON keeps its type.
 */
export function patchOf(
  current: Record<string, unknown>,
  rows: EditRow[],
  added: { name: string; text: string },
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const row of rows) {
    if (row.remove) patch[row.name] = null;
    else if (row.text !== editText(current[row.name])) patch[row.name] = parseEdit(row.text);
  }
  const name = added.name.trim();
  if (name !== '') patch[name] = parseEdit(added.text);
  return patch;
}
