import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import type { OutboundActionHandler } from '../rules/evaluation/outbound-action';
import { dataMessage, requiredText } from './aws-action-fields';
import { awsClientConfig, instanceSettings } from './aws-clients';
import { sendWithRetry } from './aws-errors';
import type { OutboundDeps } from './outbound-deps';

const TYPE = 'PUBLISH_TOPIC_MESSAGE';

/**
 * PUBLISH_TOPIC_MESSAGE: publishes `{"data": <data>}` to the SNS topic `topicResourceName` (a topic
 * ARN; rules may say `topicArn`) with the `aws` integration instance `integrationInstanceId`.
 * Records target = the topic ARN and result { messageId, attempts }.
 */
export function publishTopicMessageHandler(deps: OutboundDeps): OutboundActionHandler {
  return {
    type: TYPE,
    async execute({ accountId, evaluationId, action }) {
      const integrationId = requiredText(action, 'integrationInstanceId', TYPE);
      const topicArn = requiredText(action, 'topicResourceName', TYPE);
      const message = dataMessage(action, TYPE);
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
        return {
          target: topicArn,
          result: { messageId: sent.value.MessageId ?? null, attempts: sent.attempts },
        };
      } finally {
        client.destroy();
      }
    },
  };
}
