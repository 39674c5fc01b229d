import { describeValue } from '../common/describe-value';
/**
 * The rendered fields PUBLISH_TOPIC_MESSAGE and SEND_QUEUE_MESSAGE read, and the message they send:
 * `data` stringified as the JSON text of an object with the single key `data`, as JupiterOne sends
 * it (docs/guide/actions-and-integrations.md, "PUBLISH_TOPIC_MESSAGE and SEND_QUEUE_MESSAGE").
 */
export function requiredText(action: Record<string, unknown>, field: string, type: string): string {
  const value = action[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${type} needs ${field} to be non-empty text, not ${describeValue(value)}`);
  }
  return value;
}

/** `{"data":<data>}`; data that JSON cannot carry (a template rendering to nothing) is refused. */
export function dataMessage(action: Record<string, unknown>, type: string): string {
  const { data } = action;
  if (data === undefined || (typeof data === 'number' && !Number.isFinite(data))) {
    throw new Error(`${type} needs data to render to a JSON value, not ${describeValue(data)}`);
  }
  return JSON.stringify({ data });
}
