import type { ResolvedIntegration } from '../integrations/integration-api';
import type {
  OutboundActionHandler,
  OutboundActionInput,
} from '../rules/evaluation/outbound-action';
import { parseRecipients } from '../common/email-address';
import { optionalText } from './http-action-fields';
import { outboundHandler } from './outbound-handler';
import { SsrfGuard } from './ssrf-guard';
import type { OutboundDeps } from './outbound-deps';
import { sendMail, smtpServerFromUrl, type SmtpServer } from './smtp-mailer';

/**
 * SEND_EMAIL (docs/guide/actions-and-integrations.md; decision 0025): a plain-text email to the
 * rendered `recipients`, through the smtp integration instance `integrationInstanceId` names, or
 * else through SMTP_URL. The subject is the rule's name, led by `[<alertLevel>]` once SET_PROPERTY
 * set one; the body is the rendered `body` (a default naming the rule and its query totals without
 * one) and a footer with `alertWebLink`. The record gets `target` = the recipients and `result` =
 * `{messageId, accepted, rejected, attempts}`.
 */
export function sendEmailHandler(deps: OutboundDeps): OutboundActionHandler {
  return outboundHandler('SEND_EMAIL', {
    plan: planEmail,
    async deliver(plan, { accountId }) {
      const server = await serverFor(deps, accountId, plan.integrationInstanceId);
      const sent = await sendMail({
        server,
        message: { to: plan.to, subject: plan.subject, text: plan.text },
        config: deps.config,
        logger: deps.logger,
      });
      return { target: plan.to.join(', '), result: { ...sent } };
    },
  });
}

/** The email a SEND_EMAIL sends, and the smtp instance to send it through (else SMTP_URL). */
export interface EmailPlan {
  to: string[];
  integrationInstanceId: string | undefined;
  subject: string;
  text: string;
}

export function planEmail(input: OutboundActionInput): EmailPlan {
  const to = parseRecipients(input.action.recipients);
  const integrationInstanceId = optionalText(input.action, 'integrationInstanceId', 'SEND_EMAIL');
  return { to, integrationInstanceId, subject: subjectOf(input), text: bodyOf(input) };
}

/** `[HIGH] <rule name>`; just the name while no alertLevel is set. */
export function subjectOf(input: Pick<OutboundActionInput, 'rule' | 'context'>): string {
  const level = input.context.alertLevel;
  const name = oneLine(input.rule.name);
  return typeof level === 'string' && level.trim() !== ''
    ? `[${oneLine(level).toUpperCase()}] ${name}`
    : name;
}

/** The rendered body (or a default), then `-- ` and the rule's alerts link when there is one. */
export function bodyOf(input: Pick<OutboundActionInput, 'rule' | 'context' | 'action'>): string {
  const { body } = input.action;
  const text =
    body === undefined || body === null || body === ''
      ? defaultBody(input)
      : typeof body === 'string'
        ? body
        : JSON.stringify(body, null, 2);
  const link = input.context.alertWebLink;
  return typeof link === 'string' && link !== '' ? `${text}\n\n-- \nAlerts: ${link}\n` : text;
}

function defaultBody(input: Pick<OutboundActionInput, 'rule' | 'context'>): string {
  const totals = Object.entries(input.context.queries ?? {}).map(
    ([name, result]) => `${name}: ${result.total}`,
  );
  return [`Rule '${input.rule.name}' sent this email.`, ...totals].join('\n');
}

/** Subject text on one line: a rendered name must not break the header. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
