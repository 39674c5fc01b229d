import type { OutboundActionHandler } from '../rules/evaluation/outbound-action';
import { HTTP_METHODS, type HttpMethod } from '../rules/rule-types';
import { optionalText, requiredText, stringRecord } from './http-action-fields';
import { describeValue } from '../rules/templates/template-text';
import { HttpDelivery, shownUrl } from './http-delivery';
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
  return {
    type: 'WEBHOOK',
    async execute({ accountId, action, secrets: paramSecrets }) {
      const url = endpointOf(requiredText(action, 'endpoint', TYPE));
      const method = methodOf(action.method);
      const body = action.body ?? undefined;
      if (body !== undefined && !METHODS_WITH_BODY.has(method)) {
        throw new Error(
          `WEBHOOK body is not allowed with method ${method}: only POST, PUT and PATCH send a body`,
        );
      }
      const headers = new HeaderSet();
      const hide: string[] = [];
      const instanceId = optionalText(action, 'integrationInstanceId', TYPE);
      if (instanceId !== undefined) {
        const { instance, secrets } = await deps.integrations.resolve({
          accountId,
          integrationId: instanceId,
          type: 'webhook',
          action: TYPE,
        });
        headers.add(stringRecord(instance.config.headers, 'config.headers', 'webhook instance'));
        headers.add(stringRecord(action.headers, 'headers', TYPE));
        const secret = stringRecord(secrets.headers, 'secrets.headers', 'webhook instance');
        headers.add(secret);
        hide.push(...Object.values(secret ?? {}));
      } else {
        headers.add(stringRecord(action.headers, 'headers', TYPE));
      }
      const shown = shownUrl(url);
      const { value, attempts } = await delivery.send({
        action: TYPE,
        method,
        url,
        shown,
        headers: headers.record(),
        ...(body === undefined ? {} : { json: body }),
        hide: [...hide, ...paramSecrets],
      });
      return { target: `${method} ${shown}`, result: { status: value.status, attempts } };
    },
  };
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
