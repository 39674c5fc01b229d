import type { EventSender } from '../subscriptions/event-sender';
import { SendFailed } from '../subscriptions/event-sender';
import { EVENT_ID_HEADER, signature, SIGNATURE_HEADER } from '../subscriptions/change-event';
import { HttpDelivery, HttpDeliveryError, shownUrl } from './http-delivery';
import type { OutboundDeps } from './outbound-deps';
import { publishToTopic } from './publish-topic-message';
import { TransientError } from './retry';
import { sendToQueue } from './send-queue-message';
import { SsrfGuard } from './ssrf-guard';

/** How a subscription's webhook request names itself in messages and the address guard's. */
export const SUBSCRIPTION_WEBHOOK = 'Subscription webhook';

/**
 * Change events to subscriptions (docs/guide/change-events.md) over the outbound actions'
 * delivery: a webhook through HttpDelivery (the address guard, pinned addresses, the timeout),
 * POSTing the event as JSON signed with the subscription's secret; a queue or topic through the
 * aws instance, as SEND_QUEUE_MESSAGE and PUBLISH_TOPIC_MESSAGE send, with the event's JSON as
 * the message. One try each: the dispatcher retries, logging each try.
 */
export function subscriptionSender(deps: OutboundDeps): EventSender {
  const once: OutboundDeps = { ...deps, config: { ...deps.config, attempts: 1 } };
  const http = new HttpDelivery({ config: once.config, logger: deps.logger });
  return {
    async send({ accountId, target, body, secret }) {
      const text = JSON.stringify(body);
      const ids = { accountId, evaluationId: body.eventId };
      try {
        switch (target.kind) {
          case 'webhook': {
            const url = new URL(target.url);
            const headers: Record<string, string> = { [EVENT_ID_HEADER]: body.eventId };
            if (secret !== undefined) headers[SIGNATURE_HEADER] = signature(text, secret);
            const sent = await http.send({
              action: SUBSCRIPTION_WEBHOOK,
              method: 'POST',
              url,
              shown: shownUrl(url),
              headers,
              jsonText: text,
              hide: secret === undefined ? [] : [secret],
            });
            return { status: sent.value.status };
          }
          case 'queue':
            await sendToQueue(once, {
              ...ids,
              integrationId: target.integrationInstanceId,
              queueUrl: target.queueUrl,
              body: text,
            });
            return {};
          case 'topic':
            await publishToTopic(once, {
              ...ids,
              integrationId: target.integrationInstanceId,
              topicArn: target.topicArn,
              message: text,
            });
            return {};
        }
      } catch (err) {
        if (err instanceof HttpDeliveryError) throw new SendFailed(err.message, err.status);
        throw new SendFailed(err instanceof Error ? err.message : String(err));
      }
    },
  };
}

/**
 * The address guard's check of a webhook URL at save: rejects with the guard's message when it
 * refuses the URL (a private, loopback or link-local address, this host's, no such host) or the
 * URL carries user info. A DNS server that does not answer is no reason to refuse: every try is
 * checked again.
 */
export function webhookUrlCheck(deps: Pick<OutboundDeps, 'config'>): (url: URL) => Promise<void> {
  const guard = new SsrfGuard({ allowlist: deps.config.webhookAllowlist });
  return async (url) => {
    const shown = shownUrl(url);
    if (url.username !== '' || url.password !== '') {
      throw new Error(
        `${SUBSCRIPTION_WEBHOOK} refused ${shown}: a URL with user info (user:password@) cannot be sent`,
      );
    }
    try {
      await guard.check(url, SUBSCRIPTION_WEBHOOK, shown);
    } catch (err) {
      if (!(err instanceof TransientError)) throw err;
    }
  };
}
