import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { awsClientConfig } from '../../../src/actions/aws-clients';
import { HttpDelivery } from '../../../src/actions/http-delivery';
import { sendMail } from '../../../src/actions/smtp-mailer';
import { silentLogger } from '../../helpers/harness';
import { HTTP_OUTBOUND } from './http-test-app';
import { HttpTestServer } from './http-test-server';
import { AwsQueryTestServer } from './aws-query-test-server';
import { SmtpTestServer } from './smtp-test-server';

/** A non-loopback IPv4 address of this machine with its interface's range, if it has one. */
function ownAddress(): { address: string; cidr: string } | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.family === 'IPv4' && !a.internal && a.cidr !== null) {
        return { address: a.address, cidr: a.cidr };
      }
    }
  }
  return undefined;
}

function delivery(allowlist: string[]): HttpDelivery {
  return new HttpDelivery({
    config: { ...HTTP_OUTBOUND, attempts: 1, webhookAllowlist: allowlist },
    logger: silentLogger,
  });
}

/** The message a WEBHOOK POST to `url` fails with, or '' when it is delivered. */
async function post(d: HttpDelivery, url: string): Promise<string> {
  try {
    await d.send({
      action: 'WEBHOOK',
      method: 'POST',
      url: new URL(url),
      shown: url,
      headers: {},
      json: { a: 1 },
    });
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

const ALLOW = '(allow it with WEBHOOK_ALLOWLIST)';

/**
 * Issue 23: the address guard against real servers. A server listening on 0.0.0.0 is reached
 * through any address of the host; the guard refuses the host's own addresses and every redirect
 * to a refused address, before any connection.
 */
describe('actions: address guard against this host (issue 23)', () => {
  let server: HttpTestServer;
  before(async () => {
    server = await HttpTestServer.start({ status: 204 }, '0.0.0.0');
  });
  beforeEach(() => {
    server.reset({ status: 204 });
    server.connections = 0;
  });
  after(() => server.close());

  it("refuses a WEBHOOK to this machine's own interface address, without connecting", async function () {
    const own = ownAddress();
    if (own === undefined) this.skip();
    const url = `http://${own.address}:${server.port}/hook`;
    // Its range opened (whatever class it is in): the interface rule alone refuses it.
    assert.equal(
      await post(delivery([own.cidr]), url),
      `WEBHOOK refused ${url}: ${own.address} is an address of this host ${ALLOW}`,
    );
    assert.equal(server.connections, 0);
    assert.deepEqual(server.received, []);
    // Named exactly, it is reached: the server did listen there.
    assert.equal(await post(delivery([own.address]), url), '');
    assert.equal(server.received.length, 1);
  });

  it('fails a redirect to a refused address with the guard message, the target receiving nothing', async () => {
    const first = await HttpTestServer.start({ status: 204 });
    try {
      const target = `http://127.0.0.2:${server.port}/stolen`;
      first.reply({ status: 302, headers: { Location: target } });
      const url = first.url('/hook');
      assert.equal(
        await post(delivery(['127.0.0.1']), url),
        `POST ${url} answered 302, a redirect: WEBHOOK refused ${target}: 127.0.0.2 is a loopback address ${ALLOW}`,
      );
      assert.equal(first.received.length, 1);
      assert.equal(server.connections, 0);
      // A relative Location resolves against the request's URL: its host is checked too.
      first.reply({
        status: 307,
        headers: { Location: `//169.254.169.254/latest/meta-data/?x=1` },
      });
      assert.equal(
        await post(delivery(['127.0.0.1']), url),
        `POST ${url} answered 307, a redirect: WEBHOOK refused http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a link-local address ${ALLOW}`,
      );
    } finally {
      await first.close();
    }
  });
});

/**
 * An smtp instance's host and an aws instance's endpoint are checked, then their connections go
 * to the checked address: a name no resolver knows reaches the local servers only that way.
 */
describe('actions: SMTP and AWS connections pinned to the checked addresses (issue 23)', () => {
  it('sends mail to the checked address, naming the server by its host', async () => {
    const smtp = await new SmtpTestServer().start();
    try {
      const sent = await sendMail({
        server: {
          host: 'mail.graphsync.invalid',
          address: '127.0.0.1',
          port: smtp.port,
          secure: false,
          from: 'alerts@acme.test',
        },
        message: { to: ['sec@example.com'], subject: 'pinned', text: 'hi' },
        config: { ...HTTP_OUTBOUND, attempts: 1 },
        logger: silentLogger,
      });
      assert.deepEqual(sent.accepted, ['sec@example.com']);
      assert.equal(smtp.received.length, 1);
    } finally {
      await smtp.close();
    }
  });

  it('sends AWS requests of an endpoint to its checked addresses', async () => {
    const aws = new AwsQueryTestServer();
    const endpoint = new URL(await aws.start());
    try {
      const client = new SNSClient(
        awsClientConfig(
          {
            region: 'us-east-1',
            endpoint: `http://sns.graphsync.invalid:${endpoint.port}`,
            endpointAddresses: [{ address: '127.0.0.1', family: 4 }],
            credentials: { accessKeyId: 'AKIDPINNED', secretAccessKey: 'pinned-secret' },
          },
          { evaluationId: 'ev-1', timeoutMs: 2000, secrets: [] },
        ),
      );
      try {
        await client.send(
          new PublishCommand({
            TopicArn: 'arn:aws:sns:us-east-1:123456789012:t',
            Message: 'pinned',
          }),
        );
      } finally {
        client.destroy();
      }
      assert.deepEqual(
        aws.requests.map((r) => [r.params.Action, r.params.Message]),
        [['Publish', 'pinned']],
      );
    } finally {
      await aws.close();
    }
  });
});
