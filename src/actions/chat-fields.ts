import { describeValue } from '../common/describe-value';
import { alertLevelOf } from '../notifications/levels';
import { ALERT_LEVELS, type AlertLevel } from '../rules/rule-types';

/**
 * SEND_CHAT_MESSAGE's rendered fields checked (send-chat-message.ts): the channels, the colour
 * (`severity`, else `alertLevel`) and the message `format`.
 */
const TYPE = 'SEND_CHAT_MESSAGE';

export const CHAT_FORMATS = ['slack', 'text'] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];

/** `slack` or `text` in any case; undefined when absent or empty (chosen by the route). */
export function formatOf(value: unknown): ChatFormat | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if ((CHAT_FORMATS as readonly string[]).includes(text)) return text as ChatFormat;
  throw new Error(`${TYPE} needs format to be slack or text, not ${describeValue(value)}`);
}

export const LEVEL_COLOURS: Readonly<Record<AlertLevel, string>> = {
  CRITICAL: 'danger',
  HIGH: 'danger',
  MEDIUM: 'warning',
  LOW: 'good',
  INFO: '#9E9E9E',
};

const NAMED_COLOURS: ReadonlySet<string> = new Set(['good', 'warning', 'danger']);
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The attachment colour: `severity` when given, else the alert level's (INFO when unset). */
export function colourOf(severity: unknown, alertLevel: unknown): string {
  if (severity !== undefined && severity !== null && severity !== '') {
    const text = typeof severity === 'string' ? severity.trim() : '';
    const level = alertLevelOf(text);
    if (level !== undefined) return LEVEL_COLOURS[level];
    if (NAMED_COLOURS.has(text.toLowerCase())) return text.toLowerCase();
    if (HEX_COLOUR.test(text)) return text;
    throw new Error(
      `${TYPE} needs severity to be an alert level (${ALERT_LEVELS.join(', ')}), good, warning, ` +
        `danger or a #rrggbb colour, not ${describeValue(severity)}`,
    );
  }
  return LEVEL_COLOURS[alertLevelOf(alertLevel) ?? 'INFO'];
}

/** `#a` or `['#a', '#b']` as rendered -> the channels, each starting with `#`. */
export function channelsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  if (list.length === 0 || !list.every((c) => typeof c === 'string' && /^#\S/.test(c.trim()))) {
    throw new Error(
      `${TYPE} needs channels to be a channel name starting with '#' or a list of them, not ${describeValue(value)}`,
    );
  }
  return [...new Set((list as string[]).map((c) => c.trim()))];
}
