import assert from 'node:assert/strict';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { freshAccount } from '../../helpers/harness';
import { startElasticMq, type LocalElasticMq } from '../../helpers/elasticmq';
import { AwsQueryTestServer } from '../actions/aws-query-test-server';
import { createAwsInstance } from '../actions/aws-test-app';
import {
  deliveries,
  dispatchUntil,
  eventConfig,
  eventStack,
  finishedJob,
  subscribe,
} from './subscription-helpers';

/**
 * Change events to an SQS queue (a real ElasticMQ) and an SNS topic (the local AWS query test
 * server), through an aws integration instance made with `POST /integrations`: the message is the
 * event's JSON, the same body a webhook gets.
 */
describe('subscriptions: change events to SQS and SNS', function () {
  // The first run copies the ElasticMQ jars from Maven Central.
  this.timeout(180_000);
  let mq: LocalElasticMq;
  let reader: SQSClient;
  let sns: AwsQueryTestServer;
  let snsEndpoint: string;
  before(async () => {
    mq = await startElasticMq(['changes']);
    reader = new SQSClient({
      region: 'us-east-1',
      endpoint: mq.endpoint,
      credentials: { accessKeyId: 'reader', secretAccessKey: 'reader' },
    });
    sns = new AwsQueryTestServer();
    snsEndpoint = await sns.start();
  });
  after(async () => {
    reader?.destroy();
    await mq?.stop();
    await sns?.close();
  });

  // ElasticMQ runs on a JVM whose first answers on a busy machine can take seconds.
  const config = () => {
    const c = eventConfig();
    return { ...c, outbound: { ...c.outbound, timeoutMs: 15_000 } };
  };

  it('sends a finalize to an SQS queue once', async () => {
    const { app, services } = await eventStack(config());
    const a = await freshAccount();
    const aws = await createAwsInstance(app, a, { region: 'us-east-1', endpoint: mq.endpoint });
    const id = await subscribe(app, a, {
      name: 'queue',
      target: { kind: 'queue', integrationInstanceId: aws, queueUrl: mq.queueUrl('changes') },
    });
    const jobId = await finishedJob(services, a, 'sqs-scope');
    await dispatchUntil(
      services,
      async () => (await deliveries(app, a, id))[0]?.status === 'DELIVERED',
    );
    const out = await reader.send(
      new ReceiveMessageCommand({
        QueueUrl: mq.queueUrl('changes'),
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    const messages = (out.Messages ?? []).map(
      (m) => JSON.parse(m.Body ?? '') as Record<string, unknown>,
    );
    assert.equal(messages.length, 1);
    const [log] = await deliveries(app, a, id);
    assert.equal(log!.attempts, 1);
    assert.equal(log!.lastStatus, null);
    assert.deepEqual(messages[0]!.job, {
      id: jobId,
      source: 'api',
      scope: 'sqs-scope',
      syncMode: 'DIFF',
    });
    assert.equal(messages[0]!.eventId, log!.eventId);
    assert.equal(messages[0]!.type, 'sync.job.finished');
  });

  it('publishes a finalize to an SNS topic, retrying a 500', async () => {
    sns.reset();
    const { app, services } = await eventStack(config());
    const a = await freshAccount();
    const aws = await createAwsInstance(app, a, { region: 'us-east-1', endpoint: snsEndpoint });
    const topicArn = 'arn:aws:sns:us-east-1:000000000000:changes';
    const id = await subscribe(app, a, {
      name: 'topic',
      target: { kind: 'topic', integrationInstanceId: aws, topicArn },
    });
    sns.queue('Publish', { status: 500, body: 'boom' });
    await finishedJob(services, a, 'sns-scope');
    await dispatchUntil(
      services,
      async () => (await deliveries(app, a, id))[0]?.status === 'DELIVERED',
    );
    const publishes = sns.requests.filter((r) => r.params.Action === 'Publish');
    assert.equal(publishes.length, 2);
    assert.equal(publishes[0]!.params.Message, publishes[1]!.params.Message);
    assert.equal(publishes[1]!.params.TopicArn, topicArn);
    const message = JSON.parse(publishes[1]!.params.Message!) as { eventId: string; scope: string };
    const [log] = await deliveries(app, a, id);
    assert.equal(log!.attempts, 2);
    assert.equal(message.eventId, log!.eventId);
    assert.equal(message.scope, 'sns-scope');
  });
});
