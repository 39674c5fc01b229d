import type { Logger } from 'pino';
import { subscriptionSender, webhookUrlCheck } from '../actions/subscription-sender';
import { parameterKeys } from '../common/sealed-parameter';
import type { Config } from '../config/config';
import type { Graph } from '../graph/graph';
import type { IntegrationService } from '../integrations/integration-service';
import { EventDispatcher } from '../subscriptions/event-dispatcher';
import { SubscriptionService } from '../subscriptions/subscription-service';

/** Subscriptions: the API's service, and the dispatcher that delivers their change events. */
export interface Subscriptions {
  service: SubscriptionService;
  dispatcher: EventDispatcher;
}

export function buildSubscriptions(input: {
  config: Config;
  graph: Graph;
  logger: Logger;
  integrations: IntegrationService;
}): Subscriptions {
  const { config, graph, logger } = input;
  // Webhook secrets are sealed with the secret parameters' key.
  const keys = parameterKeys({ configured: config.outbound.secretsKey, dataDir: config.dataDir });
  const outbound = { config: config.outbound, integrations: input.integrations, logger };
  const service = new SubscriptionService({
    graph,
    secretsKey: keys.current,
    integrations: input.integrations,
    checkWebhookUrl: webhookUrlCheck(outbound),
  });
  const dispatcher = new EventDispatcher({
    graph,
    sender: subscriptionSender(outbound),
    openSecret: (ref, sealed) => service.openSecret(ref, sealed),
    config: config.subscriptions,
    // A try takes at most a timeout (an aws one: STS, then the call): longer than that, it is dead.
    leaseMs: config.outbound.timeoutMs * 3 + 5_000,
    logger,
  });
  return { service, dispatcher };
}
