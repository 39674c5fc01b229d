import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import type {
  OutboundActionHandler,
  OutboundActionInput,
} from '../rules/evaluation/outbound-action';
import { dataMessage, requiredText } from './aws-action-fields';
import { awsClientConfig, instanceSettings } from './aws-clients';
import { sendWithRetry } from './aws-errors';
import type { OutboundDeps } from './outbound-deps';
import { outboundHandler } from './outbound-handler';

const TYPE = 'PUBLISH_TOPIC_MESSAGE';

/**
 * PUBLISH_TOPIC_MESSAGE: publishes `{"data": <data>}` to the SNS topic `topicResourceName` (a topic
 * ARN; rules may say `topicArn`) with the `aws` integration instance `integrationInstanceId`.
 * Records target = the topic ARN and result { messageId, attempts }.
 */
export function publishTopicMessageHandler(deps: OutboundDeps): OutboundActionHandler {
  return outboundHandler(TYPE, {
    plan: planTopicMessage,
    async deliver({ integrationId, topicArn, message }, { accountId, evaluationId }) {
      const sent = await publishToTopic(deps, {
        accountId,
        integrationId,
        topicArn,
        message,
        evaluationId,
      });
      return { target: topicArn, result: sent };
    },
  });
}

/**
 * One SNS Publish of `message` to `topicArn` through the aws instance `integrationId`, retried as
 * `deps.config` says; also what change events to a topic subscription go through. `evaluationId`
 * names the STS session and the log lines (a change event's id for a subscription).
 */
export async function publishToTopic(
  deps: OutboundDeps,
  input: {
    accountId: string;
    integrationId: string;
    topicArn: string;
    message: string;
    evaluationId: string;
  },
): Promise<{ messageId: string | null; attempts: number }> {
  const { accountId, integrationId, topicArn, message, evaluationId } = input;
  const settings = await instanceSettings(deps, { accountId, integrationId, action: TYPE });
  const secrets: string[] = [];
  const client = new SNSClient(
    awsClientConfig(settings, { evaluationId, timeoutMs: deps.config.timeoutMs, secrets }),
  );
  try {
    const sent = await sendWithRetry(deps, {
      type: TYPE,
      what: `SNS Publish to ${topicArn}`,
      accountId,
      evaluationId,
      secrets,
      send: () => client.send(new PublishCommand({ TopicArn: topicArn, Message: message })),
    });
    return { messageId: sent.value.MessageId ?? null, attempts: sent.attempts };
  } finally {
    client.destroy();
  }
}

/** The message a PUBLISH_TOPIC_MESSAGE publishes, where, and through which aws instance. */
export interface TopicMessagePlan {
  integrationId: string;
  topicArn: string;
  /** `{"data": <data>}` as JSON text. */
  message: string;
}

export function planTopicMessage({
  action,
}: Pick<OutboundActionInput, 'action'>): TopicMessagePlan {
  const integrationId = requiredText(action, 'integrationInstanceId', TYPE);
  const topicArn = requiredText(action, 'topicResourceName', TYPE);
  return { integrationId, topicArn, message: dataMessage(action, TYPE) };
}
