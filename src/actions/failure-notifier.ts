import type { Logger } from 'pino';
import type { FailureNotifier } from '../rules/evaluation/outbound-action';
import type { NotificationRenderer } from '../notifications/notification-renderer';
import { failureView } from '../notifications/alert-view';
import { linksOf } from '../notifications/links';
import type { OutboundConfig } from './outbound-deps';
import { operatorMailer } from './smtp-mailer';

/**
 * `notifyOnFailure` by email (decision 0025): a FAILED evaluation is mailed through SMTP_URL to
 * the account's notification addresses (`PUT /account/notification-emails`), listing the record's
 * errors and where to read it, in the account's `failure` layout or the default (HTML and text).
 * Answers what the record keeps as `failureNotification`; never rejects, so a mail problem cannot
 * fail the evaluation twice.
 */
export function failureNotifier(deps: {
  config: OutboundConfig;
  accounts: { notificationEmails(accountId: string): Promise<string[]> };
  logger: Logger;
  renderer: Pick<NotificationRenderer, 'render'>;
  /** Base URL of the API, for the links to the evaluation record and the rule. */
  baseUrl: () => string;
}): FailureNotifier {
  const mailer = operatorMailer(deps.config, deps.logger);
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
      if (mailer === undefined) {
        return {
          status: 'NOT_SENT',
          detail: 'No mail server is configured for failure notifications (SMTP_URL)',
        };
      }
      try {
        const view = failureView(
          { rule, errors: record.errors, evaluationId: record.id, startedOn: record.startedOn },
          linksOf(deps.baseUrl()),
        );
        await mailer.send({ to, ...(await deps.renderer.render(accountId, view)) });
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
