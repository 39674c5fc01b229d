import type { ResolvedIntegration } from '../integrations/integration-api';
import type {
  OutboundActionHandler,
  OutboundActionInput,
  OutboundActionResult,
} from '../rules/evaluation/outbound-action';
import { ALERT_LEVELS, type AlertLevel } from '../rules/rule-types';
import { messageText, optionalText, requiredText } from './http-action-fields';
import { describeValue } from '../common/describe-value';
import { HttpDelivery, shownUrl, type HttpAnswer } from './http-delivery';
import type { OutboundDeps } from './outbound-deps';
import { outboundHandler } from './outbound-handler';
import { TransientError } from './retry';

/**
 * SEND_CHAT_MESSAGE (docs/guide/actions-and-integrations.md; decision 0026): the rendered `body`
 * as one Slack attachment coloured by the alert level, through the slack integration instance
 * `integrationInstanceId` names.
 *
 * - With a `webhookUrl` in the action, or an instance with a webhookUrl secret and no botToken:
 *   one POST of `{attachments}` to that incoming webhook, which posts to the channel it was made
 *   for (`channel` is added when the action names exactly one, for legacy webhooks that honour
 *   it). Messages and the record show the webhook's scheme and host only: its path is a token.
 * - Else `chat.postMessage` per channel with the instance's botToken (`Authorization: Bearer`),
 *   at `<config.apiBaseUrl or https://slack.com/api>/chat.postMessage`. Slack answers failures
 *   200 `{ok: false, error}`: a permanent failure, except `ratelimited` and Slack's own outages.
 *
 * The colour: `severity` when given (an alert level in any case, good, warning, danger, or a
 * #rgb/#rrggbb colour), else `alertLevel`: CRITICAL and HIGH danger (red), MEDIUM warning
 * (amber), LOW good (green), INFO or none grey #9E9E9E. The record gets `target` = the channels
 * (or the webhook's origin) and `result` = `{channels, ts: {<channel>: <message ts>}, attempts}`
 * (no `ts` through a webhook, which answers none).
 */
export function sendChatMessageHandler(deps: OutboundDeps): OutboundActionHandler {
  const delivery = new HttpDelivery({ config: deps.config, logger: deps.logger });
  return outboundHandler(TYPE, {
    plan: planChat,
    async deliver(plan, { accountId, action, secrets: paramSecrets }) {
      const resolved = await deps.integrations.resolve({
        accountId,
        integrationId: plan.integrationId,
        type: 'slack',
        action: TYPE,
      });
      const route = chatRoute(action, resolved, plan.integrationId);
      return route.kind === 'webhook'
        ? postToWebhook(delivery, plan, route, paramSecrets)
        : postToChannels(delivery, plan, route, paramSecrets);
    },
  });
}

/** The message a SEND_CHAT_MESSAGE posts, and the slack instance it goes through. */
export interface ChatPlan {
  channels: string[];
  integrationId: string;
  /** One Slack attachment: the text, coloured by the alert level. */
  attachments: Array<{ color: string; text: string; fallback: string; mrkdwn_in: string[] }>;
}

export function planChat({ action, context }: OutboundActionInput): ChatPlan {
  const channels = channelsOf(action.channels);
  const text = messageText(action.body);
  const color = colourOf(action.severity, context.alertLevel);
  const integrationId = requiredText(action, 'integrationInstanceId', TYPE);
  return {
    channels,
    integrationId,
    attachments: [{ color, text, fallback: text, mrkdwn_in: ['text'] }],
  };
}

/**
 * Where the message goes: the action's `webhookUrl`, else the instance's webhookUrl secret when it
 * has no botToken (an incoming webhook); else chat.postMessage with the botToken. Neither is an
 * error naming the instance.
 */
export type ChatRoute =
  | { kind: 'webhook'; hook: string; botToken: string | undefined }
  | { kind: 'api'; botToken: string; apiBaseUrl: string };

export function chatRoute(
  action: Record<string, unknown>,
  {
    instance,
    secrets,
  }: Pick<ResolvedIntegration, 'secrets'> & {
    instance: { config: Record<string, unknown> };
  },
  integrationId: string,
): ChatRoute {
  const botToken = secretText(secrets.botToken);
  const hook =
    optionalText(action, 'webhookUrl', TYPE) ??
    (botToken === undefined ? secretText(secrets.webhookUrl) : undefined);
  if (hook !== undefined) return { kind: 'webhook', hook, botToken };
  if (botToken === undefined) {
    throw new Error(
      `integration instance '${integrationId}' has neither a botToken nor a webhookUrl secret; ` +
        `${TYPE} needs one of them (or a webhookUrl in the action)`,
    );
  }
  const apiBaseUrl = secretText(instance.config.apiBaseUrl) ?? DEFAULT_API_BASE_URL;
  return { kind: 'api', botToken, apiBaseUrl };
}

/** One POST of the attachments to an incoming webhook; the record shows its origin only. */
async function postToWebhook(
  delivery: HttpDelivery,
  { channels, attachments }: ChatPlan,
  { hook, botToken }: Extract<ChatRoute, { kind: 'webhook' }>,
  paramSecrets: readonly string[],
): Promise<OutboundActionResult> {
  const url = webhookUrlOf(hook);
  const shown = shownUrl(url, { originOnly: true });
  const { attempts } = await delivery.send({
    action: TYPE,
    method: 'POST',
    url,
    shown,
    headers: {},
    json: channels.length === 1 ? { channel: channels[0], attachments } : { attachments },
    hide: [hook, ...(botToken === undefined ? [] : [botToken]), ...paramSecrets],
  });
  return { target: shown, result: { channels, attempts } };
}

/** chat.postMessage per channel; a failure after some posts says which were posted. */
async function postToChannels(
  delivery: HttpDelivery,
  { channels, attachments }: ChatPlan,
  { botToken, apiBaseUrl }: Extract<ChatRoute, { kind: 'api' }>,
  paramSecrets: readonly string[],
): Promise<OutboundActionResult> {
  const url = new URL(`${apiBaseUrl.replace(/\/+$/, '')}/chat.postMessage`);
  const ts: Record<string, string> = {};
  let attempts = 0;
  for (const channel of channels) {
    try {
      const sent = await delivery.send({
        action: TYPE,
        method: 'POST',
        url,
        shown: shownUrl(url),
        headers: {
          Authorization: `Bearer ${botToken}`,
          'Content-Type': 'application/json; charset=utf-8',
        },
        json: { channel, attachments },
        hide: [botToken, ...paramSecrets],
        accept: (answer) => void slackTs(answer, channel),
      });
      attempts += sent.attempts;
      ts[channel] = slackTs(sent.value, channel);
    } catch (err) {
      const posted = Object.keys(ts);
      if (posted.length === 0) throw err;
      throw new Error(`${(err as Error).message} (already posted to ${posted.join(', ')})`, {
        cause: err,
      });
    }
  }
  return { target: channels.join(', '), result: { channels, ts, attempts } };
}

const TYPE = 'SEND_CHAT_MESSAGE';
const DEFAULT_API_BASE_URL = 'https://slack.com/api';

/** Slack's `error` values worth another try: rate limits and Slack's own outages. */
const TRANSIENT_SLACK_ERRORS: ReadonlySet<string> = new Set([
  'ratelimited',
  'rate_limited',
  'internal_error',
  'fatal_error',
  'service_unavailable',
  'request_timeout',
]);

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
    const level = levelOf(text);
    if (level !== undefined) return LEVEL_COLOURS[level];
    if (NAMED_COLOURS.has(text.toLowerCase())) return text.toLowerCase();
    if (HEX_COLOUR.test(text)) return text;
    throw new Error(
      `${TYPE} needs severity to be an alert level (${ALERT_LEVELS.join(', ')}), good, warning, ` +
        `danger or a #rrggbb colour, not ${describeValue(severity)}`,
    );
  }
  return LEVEL_COLOURS[levelOf(alertLevel) ?? 'INFO'];
}

function levelOf(value: unknown): AlertLevel | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  return (ALERT_LEVELS as readonly string[]).includes(upper) ? (upper as AlertLevel) : undefined;
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

function secretText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The incoming webhook's URL; never quoted in the message: its path is its credential. */
function webhookUrlOf(hook: string): URL {
  try {
    return new URL(hook.trim());
  } catch {
    throw new Error(`${TYPE} needs webhookUrl to be an http or https URL`);
  }
}

/** `{ok: true, ts}` of chat.postMessage, or the failure it answered. */
export function slackTs(answer: HttpAnswer, channel: string): string {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null) {
    throw new Error(`Slack chat.postMessage to ${channel} answered ${answer.status} without JSON`);
  }
  const { ok, error, ts } = body as { ok?: unknown; error?: unknown; ts?: unknown };
  if (ok !== true) {
    const reason = typeof error === 'string' ? error : 'no reason given';
    const message = `Slack chat.postMessage to ${channel} failed: ${reason}`;
    throw TRANSIENT_SLACK_ERRORS.has(reason) ? new TransientError(message) : new Error(message);
  }
  return typeof ts === 'string' ? ts : '';
}
