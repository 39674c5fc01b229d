import type { FailureNotifier, OutboundActionHandler } from '../rules/evaluation/outbound-action';
import { failureNotifier } from './failure-notifier';
import { createTrackerTicketHandler } from './create-tracker-ticket';
import type { MessageDeps } from './outbound-deps';
import { publishTopicMessageHandler } from './publish-topic-message';
import { sendChatMessageHandler } from './send-chat-message';
import { sendEmailHandler } from './send-email';
import { sendQueueMessageHandler } from './send-queue-message';
import { webhookHandler } from './webhook';

/** Every outbound action handler this service runs, one per action type (src/actions/*.ts). */
export function outboundHandlers(deps: MessageDeps): OutboundActionHandler[] {
  return [
    sendEmailHandler(deps),
    publishTopicMessageHandler(deps),
    sendQueueMessageHandler(deps),
    sendChatMessageHandler(deps),
    createTrackerTicketHandler(deps),
    webhookHandler(deps),
  ];
}

/**
 * What a process hands the rule engine for outbound work: every action handler, and the
 * `notifyOnFailure` channel (email to the account's notification addresses).
 */
export function outboundDelivery(
  deps: MessageDeps & {
    accounts: { notificationEmails(accountId: string): Promise<string[]> };
  },
): { outbound: OutboundActionHandler[]; notifier: FailureNotifier } {
  return {
    outbound: outboundHandlers(deps),
    notifier: failureNotifier({
      config: deps.config,
      accounts: deps.accounts,
      logger: deps.logger,
      renderer: deps.renderer,
      baseUrl: deps.baseUrl,
    }),
  };
}
