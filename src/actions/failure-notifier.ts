import type { Logger } from 'pino';
import type { EvaluationRecord } from '../rules/evaluation/evaluation-record';
import type { FailureNotifier, RuleIdentity } from '../rules/evaluation/outbound-action';
import type { OutboundConfig } from './outbound-deps';
import { sendMail, smtpServerFromUrl } from './smtp-mailer';

/**
 * `notifyOnFailure` by email (decision 0025): a FAILED evaluation is mailed through SMTP_URL to
 * the account's notification addresses (`PUT /account/notification-emails`), listing the record's
 * errors and where to read it. Answers what the record keeps as `failureNotification`; never
 * rejects, so a mail problem cannot fail the evaluation twice.
 */
export function failureNotifier(deps: {
  config: OutboundConfig;
  accounts: { notificationEmails(accountId: string): Promise<string[]> };
  logger: Logger;
  /** Base URL of the API, for the link to the evaluation record; without it no link is sent. */
  baseUrl?: () => string;
}): FailureNotifier {
  return {
    async notify({ accountId, rule, record }) {
      const to = await deps.accounts.notificationEmails(accountId);
      if (to.length === 0) {
        return {
          status: 'NOT_SENT',
          detail:
            'No notification email addresses are configured for the account (PUT /account/notification-emails)',
        };
      }
      if (deps.config.smtpUrl === undefined) {
        return {
          status: 'NOT_SENT',
          detail: 'No mail server is configured for failure notifications (SMTP_URL)',
        };
      }
      try {
        await sendMail({
          server: smtpServerFromUrl(deps.config.smtpUrl, deps.config.mailFrom),
          message: {
            to,
            subject: `[graphsync] Rule '${rule.name.replace(/\s+/g, ' ')}' failed`,
            text: failureText(rule, record, deps.baseUrl?.()),
          },
          config: deps.config,
          logger: deps.logger,
        });
        return { status: 'SENT', detail: `sent to ${to.join(', ')}` };
      } catch (err) {
        deps.logger.warn(
          { accountId, ruleId: rule.id, err: String(err) },
          'failure notice not sent',
        );
        return { status: 'NOT_SENT', detail: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}

/** The notice's text: which evaluation failed, when, each error, and the record's URL. */
export function failureText(
  rule: RuleIdentity,
  record: EvaluationRecord,
  baseUrl: string | undefined,
): string {
  const ruleRef = rule.id === undefined ? `'${rule.name}'` : `'${rule.name}' (${rule.id})`;
  const lines = [
    `Evaluation ${record.id} of rule ${ruleRef} failed at ${new Date(record.startedOn).toISOString()}.`,
    '',
    'Errors:',
    ...(record.errors.length === 0 ? ['- (none recorded)'] : record.errors.map((e) => `- ${e}`)),
  ];
  if (baseUrl !== undefined && rule.id !== undefined) {
    lines.push(
      '',
      `Evaluation record: ${baseUrl}/rules/${encodeURIComponent(rule.id)}/evaluations/${record.id}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
