import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type express from 'express';
import { sendQueueMessageHandler } from '../../../src/actions/send-queue-message';
import type { OutboundActionInput } from '../../../src/rules/evaluation/outbound-action';
import { startElasticMq, type LocalElasticMq } from '../../helpers/elasticmq';
import { freshAccount } from '../../helpers/harness';
import {
  awsInstance,
  awsTestApp,
  createAwsInstance,
  deps,
  evaluateRule,
  failure,
  KEYS,
  outcomes,
  resolver,
} from './aws-test-app';

/**
 * SEND_QUEUE_MESSAGE through the AWS SDK against a real SQS-compatible server (ElasticMQ from
 * Maven Central, test/helpers/elasticmq.ts): the exact body received, the request going to the
 * instance's endpoint whatever host the queue URL names, a missing queue failing with the AWS
 * error, refused connections retried, and rules evaluated over HTTP with instances made by
 * `POST /integrations`.
 */
const QUEUES = ['alerts', 'http-alerts'];

function input(action: Record<string, unknown>): OutboundActionInput {
  return {
    accountId: 'acct-1',
    rule: { id: 'rule-1', name: 'buckets' },
    evaluationId: 'ev-1',
    action,
    context: {},
    secrets: [],
  };
}

/**
 * The outbound timeout here: ElasticMQ runs on a JVM, whose first answers on a busy machine can
 * take seconds; with the tests' usual 2 s a slow answer would be retried and show as `attempts: 2`.
 */
const ELASTICMQ_ANSWER_MS = 15_000;

describe('actions: SEND_QUEUE_MESSAGE against a real ElasticMQ', function () {
  // The first run copies the ElasticMQ jars from Maven Central.
  this.timeout(180_000);
  let mq: LocalElasticMq;
  let reader: SQSClient;
  before(async () => {
    mq = await startElasticMq(QUEUES);
    reader = new SQSClient({
      region: 'us-east-1',
      endpoint: mq.endpoint,
      credentials: { accessKeyId: 'reader', secretAccessKey: 'reader' },
    });
  });
  after(async () => {
    reader?.destroy();
    await mq?.stop();
  });

  /** Every message waiting on the queue (bodies and ids), removed from view by the read. */
  async function received(queue: string): Promise<Array<{ id: string; body: string }>> {
    const out = await reader.send(
      new ReceiveMessageCommand({
        QueueUrl: mq.queueUrl(queue),
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    return (out.Messages ?? []).map((m) => ({ id: m.MessageId ?? '', body: m.Body ?? '' }));
  }

  const handler = (endpoint = mq.endpoint, attempts = 3) =>
    sendQueueMessageHandler(
      deps(resolver(awsInstance({ region: 'us-east-1', endpoint })), {
        attempts,
        timeoutMs: ELASTICMQ_ANSWER_MS,
      }),
    );

  it('sends {"data": ...} as the message body; answers the queue and the message id', async () => {
    const queueUrl = mq.queueUrl('alerts');
    const done = await handler().execute(
      input({
        integrationInstanceId: 'aws-1',
        queueUrl,
        data: { level: 'HIGH', total: 2, ids: ['b1', 'b2'] },
      }),
    );
    const messages = await received('alerts');
    assert.deepEqual(messages, [
      { id: done.result?.messageId, body: '{"data":{"level":"HIGH","total":2,"ids":["b1","b2"]}}' },
    ]);
    assert.deepEqual(done, {
      target: queueUrl,
      result: { messageId: messages[0]!.id, attempts: 1 },
    });
  });

  it("sends to the instance's endpoint, not to the host the queue URL names", async () => {
    const queueUrl = 'http://192.0.2.1:9/000000000000/alerts';
    const done = await handler().execute(
      input({ integrationInstanceId: 'aws-1', queueUrl, data: 'x' }),
    );
    assert.equal(done.target, queueUrl);
    assert.deepEqual(
      (await received('alerts')).map((m) => m.body),
      ['{"data":"x"}'],
    );
  });

  it('fails at once for a queue that does not exist, with the AWS error code and message', async () => {
    const queueUrl = mq.queueUrl('no-such-queue');
    assert.equal(
      await failure(
        handler().execute(input({ integrationInstanceId: 'aws-1', queueUrl, data: {} })),
      ),
      `SQS SendMessage to ${queueUrl} failed: QueueDoesNotExist: The specified queue does not exist.`,
    );
  });

  it('retries a refused connection, then fails with its code', async () => {
    const port = await closedPort();
    const queueUrl = mq.queueUrl('alerts');
    assert.equal(
      await failure(
        handler(`http://127.0.0.1:${port}`, 2).execute(
          input({ integrationInstanceId: 'aws-1', queueUrl, data: {} }),
        ),
      ),
      `SQS SendMessage to ${queueUrl} failed: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port} (after 2 attempts)`,
    );
  });

  describe('rules evaluated over HTTP, instances made with POST /integrations', () => {
    let app: express.Express;
    before(async () => {
      app = await awsTestApp({ backoffMs: 10, timeoutMs: ELASTICMQ_ANSWER_MS });
    });

    it('sends the rendered data to the queue; the record has target, result, no credentials', async () => {
      const a = await freshAccount();
      const id = await createAwsInstance(app, a, { region: 'us-east-1', endpoint: mq.endpoint });
      const queueUrl = mq.queueUrl('http-alerts');
      const record = await evaluateRule(app, a, 'sqs rule', [
        { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'LOW' },
        {
          type: 'SEND_SQS_MESSAGE',
          integrationInstanceId: id,
          queueUrl,
          data: { rule: '{{alertRuleName}}', level: '{{alertLevel}}', ok: true },
        },
      ]);
      const messages = await received('http-alerts');
      assert.deepEqual(
        messages.map((m) => m.body),
        ['{"data":{"rule":"sqs rule","level":"LOW","ok":true}}'],
      );
      assert.deepEqual(outcomes(record)[1], {
        pointer: '/operations/0/actions/1',
        type: 'SEND_QUEUE_MESSAGE',
        status: 'SUCCESS',
        target: queueUrl,
        inputs: {
          integrationInstanceId: id,
          queueUrl,
          data: { rule: 'sqs rule', level: 'LOW', ok: true },
        },
        result: { messageId: messages[0]!.id, attempts: 1 },
      });
      for (const text of Object.values(KEYS)) {
        assert.ok(!JSON.stringify(record).includes(text), text);
      }
    });

    it('records an unreachable endpoint as FAILED after every attempt, and no credentials', async () => {
      const a = await freshAccount();
      const port = await closedPort();
      const id = await createAwsInstance(app, a, {
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
      });
      const queueUrl = mq.queueUrl('http-alerts');
      const record = await evaluateRule(app, a, 'sqs unreachable', [
        { type: 'SEND_QUEUE_MESSAGE', integrationInstanceId: id, queueUrl, data: { a: 1 } },
      ]);
      const message = `SQS SendMessage to ${queueUrl} failed: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port} (after 3 attempts)`;
      assert.equal(record.status, 'FAILED');
      const [outcome] = outcomes(record);
      assert.equal(outcome!.status, 'FAILED');
      assert.equal(outcome!.error, message);
      assert.deepEqual(record.errors, [`/operations/0/actions/0 SEND_QUEUE_MESSAGE: ${message}`]);
      for (const text of Object.values(KEYS)) {
        assert.ok(!JSON.stringify(record).includes(text), text);
      }
      assert.deepEqual(await received('http-alerts'), []);
    });

    it('retries 5xx answers: two 503s, then the message reaches the queue once with attempts 3', async () => {
      const proxy = await flakyProxy(mq.endpoint, 2);
      try {
        const a = await freshAccount();
        const id = await createAwsInstance(app, a, { region: 'us-east-1', endpoint: proxy.url });
        const queueUrl = mq.queueUrl('http-alerts');
        const record = await evaluateRule(app, a, 'sqs retry', [
          {
            type: 'SEND_QUEUE_MESSAGE',
            integrationInstanceId: id,
            queueUrl,
            data: { rule: '{{alertRuleName}}', n: 1 },
          },
        ]);
        const expected = '{"data":{"rule":"sqs retry","n":1}}';
        const messages = await received('http-alerts');
        assert.deepEqual(
          messages.map((m) => m.body),
          [expected],
        );
        assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
        assert.deepEqual(outcomes(record)[0], {
          pointer: '/operations/0/actions/0',
          type: 'SEND_QUEUE_MESSAGE',
          status: 'SUCCESS',
          target: queueUrl,
          inputs: { integrationInstanceId: id, queueUrl, data: { rule: 'sqs retry', n: 1 } },
          result: { messageId: messages[0]!.id, attempts: 3 },
        });
        assert.deepEqual(proxy.statuses, [503, 503, 200]);
        assert.deepEqual(proxy.messageBodies, [expected, expected, expected]);
        for (const text of Object.values(KEYS)) {
          assert.ok(!JSON.stringify(record).includes(text), text);
        }
      } finally {
        await proxy.close();
      }
    });

    it('records a missing queue as FAILED with the AWS error, and no credentials', async () => {
      const a = await freshAccount();
      const id = await createAwsInstance(app, a, { region: 'us-east-1', endpoint: mq.endpoint });
      const queueUrl = mq.queueUrl('missing');
      const record = await evaluateRule(app, a, 'sqs missing queue', [
        { type: 'SEND_QUEUE_MESSAGE', integrationInstanceId: id, queueUrl, data: { a: 1 } },
      ]);
      const [outcome] = outcomes(record);
      assert.equal(outcome!.status, 'FAILED');
      assert.equal(
        outcome!.error,
        `SQS SendMessage to ${queueUrl} failed: QueueDoesNotExist: The specified queue does not exist.`,
      );
      for (const text of Object.values(KEYS)) {
        assert.ok(!JSON.stringify(record).includes(text), text);
      }
    });
  });
});

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * An HTTP proxy in front of `target` that answers the first `failures` requests 503 (no body),
 * then forwards every request as it came. Records the status of each answer and the SQS
 * MessageBody of each request (JSON or query protocol).
 */
async function flakyProxy(
  target: string,
  failures: number,
): Promise<{ url: string; statuses: number[]; messageBodies: string[]; close(): Promise<void> }> {
  const statuses: number[] = [];
  const messageBodies: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = body.toString('utf8');
      const json = String(req.headers['content-type'] ?? '').includes('json');
      messageBodies.push(
        json
          ? String((JSON.parse(text) as { MessageBody?: unknown }).MessageBody)
          : String(new URLSearchParams(text).get('MessageBody')),
      );
      if (statuses.length < failures) {
        statuses.push(503);
        res.writeHead(503, { 'content-length': '0' });
        res.end();
        return;
      }
      const forward = http.request(
        `${target}${req.url ?? '/'}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          statuses.push(answer.statusCode ?? 0);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', (err) => {
        statuses.push(502);
        res.writeHead(502);
        res.end(String(err));
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    statuses,
    messageBodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
