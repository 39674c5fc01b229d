import type { ResolvedIntegration } from '../integrations/integration-api';
import type {
  OutboundActionHandler,
  OutboundActionInput,
} from '../rules/evaluation/outbound-action';
import { parseRecipients } from '../common/email-address';
import { messageText, optionalText } from './http-action-fields';
import { outboundHandler } from './outbound-handler';
import { SsrfGuard } from './ssrf-guard';
import type { MessageDeps, OutboundDeps } from './outbound-deps';
import { sendMail, smtpServerFromUrl, type SmtpServer } from './smtp-mailer';
import { defaultBody, liveAlertView } from '../notifications/alert-view';
import { type Links, linksOf } from '../notifications/links';
import type { AlertView } from '../notifications/views';

/**
 * SEND_EMAIL (docs/guide/actions-and-integrations.md, docs/guide/notifications.md; decisions 0025,
 * 0059): a multipart/alternative email (HTML and plain text, from the account's `alert` layout or
 * the default) to the rendered `recipients`, through the smtp integration instance
 * `integrationInstanceId` names, or else through SMTP_URL. The subject is the rule's name, led by
 * `[<alertLevel>]` once SET_PROPERTY set one; the message shows the rendered `body` (a default
 * naming the rule's query totals without one), the first 25 entities the rule's queries returned
 * with links to the console, the alert's and the rule's links and the evaluation time. The record
 * gets `target` = the recipients and `result` = `{messageId, accepted, rejected, attempts}`.
 */
export function sendEmailHandler(deps: MessageDeps): OutboundActionHandler {
  return outboundHandler('SEND_EMAIL', {
    plan: (input) => planEmail(input, linksOf(deps.baseUrl())),
    async deliver(plan, { accountId }) {
      const server = await serverFor(deps, accountId, plan.integrationInstanceId);
      const message = await deps.renderer.render(accountId, plan.view);
      const sent = await sendMail({
        server,
        message: { to: plan.to, ...message },
        config: deps.config,
        logger: deps.logger,
      });
      return { target: plan.to.join(', '), result: { ...sent } };
    },
  });
}

/**
 * The email a SEND_EMAIL sends (as a view, for the layouts), and the smtp instance to send it
 * through (else SMTP_URL).
 */
export interface EmailPlan {
  to: string[];
  integrationInstanceId: string | undefined;
  view: AlertView;
}

export function planEmail(input: OutboundActionInput, links: Links): EmailPlan {
  const to = parseRecipients(input.action.recipients);
  const integrationInstanceId = optionalText(input.action, 'integrationInstanceId', 'SEND_EMAIL');
  return { to, integrationInstanceId, view: liveAlertView(input, bodyOf(input), links) };
}

/** The rendered body as text (JSON for a structured one), or a default naming the query totals. */
export function bodyOf(input: Pick<OutboundActionInput, 'rule' | 'context' | 'action'>): string {
  const text = messageText(input.action.body);
  if (text !== '') return text;
  const totals = Object.entries(input.context.queries ?? {}).map(
    ([name, result]) => [name, result.total] as const,
  );
  return defaultBody(input.rule.name, totals);
}

async function serverFor(
  deps: OutboundDeps,
  accountId: string,
  id: string | undefined,
): Promise<SmtpServer> {
  if (id !== undefined) {
    const resolved = await deps.integrations.resolve({
      accountId,
      integrationId: id,
      type: 'smtp',
      action: 'SEND_EMAIL',
    });
    const server = serverOfInstance(resolved, deps.config.mailFrom);
    // The host is the account's choice (SMTP_URL is the operator's): global addresses only, and
    // the connection pinned to the first checked one (no second DNS answer: no rebinding).
    const [first] = await new SsrfGuard({ allowlist: deps.config.webhookAllowlist }).checkHost(
      server.host,
      'SEND_EMAIL',
      `${server.host}:${server.port}`,
    );
    return first === undefined ? server : { ...server, address: first.address };
  }
  if (deps.config.smtpUrl === undefined) {
    throw new Error(
      'SEND_EMAIL has no mail server: name an smtp integration instance in integrationInstanceId, or set SMTP_URL',
    );
  }
  return smtpServerFromUrl(deps.config.smtpUrl, deps.config.mailFrom);
}

/** An smtp instance: config {host, port, secure?, from}, secrets {username?, password?}. */
function serverOfInstance(
  { instance, secrets }: ResolvedIntegration,
  mailFrom: string,
): SmtpServer {
  const { host, port, secure, from } = instance.config;
  if (typeof host !== 'string' || host === '') {
    throw new Error(`integration instance '${instance.name}' has no SMTP host`);
  }
  const { username, password } = secrets;
  return {
    host,
    port: typeof port === 'number' ? port : secure === true ? 465 : 587,
    secure: secure === true,
    ...(typeof username === 'string' && username !== ''
      ? { auth: { user: username, pass: typeof password === 'string' ? password : '' } }
      : {}),
    from: typeof from === 'string' && from !== '' ? from : mailFrom,
  };
}
