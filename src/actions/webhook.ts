import type {
  OutboundActionHandler,
  OutboundActionInput,
} from '../rules/evaluation/outbound-action';
import { HTTP_METHODS, type HttpMethod } from '../rules/rule-types';
import { optionalText, requiredText, stringRecord } from './http-action-fields';
import { describeValue } from '../common/describe-value';
import { HttpDelivery, shownUrl } from './http-delivery';
import { outboundHandler } from './outbound-handler';
import type { OutboundDeps } from './outbound-deps';

/**
 * WEBHOOK (docs/guide/actions-and-integrations.md; decision 0026): the rendered `method` to the
 * rendered `endpoint` (the normaliser maps `url` to it) through the SSRF guard, with `headers`,
 * and `body` as JSON (POST, PUT and PATCH only). A webhook integration instance named by
 * `integrationInstanceId` adds its config headers and secret headers; a header set in several
 * places takes the instance's secret value, else the action's, else the instance's config one.
 * The record gets `target` = `<METHOD> <scheme://host/path>` (no query: it may hold credentials)
 * and `result` = `{status, attempts}`.
 */
export function webhookHandler(deps: OutboundDeps): OutboundActionHandler {
  const delivery = new HttpDelivery({ config: deps.config, logger: deps.logger });
  return outboundHandler(TYPE, {
    plan: planWebhook,
    async deliver(plan, { accountId, secrets: paramSecrets }) {
      const instance =
        plan.instanceId === undefined
          ? undefined
          : await deps.integrations.resolve({
              accountId,
              integrationId: plan.instanceId,
              type: 'webhook',
              action: TYPE,
            });
      const { headers, hide } = webhookHeaders(plan.headers, instance);
      const shown = shownUrl(plan.url);
      const { value, attempts } = await delivery.send({
        action: TYPE,
        method: plan.method,
        url: plan.url,
        shown,
        headers,
        ...(plan.body === undefined ? {} : { json: plan.body }),
        hide: [...hide, ...paramSecrets],
      });
      return { target: `${plan.method} ${shown}`, result: { status: value.status, attempts } };
    },
  });
}

/** The request a WEBHOOK makes, before the instance (if any) adds its headers. */
export interface WebhookPlan {
  url: URL;
  method: HttpMethod;
  body: unknown;
  instanceId: string | undefined;
  /** The action's `headers` as rendered: checked with the instance's (webhookHeaders). */
  headers: unknown;
}

export function planWebhook({ action }: Pick<OutboundActionInput, 'action'>): WebhookPlan {
  const url = endpointOf(requiredText(action, 'endpoint', TYPE));
  const method = methodOf(action.method);
  const body = action.body ?? undefined;
  if (body !== undefined && !METHODS_WITH_BODY.has(method)) {
    throw new Error(
      `WEBHOOK body is not allowed with method ${method}: only POST, PUT and PATCH send a body`,
    );
  }
  const instanceId = optionalText(action, 'integrationInstanceId', TYPE);
  return { url, method, body, instanceId, headers: action.headers };
}

/**
 * The headers sent: the instance's config headers, the action's, the instance's secret headers,
 * a later one replacing an earlier one of the same name (any case); `hide` the secret values.
 */
export function webhookHeaders(
  actionHeaders: unknown,
  instance:
    { instance: { config: Record<string, unknown> }; secrets: Record<string, unknown> } | undefined,
): { headers: Record<string, string>; hide: string[] } {
  const headers = new HeaderSet();
  if (instance === undefined) {
    headers.add(stringRecord(actionHeaders, 'headers', TYPE));
    return { headers: headers.record(), hide: [] };
  }
  const { config } = instance.instance;
  headers.add(stringRecord(config.headers, 'config.headers', 'webhook instance'));
  headers.add(stringRecord(actionHeaders, 'headers', TYPE));
  const secret = stringRecord(instance.secrets.headers, 'secrets.headers', 'webhook instance');
  headers.add(secret);
  return { headers: headers.record(), hide: Object.values(secret ?? {}) };
}

const TYPE = 'WEBHOOK';
const METHODS_WITH_BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);
/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function endpointOf(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    throw new Error(
      `WEBHOOK needs endpoint to be an http or https URL, not ${describeValue(endpoint)}`,
    );
  }
  return url;
}

/** One of HTTP_METHODS, in any case (a template may render `post`). */
function methodOf(value: unknown): HttpMethod {
  const method = typeof value === 'string' ? value.trim().toUpperCase() : value;
  if (!(HTTP_METHODS as readonly unknown[]).includes(method)) {
    throw new Error(
      `WEBHOOK needs method to be one of ${HTTP_METHODS.join(', ')}, not ${describeValue(value)}`,
    );
  }
  return method as HttpMethod;
}

/** Header names compared without case; a later value replaces an earlier one. */
class HeaderSet {
  private readonly byName = new Map<string, [string, string]>();

  add(headers: Record<string, string> | undefined): void {
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (!HEADER_NAME.test(name)) {
        throw new Error(
          `WEBHOOK header name ${describeValue(name)} is not a valid HTTP header name`,
        );
      }
      if (/[\r\n\0]/.test(value)) {
        throw new Error(`WEBHOOK header ${name} has a line break or NUL character in its value`);
      }
      this.byName.set(name.toLowerCase(), [name, value]);
    }
  }

  record(): Record<string, string> {
    return Object.fromEntries(this.byName.values());
  }
}
