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
      const sent = await sendToQueue(deps, {
        accountId,
        integrationId,
        queueUrl,
        body,
        evaluationId,
      });
      return { target: queueUrl, result: sent };
    },
  });
}

/**
 * One SQS SendMessage of `body` to `queueUrl` through the aws instance `integrationId`, retried as
 * `deps.config` says; also what change events to a queue subscription go through. `evaluationId`
 * names the STS session and the log lines (a change event's id for a subscription).
 */
export async function sendToQueue(
  deps: OutboundDeps,
  input: {
    accountId: string;
    integrationId: string;
    queueUrl: string;
    body: string;
    evaluationId: string;
  },
): Promise<{ messageId: string | null; attempts: number }> {
  const { accountId, integrationId, queueUrl, body, evaluationId } = input;
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
      send: () => client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body })),
    });
    return { messageId: sent.value.MessageId ?? null, attempts: sent.attempts };
  } finally {
    client.destroy();
  }
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
