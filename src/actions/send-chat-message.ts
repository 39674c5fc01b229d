import type { ResolvedIntegration } from '../integrations/integration-api';
import type {
  OutboundActionHandler,
  OutboundActionInput,
  OutboundActionResult,
} from '../rules/evaluation/outbound-action';
import { messageText, optionalText, requiredText } from './http-action-fields';
import { channelsOf, type ChatFormat, colourOf, formatOf } from './chat-fields';
import { HttpDelivery, shownUrl, type HttpAnswer } from './http-delivery';
import type { MessageDeps } from './outbound-deps';
import { outboundHandler } from './outbound-handler';
import { TransientError } from './retry';
import { liveAlertView } from '../notifications/alert-view';
import { chatText, type ChatText } from '../notifications/chat-text';
import { type Links, linksOf } from '../notifications/links';
import { escapeMrkdwn, slackMessage, type SlackMessage } from '../notifications/slack-blocks';
import type { AlertView } from '../notifications/views';

/**
 * SEND_CHAT_MESSAGE (docs/guide/actions-and-integrations.md; decision 0026, issue 28): the alert's
 * view (the rendered `body`, the level, the entities, links to the alert and the rule) as a Slack
 * Block Kit message coloured by the alert level (slack-blocks.ts), or as plain `{text}`
 * (chat-text.ts) for other chat webhooks, through the slack integration instance
 * `integrationInstanceId` names. `format` chooses (`slack` or `text`); without it, Slack for
 * chat.postMessage and for webhooks on hooks.slack.com, text for any other webhook. Names and
 * the body are escaped in whatever Slack reads (slack-blocks.ts), so no name mentions or links.
 *
 * - With a `webhookUrl` in the action, or an instance with a webhookUrl secret and no botToken:
 *   one POST to that incoming webhook, which posts to the channel it was made for (a Slack
 *   message gets `channel` when the action names exactly one, for legacy webhooks that honour
 *   it; a text one is exactly `{text}`). Messages and the record show the webhook's scheme and
 *   host only: its path is a token.
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
export function sendChatMessageHandler(deps: MessageDeps): OutboundActionHandler {
  const delivery = new HttpDelivery({ config: deps.config, logger: deps.logger });
  return outboundHandler(TYPE, {
    plan: (input) => planChat(input, linksOf(deps.baseUrl())),
    async deliver(plan, { accountId, action, secrets: paramSecrets }) {
      const resolved = await deps.integrations.resolve({
        accountId,
        integrationId: plan.integrationId,
        type: 'slack',
        action: TYPE,
      });
      const route = chatRoute(action, resolved, plan.integrationId);
      const message = chatMessage(plan, route);
      return route.kind === 'webhook'
        ? postToWebhook(delivery, plan.channels, message, route, paramSecrets)
        : postToChannels(delivery, plan.channels, message, route, paramSecrets);
    },
  });
}

/**
 * The message a SEND_CHAT_MESSAGE posts (as the alert's view), and the slack instance it goes
 * through.
 */
export interface ChatPlan {
  channels: string[];
  integrationId: string;
  /** The action's `format`; undefined: chosen by the route (chatFormat). */
  format: ChatFormat | undefined;
  /** The Slack attachment's colour. */
  colour: string;
  view: AlertView;
}

export function planChat(input: OutboundActionInput, links: Links): ChatPlan {
  const { action, context } = input;
  const channels = channelsOf(action.channels);
  const colour = colourOf(action.severity, context.alertLevel);
  const integrationId = requiredText(action, 'integrationInstanceId', TYPE);
  const format = formatOf(action.format);
  // No body is no body here (the default body of an email names the email).
  const view = liveAlertView(input, messageText(action.body), links);
  return { channels, integrationId, format, colour, view };
}

/** Incoming webhooks that are Slack's, so get Block Kit without a `format`. */
const SLACK_HOOK_HOSTS: ReadonlySet<string> = new Set(['hooks.slack.com', 'hooks.slack-gov.com']);

/** The action's format, else Slack for the API and for Slack's webhook hosts, else text. */
export function chatFormat(format: ChatFormat | undefined, route: ChatRoute): ChatFormat {
  return format ?? (isSlack(route) ? 'slack' : 'text');
}

/** chat.postMessage, or an incoming webhook on Slack's hosts. */
function isSlack(route: ChatRoute): boolean {
  if (route.kind === 'api') return true;
  try {
    return SLACK_HOOK_HOSTS.has(new URL(route.hook.trim()).hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * The payload (without `channel`): Block Kit for Slack, `{text}` for other chat webhooks; text
 * bound for Slack itself is escaped all the same (a name like `<!channel>` must not notify).
 */
export type ChatMessage =
  { format: 'slack'; payload: SlackMessage } | { format: 'text'; payload: ChatText };

export function chatMessage(plan: ChatPlan, route: ChatRoute): ChatMessage {
  if (chatFormat(plan.format, route) === 'slack') {
    return { format: 'slack', payload: slackMessage(plan.view, plan.colour) };
  }
  const { text } = chatText(plan.view);
  return { format: 'text', payload: { text: isSlack(route) ? escapeMrkdwn(text) : text } };
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

/**
 * One POST of the message to an incoming webhook (a Slack one with `channel` when there is one
 * channel); the record shows its origin only.
 */
async function postToWebhook(
  delivery: HttpDelivery,
  channels: string[],
  { format, payload }: ChatMessage,
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
    json:
      format === 'slack' && channels.length === 1 ? { channel: channels[0], ...payload } : payload,
    hide: [hook, ...(botToken === undefined ? [] : [botToken]), ...paramSecrets],
  });
  return { target: shown, result: { channels, attempts } };
}

/** chat.postMessage per channel; a failure after some posts says which were posted. */
async function postToChannels(
  delivery: HttpDelivery,
  channels: string[],
  { payload }: ChatMessage,
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
        json: { channel, ...payload },
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

export { channelsOf, colourOf, LEVEL_COLOURS } from './chat-fields';

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
