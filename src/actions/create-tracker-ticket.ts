import type { ResolvedIntegration } from '../integrations/integration-api';
import type {
  OutboundActionHandler,
  OutboundActionInput,
} from '../rules/evaluation/outbound-action';
import { isRecord } from '../rules/templates/result-items';
import { requiredText } from './http-action-fields';
import { describeValue } from '../common/describe-value';
import { HttpDelivery, shownUrl } from './http-delivery';
import type { OutboundDeps } from './outbound-deps';
import { outboundHandler } from './outbound-handler';

/**
 * CREATE_TRACKER_TICKET (docs/guide/actions-and-integrations.md; decision 0026): a Jira Cloud
 * issue through the jira integration instance `integrationInstanceId` names (config baseUrl and
 * email, secret apiToken; basic auth `email:apiToken`): `POST <baseUrl>/rest/api/3/issue` with
 * fields `{project: {key}, summary, issuetype: {name}, ...additionalFields}`.
 *
 * - `additionalFields` go to Jira unchanged, except `description`: text becomes an Atlassian
 *   Document Format doc (adfOf), a doc object (`type: 'doc'`) goes as it is. The action's own
 *   project, summary and issue type win over the same fields in `additionalFields`.
 * - `summary` is put on one line (Jira refuses line breaks in it).
 * - `entityClass` is graphsync metadata, not sent (a `labels` field is not on every issue
 *   screen); `autoResolve`, `resolvedStatus` and `updateContentOnChanges` are not supported yet:
 *   each evaluation that runs the action creates an issue.
 *
 * The record gets `target` = `<baseUrl>/browse/<key>` and `result` = `{key, id, self}`.
 */
export function createTrackerTicketHandler(deps: OutboundDeps): OutboundActionHandler {
  const delivery = new HttpDelivery({ config: deps.config, logger: deps.logger });
  return outboundHandler(TYPE, {
    plan: planTicket,
    async deliver(plan, { accountId, secrets: paramSecrets }) {
      const { integrationId } = plan;
      const resolved = await deps.integrations.resolve({
        accountId,
        integrationId,
        type: 'jira',
        action: TYPE,
      });
      const { base, email, apiToken } = jiraAccess(resolved, integrationId);
      const url = new URL(`${base}/rest/api/3/issue`);
      const credentials = Buffer.from(`${email}:${apiToken}`).toString('base64');
      const { value } = await delivery.send({
        action: TYPE,
        method: 'POST',
        url,
        shown: shownUrl(url),
        headers: { Authorization: `Basic ${credentials}`, Accept: 'application/json' },
        json: { fields: issueFields(plan) },
        hide: [apiToken, credentials, ...paramSecrets],
      });
      const created = issueOf(value.text);
      return { target: `${base}/browse/${created.key}`, result: created };
    },
  });
}

/** The issue a CREATE_TRACKER_TICKET creates, and the jira instance it goes through. */
export interface TicketPlan {
  project: string;
  /** On one line: Jira refuses line breaks in it. */
  summary: string;
  issueType: string;
  additionalFields: Record<string, unknown>;
  integrationId: string;
}

export function planTicket({ action }: Pick<OutboundActionInput, 'action'>): TicketPlan {
  const project = requiredText(action, 'project', TYPE).trim();
  const summary = requiredText(action, 'summary', TYPE).replace(/\s+/g, ' ').trim();
  const issueType = requiredText(action, 'issueType', TYPE).trim();
  const additional = action.additionalFields ?? {};
  if (!isRecord(additional)) {
    throw new Error(
      `${TYPE} needs additionalFields to be an object, not ${describeValue(additional)}`,
    );
  }
  const integrationId = requiredText(action, 'integrationInstanceId', TYPE);
  return { project, summary, issueType, additionalFields: additional, integrationId };
}

/**
 * The issue's fields: `additionalFields` (a text `description` as an ADF doc), then the action's
 * own project, summary and issue type, which win over the same fields in `additionalFields`.
 */
export function issueFields(plan: TicketPlan): Record<string, unknown> {
  const additional = plan.additionalFields;
  const fields: Record<string, unknown> = {
    ...additional,
    project: { key: plan.project },
    summary: plan.summary,
    issuetype: { name: plan.issueType },
  };
  if (additional.description !== undefined) fields.description = adfOf(additional.description);
  return fields;
}

/** The jira instance's address and credentials: config baseUrl and email, secret apiToken. */
export function jiraAccess(
  {
    instance,
    secrets,
  }: Pick<ResolvedIntegration, 'secrets'> & {
    instance: { config: Record<string, unknown> };
  },
  integrationId: string,
): { base: string; email: string; apiToken: string } {
  const { baseUrl, email } = instance.config;
  const { apiToken } = secrets;
  if (typeof baseUrl !== 'string' || typeof email !== 'string') {
    throw new Error(
      `integration instance '${integrationId}' has no baseUrl or email in its config`,
    );
  }
  if (typeof apiToken !== 'string' || apiToken === '') {
    throw new Error(
      `integration instance '${integrationId}' has no apiToken secret; ${TYPE} needs one`,
    );
  }
  return { base: baseUrl.replace(/\/+$/, ''), email, apiToken };
}

const TYPE = 'CREATE_TRACKER_TICKET';

/**
 * A description as Jira Cloud's v3 API takes it: a doc object (`type: 'doc'`) unchanged; text as
 * a doc of one paragraph per block of lines separated by blank lines, each line break inside a
 * block a hardBreak (the text is not read as markdown); anything else as its JSON text.
 */
export function adfOf(description: unknown): unknown {
  if (isRecord(description) && description.type === 'doc') return description;
  const text =
    typeof description === 'string'
      ? description
      : description === null
        ? ''
        : JSON.stringify(description, null, 2);
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '');
  return {
    type: 'doc',
    version: 1,
    content: blocks.map((block) => ({
      type: 'paragraph',
      content: block
        .split('\n')
        .flatMap((line, i) => [
          ...(i === 0 ? [] : [{ type: 'hardBreak' }]),
          ...(line === '' ? [] : [{ type: 'text', text: line }]),
        ]),
    })),
  };
}

/** Jira's 201 answer `{id, key, self}`. */
function issueOf(text: string): { key: string; id: string; self: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!isRecord(body) || typeof body.key !== 'string') {
    throw new Error(`Jira answered the new issue without its key: ${text.slice(0, 300)}`);
  }
  return { key: body.key, id: String(body.id), self: String(body.self) };
}
