import type { Logger } from 'pino';
import type { IntegrationResolver } from '../integrations/integration-api';
import type { NotificationRenderer } from '../notifications/notification-renderer';

/**
 * What every outbound action handler (src/actions/*.ts, behind OutboundActionHandler of
 * src/rules/evaluation/outbound-action.ts) is built from.
 */
export interface OutboundConfig {
  /** Default SMTP server for SEND_EMAIL without an smtp instance, e.g. smtp://host:25. */
  smtpUrl: string | undefined;
  /** Sender address of mail sent without an smtp instance's `from`. */
  mailFrom: string;
  /** How long one outbound request may take (ms). */
  timeoutMs: number;
  /** Tries of a transiently failing delivery (timeouts, 5xx, 429), with doubling backoff. */
  attempts: number;
  /** First retry delay (ms). */
  backoffMs: number;
  /** Hosts (names or IPs, or `loopback`, `private`, `link-local`) that outbound requests (WEBHOOK,
   * Slack, Jira, an smtp instance's host, an aws instance's endpoint) may reach although they are
   * private, loopback or link-local. */
  webhookAllowlist: readonly string[];
}

export interface OutboundDeps {
  integrations: IntegrationResolver;
  config: OutboundConfig;
  logger: Logger;
}

/** What the handlers of messages people read (SEND_EMAIL, SEND_CHAT_MESSAGE) need besides. */
export interface MessageDeps extends OutboundDeps {
  /** Renders messages with the account's notification layouts (src/notifications). */
  renderer: Pick<NotificationRenderer, 'render'>;
  /** The service's public base URL, for the links in messages (console pages, records). */
  baseUrl: () => string;
}
