import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service';
import { SsrfGuard } from '../actions/ssrf-guard';
import type { Config } from '../config/config';
import type { Graph } from '../graph/graph';
import type { DigestSender } from '../notifications/digest-sender';
import type { NotificationRenderer } from '../notifications/notification-renderer';
import { NotificationTemplateService } from '../notifications/notification-templates';
import type { RuleEngine } from '../rules/rule-engine';
import { buildDigestSender } from './digests';

/** Notification layouts: the renderer every message uses, and the `/notification-templates` API. */
export interface Notifications {
  renderer: NotificationRenderer;
  templates: NotificationTemplateService;
}

/** The layouts' API over the renderer, and the alert digest's sender (whose view it previews). */
export function buildNotifications(
  config: Config,
  deps: {
    graph: Graph;
    logger: Logger;
    accounts: AccountService;
    renderer: NotificationRenderer;
    engine: RuleEngine;
    baseUrl: () => string;
    overrides?: { now?: (() => number) | undefined };
  },
): { notifications: Notifications; digests: DigestSender } {
  const digests = buildDigestSender(config, deps);
  const guard = new SsrfGuard({ allowlist: config.outbound.webhookAllowlist });
  const templates = new NotificationTemplateService({
    graph: deps.graph,
    renderer: deps.renderer,
    evaluations: deps.engine.evaluations,
    digestPreview: (accountId) => digests.preview(accountId),
    // An address a layout writes: the guard's check of its host, as outbound requests get.
    checkAddress: async (url) => {
      await guard.check(new URL(url), 'A notification layout', url);
    },
    baseUrl: deps.baseUrl,
  });
  return { notifications: { renderer: deps.renderer, templates }, digests };
}
