import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type {
  OutboundActionHandler,
  OutboundActionInput,
} from '../rules/evaluation/outbound-action';
import { dataMessage, requiredText } from './aws-action-fields';
import { awsClientConfig, instanceSettings } from './aws-clients';
import { sendWithRetry } from './aws-errors';
import type { OutboundDeps } from './outbound-deps';
import { outboundHandler } from './outbound-handler';

const TYPE = 'SEND_QUEUE_MESSAGE';

/**
 * SEND_QUEUE_MESSAGE: sends `{"data": <data>}` to the SQS queue `queueUrl` with the `aws`
 * integration instance `integrationInstanceId`. The request goes to the instance's endpoint (the
 * region's SQS, or `endpoint`), never to whatever host the queue URL names: a rule's text cannot
 * make this service call arbitrary addresses. Records target = the queue URL and result
 * { messageId, attempts }.
 */
export function sendQueueMessageHandler(deps: OutboundDeps): OutboundActionHandler {
  return outboundHandler(TYPE, {
    plan: planQueueMessage,
    async deliver({ integrationId, queueUrl, body }, { accountId, evaluationId }) {
      const settings = await instanceSettings(deps, { accountId, integrationId, action: TYPE });
      const secrets: string[] = [];
      const client = new SQSClient({
        ...awsClientConfig(settings, { evaluationId, timeoutMs: deps.config.timeoutMs, secrets }),
        useQueueUrlAsEndpoint: false,
      });
      try {
        const sent = await sendWithRetry(deps, {
          type: TYPE,
          what: `SQS SendMessage to ${queueUrl}`,
          accountId,
          evaluationId,
          secrets,
          send: () =>
            client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body })),
        });
        return {
          target: queueUrl,
          result: { messageId: sent.value.MessageId ?? null, attempts: sent.attempts },
        };
      } finally {
        client.destroy();
      }
    },
  });
}

/** The message a SEND_QUEUE_MESSAGE sends, to which queue, through which aws instance. */
export interface QueueMessagePlan {
  integrationId: string;
  queueUrl: string;
  /** `{"data": <data>}` as JSON text. */
  body: string;
}

export function planQueueMessage({
  action,
}: Pick<OutboundActionInput, 'action'>): QueueMessagePlan {
  const integrationId = requiredText(action, 'integrationInstanceId', TYPE);
  const queueUrl = requiredText(action, 'queueUrl', TYPE);
  return { integrationId, queueUrl, body: dataMessage(action, TYPE) };
}
