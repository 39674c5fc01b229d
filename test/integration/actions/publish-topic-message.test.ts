import assert from 'node:assert/strict';
import type express from 'express';
import { publishTopicMessageHandler } from '../../../src/actions/publish-topic-message';
import type { OutboundActionInput } from '../../../src/rules/evaluation/outbound-action';
import { freshAccount } from '../../helpers/harness';
import {
  ASSUMED,
  AwsQueryTestServer,
  errorResponse,
  type ReceivedAwsRequest,
} from './aws-query-test-server';
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
 * PUBLISH_TOPIC_MESSAGE through the AWS SDK against a local HTTP server playing SNS and STS: the
 * exact Publish request (action, topic, message, SigV4 signature with the instance's key and never
 * its secret), retries of 5xx and throttling, permanent errors with the AWS error code and message,
 * timeouts, AssumeRole, and rules evaluated over HTTP with instances made by `POST /integrations`.
 */
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:graphsync-alerts';
const ROLE = 'arn:aws:iam::123456789012:role/graphsync-publisher';

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

/** The SigV4 Authorization header of a request signed with `keyId` for `service`. */
function signedBy(req: ReceivedAwsRequest, keyId: string, service: string): void {
  assert.match(
    String(req.headers.authorization),
    new RegExp(
      `^AWS4-HMAC-SHA256 Credential=${keyId}/\\d{8}/us-east-1/${service}/aws4_request, ` +
        'SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$',
    ),
  );
}

/** Nothing of what the server received holds the text. */
function nowhereIn(requests: ReceivedAwsRequest[], text: string): void {
  for (const r of requests) {
    assert.ok(!JSON.stringify(r).includes(text), `${text} was sent in ${JSON.stringify(r)}`);
  }
}

describe('actions: PUBLISH_TOPIC_MESSAGE against a local SNS/STS endpoint', () => {
  let server: AwsQueryTestServer;
  let endpoint: string;
  before(async () => {
    server = new AwsQueryTestServer();
    endpoint = await server.start();
  });
  after(() => server.close());
  beforeEach(() => server.reset());

  const handler = (config: Record<string, unknown> = {}, secrets = KEYS, attempts = 3) =>
    publishTopicMessageHandler(
      deps(resolver(awsInstance({ region: 'us-east-1', endpoint, ...config }, secrets)), {
        attempts,
        timeoutMs: 500,
      }),
    );
  const action = (data: unknown = { level: 'HIGH', buckets: ['logs', 'web'] }) => ({
    integrationInstanceId: 'aws-1',
    topicResourceName: TOPIC,
    data,
  });

  it('publishes {"data": ...} to the topic, signed with the instance key, the secret never sent', async () => {
    const done = await handler().execute(input(action()));
    assert.deepEqual(done, { target: TOPIC, result: { messageId: 'msg-1', attempts: 1 } });
    assert.equal(server.requests.length, 1);
    const [req] = server.requests;
    assert.equal(req!.method, 'POST');
    assert.equal(req!.path, '/');
    assert.deepEqual(req!.params, {
      Action: 'Publish',
      Version: '2010-03-31',
      TopicArn: TOPIC,
      Message: '{"data":{"level":"HIGH","buckets":["logs","web"]}}',
    });
    signedBy(req!, KEYS.accessKeyId, 'sns');
    assert.equal(req!.headers['x-amz-security-token'], undefined);
    nowhereIn(server.requests, KEYS.secretAccessKey);
  });

  it('sends a session token secret as X-Amz-Security-Token', async () => {
    const secrets = { ...KEYS, sessionToken: 'instance-session-token-xyz' };
    await handler({}, secrets).execute(input(action('plain text')));
    assert.equal(server.requests[0]!.params.Message, '{"data":"plain text"}');
    assert.equal(server.requests[0]!.headers['x-amz-security-token'], 'instance-session-token-xyz');
  });

  it('retries 5xx answers: a 500 twice, then success, is 3 attempts', async () => {
    server.queue('Publish', { status: 500, body: 'oops' }, { status: 503, body: 'busy' });
    const done = await handler().execute(input(action()));
    assert.deepEqual(done, { target: TOPIC, result: { messageId: 'msg-1', attempts: 3 } });
    assert.equal(server.requests.length, 3);
    assert.deepEqual(
      server.requests.map((r) => r.params.Message),
      Array(3).fill('{"data":{"level":"HIGH","buckets":["logs","web"]}}'),
    );
  });

  it('retries throttling (400 Throttling, 429) and gives up after the last attempt', async () => {
    server.queue('Publish', errorResponse(400, 'Throttling', 'Rate exceeded'));
    assert.equal((await handler().execute(input(action()))).result?.attempts, 2);
    server.reset();
    server.queue(
      'Publish',
      errorResponse(429, 'TooManyRequests', 'Slow down'),
      errorResponse(429, 'TooManyRequests', 'Slow down'),
      errorResponse(429, 'TooManyRequests', 'Slow down'),
    );
    assert.equal(
      await failure(handler().execute(input(action()))),
      `SNS Publish to ${TOPIC} failed: TooManyRequests: Slow down (after 3 attempts)`,
    );
    assert.equal(server.requests.length, 3);
  });

  it('fails at once on a 4xx error with the AWS error code and message', async () => {
    server.queue('Publish', errorResponse(404, 'NotFound', 'Topic does not exist'));
    assert.equal(
      await failure(handler().execute(input(action()))),
      `SNS Publish to ${TOPIC} failed: NotFoundException: Topic does not exist`,
    );
    assert.equal(server.requests.length, 1);
  });

  it('says "Unknown (HTTP 500)" for a 5xx without an AWS error body, after every attempt', async () => {
    server.queue('Publish', ...Array(2).fill({ status: 500, body: '<html>oops</html>' }));
    assert.equal(
      await failure(handler({}, KEYS, 2).execute(input(action()))),
      `SNS Publish to ${TOPIC} failed: Unknown (HTTP 500) (after 2 attempts)`,
    );
  });

  it('times out after OUTBOUND_TIMEOUT and retries the timeout', async () => {
    server.queue('Publish', { status: 0, body: '' });
    const done = await handler().execute(input(action()));
    assert.deepEqual(done.result, { messageId: 'msg-1', attempts: 2 });
    server.reset();
    server.queue('Publish', { status: 0, body: '' }, { status: 0, body: '' });
    assert.match(
      await failure(handler({}, KEYS, 2).execute(input(action()))),
      new RegExp(
        `^SNS Publish to ${TOPIC} failed: TimeoutError: no answer within 500 ms \\(after 2 attempts\\)$`,
      ),
    );
  });

  it('assumes roleArn (session graphsync-<evaluationId>, ExternalId) and signs with the role', async () => {
    const done = await handler({ roleArn: ROLE, externalId: 'ext-42' }).execute(input(action()));
    assert.deepEqual(done, { target: TOPIC, result: { messageId: 'msg-1', attempts: 1 } });
    const [assume, publish] = server.requests;
    assert.equal(server.requests.length, 2);
    assert.deepEqual(assume!.params, {
      Action: 'AssumeRole',
      Version: '2011-06-15',
      RoleArn: ROLE,
      RoleSessionName: 'graphsync-ev-1',
      ExternalId: 'ext-42',
    });
    signedBy(assume!, KEYS.accessKeyId, 'sts');
    assert.equal(publish!.params.Action, 'Publish');
    signedBy(publish!, ASSUMED.accessKeyId, 'sns');
    assert.equal(publish!.headers['x-amz-security-token'], ASSUMED.sessionToken);
    nowhereIn(server.requests, KEYS.secretAccessKey);
    nowhereIn(server.requests, ASSUMED.secretAccessKey);
  });

  it('reports a refused AssumeRole with its code and message, without retrying it', async () => {
    server.queue(
      'AssumeRole',
      errorResponse(
        403,
        'AccessDenied',
        `User is not authorized to perform sts:AssumeRole on ${ROLE}`,
      ),
    );
    assert.equal(
      await failure(handler({ roleArn: ROLE }).execute(input(action()))),
      `AssumeRole of ${ROLE} failed: AccessDenied: User is not authorized to perform sts:AssumeRole on ${ROLE}`,
    );
    assert.deepEqual(
      server.requests.map((r) => r.params.Action),
      ['AssumeRole'],
    );
  });

  it('retries a 5xx AssumeRole, then publishes with the role', async () => {
    server.queue('AssumeRole', { status: 500, body: 'oops' });
    const done = await handler({ roleArn: ROLE }).execute(input(action()));
    assert.deepEqual(done.result, { messageId: 'msg-1', attempts: 2 });
    assert.deepEqual(
      server.requests.map((r) => r.params.Action),
      ['AssumeRole', 'AssumeRole', 'Publish'],
    );
  });

  it('refuses an instance endpoint on a loopback or private address unless allowlisted', async () => {
    const strict = publishTopicMessageHandler(
      deps(resolver(awsInstance({ region: 'us-east-1', endpoint }, KEYS)), {
        webhookAllowlist: [],
      }),
    );
    const { host } = new URL(endpoint);
    assert.equal(
      await failure(strict.execute(input(action()))),
      `PUBLISH_TOPIC_MESSAGE refused http://${host}: 127.0.0.1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)`,
    );
    assert.equal(server.requests.length, 0);
  });

  it('refuses an endpoint in any special-purpose range, loopback and private allowlisted (issue 23)', async () => {
    for (const [host, why] of [
      ['192.0.2.10:4566', '192.0.2.10 is a documentation address'],
      ['198.51.100.10', '198.51.100.10 is a documentation address'],
      ['[ff02::1]:4566', 'ff02::1 is a multicast address'],
      ['[64:ff9b::c612:1]:4566', '64:ff9b::c612:1 is a benchmarking address'],
    ]) {
      const strict = publishTopicMessageHandler(
        deps(resolver(awsInstance({ region: 'us-east-1', endpoint: `http://${host}` }, KEYS)), {
          webhookAllowlist: ['loopback', 'private'],
        }),
      );
      assert.equal(
        await failure(strict.execute(input(action()))),
        `PUBLISH_TOPIC_MESSAGE refused http://${host}: ${why} (allow it with WEBHOOK_ALLOWLIST)`,
      );
    }
  });

  it('refuses what cannot be sent before any request', async () => {
    const h = handler();
    assert.equal(
      await failure(h.execute(input({ ...action(), data: undefined }))),
      'PUBLISH_TOPIC_MESSAGE needs data to render to a JSON value, not undefined',
    );
    assert.equal(
      await failure(h.execute(input({ ...action(), topicResourceName: ' ' }))),
      'PUBLISH_TOPIC_MESSAGE needs topicResourceName to be non-empty text, not " "',
    );
    assert.equal(
      await failure(h.execute(input({ ...action(), integrationInstanceId: 'nope' }))),
      "integration instance 'nope' does not exist in this account",
    );
    assert.equal(
      await failure(
        handler({}, { accessKeyId: KEYS.accessKeyId } as typeof KEYS).execute(input(action())),
      ),
      "integration instance 'aws-1' needs both accessKeyId and secretAccessKey secrets, or neither",
    );
    assert.equal(server.requests.length, 0);
  });

  describe('rules evaluated over HTTP, instances made with POST /integrations', () => {
    let app: express.Express;
    before(async () => {
      app = await awsTestApp({ timeoutMs: 2000, backoffMs: 10 });
    });

    it('publishes the rendered data; the record has target, result, and no credentials', async () => {
      const a = await freshAccount();
      const id = await createAwsInstance(app, a, { region: 'us-east-1', endpoint });
      const record = await evaluateRule(app, a, 'sns rule', [
        { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
        {
          type: 'PUBLISH_SNS_MESSAGE',
          integrationInstanceId: id,
          topicArn: TOPIC,
          data: {
            rule: '{{alertRuleName}}',
            level: '{{alertLevel}}',
            total: '{{queries.query0.total}}',
          },
        },
      ]);
      assert.deepEqual(outcomes(record)[1], {
        pointer: '/operations/0/actions/1',
        type: 'PUBLISH_TOPIC_MESSAGE',
        status: 'SUCCESS',
        target: TOPIC,
        inputs: {
          integrationInstanceId: id,
          topicResourceName: TOPIC,
          data: { rule: 'sns rule', level: 'HIGH', total: 0 },
        },
        result: { messageId: 'msg-1', attempts: 1 },
      });
      assert.equal(server.requests.length, 1);
      assert.equal(
        server.requests[0]!.params.Message,
        '{"data":{"rule":"sns rule","level":"HIGH","total":0}}',
      );
      signedBy(server.requests[0]!, KEYS.accessKeyId, 'sns');
      assert.ok(!JSON.stringify(record).includes(KEYS.secretAccessKey));
      assert.ok(!JSON.stringify(record).includes(KEYS.accessKeyId));
    });

    it('publishes with an assumed role', async () => {
      const a = await freshAccount();
      const id = await createAwsInstance(app, a, { region: 'us-east-1', endpoint, roleArn: ROLE });
      const record = await evaluateRule(app, a, 'sns role rule', [
        {
          type: 'PUBLISH_TOPIC_MESSAGE',
          integrationInstanceId: id,
          topicResourceName: TOPIC,
          data: {},
        },
      ]);
      assert.equal(outcomes(record)[0]!.status, 'SUCCESS', JSON.stringify(record));
      const [assume, publish] = server.requests;
      assert.equal(assume!.params.RoleSessionName, `graphsync-${record.id as string}`);
      signedBy(publish!, ASSUMED.accessKeyId, 'sns');
      assert.equal(publish!.params.Message, '{"data":{}}');
      for (const text of [...Object.values(KEYS), ...Object.values(ASSUMED)]) {
        assert.ok(!JSON.stringify(record).includes(text), text);
      }
    });

    it('retries 5xx answers through a rule: a 500 twice, then SUCCESS with attempts 3', async () => {
      const a = await freshAccount();
      const id = await createAwsInstance(app, a, { region: 'us-east-1', endpoint });
      server.queue('Publish', { status: 500, body: 'oops' }, { status: 500, body: 'oops' });
      const record = await evaluateRule(app, a, 'sns retry rule', [
        {
          type: 'PUBLISH_TOPIC_MESSAGE',
          integrationInstanceId: id,
          topicResourceName: TOPIC,
          data: { rule: '{{alertRuleName}}', n: 1 },
        },
      ]);
      assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
      assert.deepEqual(outcomes(record)[0], {
        pointer: '/operations/0/actions/0',
        type: 'PUBLISH_TOPIC_MESSAGE',
        status: 'SUCCESS',
        target: TOPIC,
        inputs: {
          integrationInstanceId: id,
          topicResourceName: TOPIC,
          data: { rule: 'sns retry rule', n: 1 },
        },
        result: { messageId: 'msg-1', attempts: 3 },
      });
      assert.equal(server.requests.length, 3);
      for (const req of server.requests) {
        assert.equal(req.params.Action, 'Publish');
        assert.equal(req.params.TopicArn, TOPIC);
        assert.equal(req.params.Message, '{"data":{"rule":"sns retry rule","n":1}}');
        signedBy(req, KEYS.accessKeyId, 'sns');
      }
      nowhereIn(server.requests, KEYS.secretAccessKey);
      assert.ok(!JSON.stringify(record).includes(KEYS.secretAccessKey));
      assert.ok(!JSON.stringify(record).includes(KEYS.accessKeyId));
    });

    it('records a 4xx as FAILED with the AWS error code and message', async () => {
      const a = await freshAccount();
      const id = await createAwsInstance(app, a, { region: 'us-east-1', endpoint });
      server.queue('Publish', errorResponse(404, 'NotFound', 'Topic does not exist'));
      const record = await evaluateRule(app, a, 'sns missing topic', [
        {
          type: 'PUBLISH_TOPIC_MESSAGE',
          integrationInstanceId: id,
          topicResourceName: TOPIC,
          data: { a: 1 },
        },
      ]);
      const [outcome] = outcomes(record);
      assert.equal(outcome!.status, 'FAILED');
      assert.equal(
        outcome!.error,
        `SNS Publish to ${TOPIC} failed: NotFoundException: Topic does not exist`,
      );
      assert.ok(!JSON.stringify(record).includes(KEYS.secretAccessKey));
    });
  });
});
