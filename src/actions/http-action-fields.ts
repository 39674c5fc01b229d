import { describeValue } from '../common/describe-value';
/**
 * The rendered fields SEND_CHAT_MESSAGE, CREATE_TRACKER_TICKET and WEBHOOK read: a template may
 * render to anything, so each is checked here with a message naming the action and the field.
 */
export function requiredText(action: Record<string, unknown>, field: string, type: string): string {
  const value = action[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${type} needs ${field} to be non-empty text, not ${describeValue(value)}`);
  }
  return value;
}

/** Text, or undefined when absent, null or empty (a template rendering to nothing). */
export function optionalText(
  action: Record<string, unknown>,
  field: string,
  type: string,
): string | undefined {
  const value = action[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') {
    throw new Error(`${type} needs ${field} to be text, not ${describeValue(value)}`);
  }
  return value;
}

/** A message body: text as is, a number or boolean as text, anything else as indented JSON. */
export function messageText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

/** An object of string values (headers), each number or boolean turned into text. */
export function stringRecord(
  value: unknown,
  field: string,
  type: string,
): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${type} needs ${field} to be an object, not ${describeValue(value)}`);
  }
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      out[name] = String(v);
    } else {
      throw new Error(`${type} needs ${field}.${name} to be text, not ${describeValue(v)}`);
    }
  }
  return out;
}
