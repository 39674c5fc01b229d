import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import type { OutboundConfig } from '../../../src/actions/outbound-deps';
import { sendEmailHandler } from '../../../src/actions/send-email';
import type {
  IntegrationResolver,
  ResolvedIntegration,
} from '../../../src/integrations/integration-api';

import type { OutboundActionInput } from '../../../src/rules/evaluation/outbound-action';

import {
  freshAccount,
  silentLogger,
  TEST_PUBLIC_URL,
  testApp,
  type TestAccount,
  testRuleEngine,
  TEST_OUTBOUND,
} from '../../helpers/harness';
import { closedPort, SmtpTestServer } from './smtp-test-server';

/**
 * SEND_EMAIL's handler against a real SMTP server (smtp-server on a random port): the exact
 * message received, recipients in every form, transports (SMTP_URL, an smtp instance with a
 * login), retries of 4xx and refused connections, 5xx failing at once, and the password kept out
 * of every message.
 */
const config = (smtpUrl: string | undefined): OutboundConfig => ({ ...TEST_OUTBOUND, smtpUrl });

/** Answers one smtp instance for id `smtp-1`; anything else as the integration service would. */
function resolver(instance: ResolvedIntegration | undefined): IntegrationResolver & {
  asked: unknown[];
} {
  const asked: unknown[] = [];
  return {
    asked,
    resolve(input) {
      asked.push(input);
      if (instance === undefined || input.integrationId !== 'smtp-1') {
        return Promise.reject(
          new Error(`integration instance '${input.integrationId}' does not exist in this account`),
        );
      }
      return Promise.resolve(instance);
    },
  };
}

function smtpInstance(port: number, secrets: Record<string, unknown>): ResolvedIntegration {
  return {
    instance: {
      id: 'smtp-1',
      type: 'smtp',
      name: 'corp-mail',
      config: { host: '127.0.0.1', port, secure: false, from: 'alerts@acme.test' },
      secretNames: Object.keys(secrets),
      createdOn: 1,
      updatedOn: 1,
    },
    secrets,
  };
}

function input(
  action: Record<string, unknown>,
  context: OutboundActionInput['context'] = {},
): OutboundActionInput {
  return {
    accountId: 'acct-1',
    rule: { id: 'rule-1', name: 'unencrypted-buckets' },
    evaluationId: 'ev-1',
    action,
    context,
    secrets: [],
  };
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as Error).message;
  }
  assert.fail('expected a rejection');
}

describe('actions: SEND_EMAIL over a real SMTP server', () => {
  let server: SmtpTestServer;
  beforeEach(async () => {
    server = await new SmtpTestServer().start();
  });
  afterEach(() => server.close());

  it('sends through SMTP_URL: exact From, To, Subject and body; answers target and result', async () => {
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
    });
    const done = await handler.execute(
      input(
        { recipients: ['sec@example.com', 'ops@example.com'], body: '2 buckets are unencrypted' },
        {
          alertLevel: 'high',
          alertWebLink: 'http://graphsync.test/alerts?ruleId=rule-1',
        },
      ),
    );
    assert.equal(server.received.length, 1);
    const mail = server.received[0]!;
    assert.deepEqual(mail, {
      mailFrom: 'graphsync@example.test',
      rcptTo: ['sec@example.com', 'ops@example.com'],
      from: 'graphsync@example.test',
      to: 'sec@example.com, ops@example.com',
      subject: '[HIGH] unencrypted-buckets',
      text: '2 buckets are unencrypted\n\n-- \nAlerts: http://graphsync.test/alerts?ruleId=rule-1\n',
      messageId: mail.messageId,
    });
    assert.match(mail.messageId, /^<.+@.+>$/);
    assert.deepEqual(done, {
      target: 'sec@example.com, ops@example.com',
      result: {
        messageId: mail.messageId,
        accepted: ['sec@example.com', 'ops@example.com'],
        rejected: [],
        attempts: 1,
      },
    });
  });

  it('takes recipients as a rendered param list, a separated string, or both; repeats go once', async () => {
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
    });
    // `{{param.team}}` renders to a list; next to it a literal string of two addresses.
    const done = await handler.execute(
      input({
        recipients: [['a@x.com', 'b@x.com'], 'c@x.com; A@X.com,  d@x.com'],
      }),
    );
    assert.equal(done.target, 'a@x.com, b@x.com, c@x.com, d@x.com');
    assert.deepEqual(server.received[0]?.rcptTo, ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com']);
    // No alertLevel: the subject is the rule's name; no body: the default names the rule.
    assert.equal(server.received[0]?.subject, 'unencrypted-buckets');
    assert.equal(server.received[0]?.text, "Rule 'unencrypted-buckets' sent this email.\n");

    await handler.execute(
      input({ recipients: 'solo@x.com' }, { queries: { query0: { data: [], total: 4 } } }),
    );
    assert.deepEqual(server.received[1]?.rcptTo, ['solo@x.com']);
    assert.equal(
      server.received[1]?.text,
      "Rule 'unencrypted-buckets' sent this email.\nquery0: 4\n",
    );
  });

  it('refuses bad, missing and empty recipients, naming the bad one; nothing is sent', async () => {
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
    });
    const cases: Array<[unknown, string]> = [
      [['ok@x.com', 'not-an-email'], "recipients: 'not-an-email' is not an email address"],
      ['ok@x.com, Bob <bob@x.com>', "recipients: 'Bob' is not an email address"],
      [['a@x.com', 42], 'recipients: 42 is not an email address'],
      [
        ['a@x.com', { email: 'b@x.com' }],
        'recipients: {"email":"b@x.com"} is not an email address',
      ],
      ['a@x.com\r\nBcc: evil@x.com', "recipients: 'Bcc:' is not an email address"],
      [[], 'recipients is empty: there is no one to send to'],
      [' , ', 'recipients is empty: there is no one to send to'],
      [undefined, 'recipients is empty: there is no one to send to'],
      [
        Array.from({ length: 101 }, (_, i) => `u${i}@x.com`),
        'recipients names 101 addresses; one email goes to at most 100',
      ],
    ];
    for (const [recipients, message] of cases) {
      assert.equal(await failure(handler.execute(input({ recipients }))), message);
    }
    assert.equal(server.received.length, 0);
    assert.equal(server.dataCommands, 0);
  });

  it('fails with a clear message when there is neither an smtp instance nor SMTP_URL', async () => {
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(undefined),
      logger: silentLogger,
    });
    assert.equal(
      await failure(handler.execute(input({ recipients: ['a@x.com'] }))),
      'SEND_EMAIL has no mail server: name an smtp integration instance in integrationInstanceId, or set SMTP_URL',
    );
    const unknown = await failure(
      handler.execute(input({ recipients: ['a@x.com'], integrationInstanceId: 'nope' })),
    );
    assert.equal(unknown, "integration instance 'nope' does not exist in this account");
  });

  it('sends through the named smtp instance with its login and From', async () => {
    await server.close();
    server = await new SmtpTestServer({ user: 'mailer', pass: 'pa55-w0rd!' }).start();
    const integrations = resolver(
      smtpInstance(server.port, { username: 'mailer', password: 'pa55-w0rd!' }),
    );
    const handler = sendEmailHandler({
      integrations,
      // SMTP_URL points nowhere: the instance wins.
      config: config(`smtp://127.0.0.1:${await closedPort()}`),
      logger: silentLogger,
    });
    const done = await handler.execute(
      input({ recipients: ['sec@example.com'], body: 'hi', integrationInstanceId: 'smtp-1' }),
    );
    assert.deepEqual(integrations.asked, [
      { accountId: 'acct-1', integrationId: 'smtp-1', type: 'smtp', action: 'SEND_EMAIL' },
    ]);
    assert.deepEqual(server.logins, ['mailer:pa55-w0rd!']);
    assert.equal(server.received[0]?.login, 'mailer');
    assert.equal(server.received[0]?.from, 'alerts@acme.test');
    assert.equal(server.received[0]?.mailFrom, 'alerts@acme.test');
    assert.equal(done.result?.attempts, 1);
  });

  it('an smtp instance may not point at a loopback or private host unless allowlisted', async () => {
    const handler = sendEmailHandler({
      integrations: resolver(smtpInstance(server.port, {})),
      config: { ...config(undefined), webhookAllowlist: [] },
      logger: silentLogger,
    });
    assert.equal(
      await failure(
        handler.execute(
          input({ recipients: ['sec@example.com'], body: 'hi', integrationInstanceId: 'smtp-1' }),
        ),
      ),
      `SEND_EMAIL refused 127.0.0.1:${server.port}: 127.0.0.1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)`,
    );
    assert.equal(server.received.length, 0);
    // A rendered integrationInstanceId that is not text is an error, not a silent SMTP_URL.
    assert.equal(
      await failure(
        handler.execute(input({ recipients: ['sec@example.com'], integrationInstanceId: 0 })),
      ),
      'SEND_EMAIL needs integrationInstanceId to be text, not 0',
    );
  });

  it('a refused login fails at once, and the message never holds the password', async () => {
    await server.close();
    server = await new SmtpTestServer({ user: 'mailer', pass: 'right-one' }).start();
    const handler = sendEmailHandler({
      integrations: resolver(smtpInstance(server.port, { username: 'mailer', password: 'Wr0ng!' })),
      config: config(undefined),
      logger: silentLogger,
    });
    const message = await failure(
      handler.execute(input({ recipients: ['a@x.com'], integrationInstanceId: 'smtp-1' })),
    );
    assert.equal(
      message,
      `sending mail through 127.0.0.1:${server.port} failed: Invalid login: 535 Authentication credentials invalid`,
    );
    assert.ok(!message.includes('Wr0ng!'));
    assert.deepEqual(server.logins, ['mailer:Wr0ng!']);

    // The same through SMTP_URL credentials.
    const viaUrl = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(`smtp://mailer:Wr0ng%21@127.0.0.1:${server.port}`),
      logger: silentLogger,
    });
    const urlMessage = await failure(viaUrl.execute(input({ recipients: ['a@x.com'] })));
    assert.equal(urlMessage, message);
    assert.deepEqual(server.logins, ['mailer:Wr0ng!', 'mailer:Wr0ng!']);
  });

  it('retries 4xx replies: two 421s, then delivered with attempts 3', async () => {
    server.refuseData.push(
      { code: 421, message: '4.3.2 try again later' },
      { code: 451, message: '4.3.0 local problem' },
    );
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
    });
    const done = await handler.execute(input({ recipients: ['a@x.com'], body: 'x' }));
    assert.equal(server.dataCommands, 3);
    assert.equal(server.received.length, 1);
    assert.equal(done.result?.attempts, 3);
    assert.equal(done.result?.messageId, server.received[0]?.messageId);
  });

  it('gives up after the last 4xx, saying so', async () => {
    server.refuseData.push(
      { code: 421, message: 'busy' },
      { code: 421, message: 'busy' },
      { code: 421, message: 'still busy' },
    );
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
    });
    assert.equal(
      await failure(handler.execute(input({ recipients: ['a@x.com'] }))),
      `sending mail through 127.0.0.1:${server.port} failed: Message failed: 421 still busy (after 3 attempts)`,
    );
    assert.equal(server.dataCommands, 3);
  });

  it('a 5xx reply fails at once with the server message', async () => {
    server.refuseData.push({ code: 550, message: '5.7.1 message rejected as spam' });
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
    });
    assert.equal(
      await failure(handler.execute(input({ recipients: ['a@x.com'] }))),
      `sending mail through 127.0.0.1:${server.port} failed: Message failed: 550 5.7.1 message rejected as spam`,
    );
    assert.equal(server.dataCommands, 1);
    assert.equal(server.received.length, 0);
  });

  it('reports recipients the server refuses; all refused fails at once', async () => {
    server.unknownRecipients.add('gone@x.com');
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
    });
    const done = await handler.execute(input({ recipients: ['a@x.com', 'gone@x.com'] }));
    assert.deepEqual(
      { accepted: done.result?.accepted, rejected: done.result?.rejected },
      { accepted: ['a@x.com'], rejected: ['gone@x.com'] },
    );
    assert.deepEqual(server.received[0]?.rcptTo, ['a@x.com']);
    assert.equal(
      await failure(handler.execute(input({ recipients: ['gone@x.com'] }))),
      `sending mail through 127.0.0.1:${server.port} failed: Can't send mail - all recipients were rejected: 550 5.1.1 user unknown`,
    );
  });

  it('retries a refused connection, then fails saying how many tries were made', async () => {
    const port = await closedPort();
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(`smtp://127.0.0.1:${port}`),
      logger: silentLogger,
    });
    assert.equal(
      await failure(handler.execute(input({ recipients: ['a@x.com'] }))),
      `sending mail through 127.0.0.1:${port} failed: connect ECONNREFUSED 127.0.0.1:${port} (after 3 attempts)`,
    );
  });
});

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('actions: SEND_EMAIL in a rule evaluated over HTTP (real Neo4j, real SMTP)', () => {
  let server: SmtpTestServer;
  let app: express.Express;
  before(async () => {
    server = await new SmtpTestServer({ user: 'mailer', pass: 's3cret-pass' }).start();
    const engine = await testRuleEngine({
      evaluationsKept: 10,
      outbound: config(`smtp://mailer:s3cret-pass@127.0.0.1:${server.port}`),
    });
    app = await testApp({ ...engine });
  });
  after(() => server.close());
  beforeEach(() => server.received.splice(0));

  function emailRule(name: string, email: Body): Body {
    return {
      name,
      question: { queries: [{ query: 'FIND aws_s3_bucket' }] },
      operations: [
        {
          when: { type: 'FILTER', condition: true },
          actions: [
            { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'MEDIUM' },
            { type: 'SEND_EMAIL', ...email },
          ],
        },
      ],
    };
  }

  async function evaluateNew(a: TestAccount, rule: Body): Promise<Body> {
    const created = await request(app).post('/rules').set(a.headers).send(rule);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const res = await request(app).post(`/rules/${created.body.rule.id}/evaluate`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { ...(res.body.evaluation as Body), ruleId: created.body.rule.id };
  }

  it('mails the rendered message to a {{param.list}} through SMTP_URL; the record says SUCCESS', async () => {
    const a = await freshAccount();
    await request(app)
      .put('/parameters/team')
      .set(a.headers)
      .send({ value: ['sec@example.com', 'ops@example.com'] })
      .expect(200);
    const record = await evaluateNew(
      a,
      emailRule('bucket-watch', {
        recipients: '{{param.team}}',
        body: '{{queries.query0.total}} buckets found',
      }),
    );
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(server.received.length, 1);
    const mail = server.received[0]!;
    assert.deepEqual(mail, {
      mailFrom: 'graphsync@example.test',
      rcptTo: ['sec@example.com', 'ops@example.com'],
      login: 'mailer',
      from: 'graphsync@example.test',
      to: 'sec@example.com, ops@example.com',
      subject: '[MEDIUM] bucket-watch',
      text: `0 buckets found\n\n-- \nAlerts: ${TEST_PUBLIC_URL}/alerts?ruleId=${record.ruleId}\n`,
      messageId: mail.messageId,
    });
    const outcome = record.operations[0].actions[1] as Body;
    assert.equal(typeof outcome.durationMs, 'number');
    assert.deepEqual(
      { ...outcome, durationMs: 0 },
      {
        pointer: '/operations/0/actions/1',
        type: 'SEND_EMAIL',
        status: 'SUCCESS',
        durationMs: 0,
        target: 'sec@example.com, ops@example.com',
        inputs: { recipients: ['sec@example.com', 'ops@example.com'], body: '0 buckets found' },
        result: {
          messageId: mail.messageId,
          accepted: ['sec@example.com', 'ops@example.com'],
          rejected: [],
          attempts: 1,
        },
      },
    );
    assert.ok(!JSON.stringify(record).includes('s3cret-pass'));
  });

  it('sends through an smtp instance created with POST /integrations; a wrong-type one fails the action', async () => {
    const a = await freshAccount();
    const smtp = await request(app)
      .post('/integrations')
      .set(a.headers)
      .send({
        type: 'smtp',
        name: 'corp-mail',
        config: { host: '127.0.0.1', port: server.port, secure: false, from: 'alerts@acme.test' },
        secrets: { username: 'mailer', password: 's3cret-pass' },
      });
    assert.equal(smtp.status, 201, JSON.stringify(smtp.body));
    const smtpId = smtp.body.integration.id as string;
    const record = await evaluateNew(
      a,
      emailRule('via-instance', {
        recipients: ['sec@example.com'],
        body: 'hello',
        integrationInstanceId: smtpId,
      }),
    );
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(server.received[0]?.from, 'alerts@acme.test');
    assert.equal(server.received[0]?.login, 'mailer');
    assert.equal(server.received[0]?.subject, '[MEDIUM] via-instance');
    assert.equal(record.operations[0].actions[1].target, 'sec@example.com');
    assert.ok(!JSON.stringify(record).includes('s3cret-pass'));

    const hook = await request(app)
      .post('/integrations')
      .set(a.headers)
      .send({ type: 'webhook', name: 'a-hook', config: {} });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const hookId = hook.body.integration.id as string;
    const failed = await evaluateNew(
      a,
      emailRule('wrong-type', { recipients: ['sec@example.com'], integrationInstanceId: hookId }),
    );
    const message = `integration instance '${hookId}' is a webhook instance; SEND_EMAIL needs a smtp one`;
    assert.equal(failed.status, 'FAILED');
    assert.equal(failed.operations[0].actions[1].status, 'FAILED');
    assert.equal(failed.operations[0].actions[1].error, message);
    assert.deepEqual(failed.errors, [`/operations/0/actions/1 SEND_EMAIL: ${message}`]);
    assert.equal(server.received.length, 1);
  });

  it('retries 421 replies through a rule: two refusals, then SUCCESS with attempts 3, one mail', async () => {
    const a = await freshAccount();
    const before = server.dataCommands;
    server.refuseData.push(
      { code: 421, message: '4.3.2 try again later' },
      { code: 421, message: '4.3.2 try again later' },
    );
    const record = await evaluateNew(
      a,
      emailRule('retry-watch', { recipients: ['sec@example.com'], body: 'retried' }),
    );
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(server.dataCommands - before, 3);
    assert.equal(server.refuseData.length, 0);
    assert.equal(server.received.length, 1);
    const mail = server.received[0]!;
    assert.deepEqual(mail.rcptTo, ['sec@example.com']);
    assert.equal(mail.subject, '[MEDIUM] retry-watch');
    const outcome = record.operations[0].actions[1] as Body;
    assert.equal(outcome.status, 'SUCCESS');
    assert.deepEqual(outcome.result, {
      messageId: mail.messageId,
      accepted: ['sec@example.com'],
      rejected: [],
      attempts: 3,
    });
    assert.equal(outcome.error, undefined);
    assert.deepEqual(record.errors ?? [], []);
  });

  it('a refused login of an smtp instance fails the action naming host:port, never the password', async () => {
    const a = await freshAccount();
    const wrong = 'Wr0ng-smtp-pa55!';
    const smtp = await request(app)
      .post('/integrations')
      .set(a.headers)
      .send({
        type: 'smtp',
        name: 'bad-login',
        config: { host: '127.0.0.1', port: server.port, secure: false, from: 'alerts@acme.test' },
        secrets: { username: 'mailer', password: wrong },
      });
    assert.equal(smtp.status, 201, JSON.stringify(smtp.body));
    const logins = server.logins.length;
    const record = await evaluateNew(
      a,
      emailRule('bad-login', {
        recipients: ['sec@example.com'],
        body: 'never sent',
        integrationInstanceId: smtp.body.integration.id as string,
      }),
    );
    const message = `sending mail through 127.0.0.1:${server.port} failed: Invalid login: 535 Authentication credentials invalid`;
    assert.equal(record.status, 'FAILED');
    assert.equal(record.operations[0].actions[1].status, 'FAILED');
    assert.equal(record.operations[0].actions[1].error, message);
    assert.deepEqual(record.errors, [`/operations/0/actions/1 SEND_EMAIL: ${message}`]);
    // A refused login is not retried.
    assert.deepEqual(server.logins.slice(logins), [`mailer:${wrong}`]);
    assert.equal(server.received.length, 0);
    const text = JSON.stringify(record);
    assert.ok(!text.includes(wrong), text);
    assert.ok(!text.includes(Buffer.from(wrong).toString('base64')), text);
    assert.ok(!text.includes(Buffer.from(`\u0000mailer\u0000${wrong}`).toString('base64')), text);
  });

  it('a body rendering a secret parameter reaches the mail; the record shows [secret]', async () => {
    const a = await freshAccount();
    await request(app)
      .put('/parameters/apiToken')
      .set(a.headers)
      .send({ value: 'mail-token-9f8e7d6c', secret: true })
      .expect(200);
    const record = await evaluateNew(
      a,
      emailRule('secret-body', {
        recipients: ['sec@example.com'],
        body: 'rotate token {{param.apiToken}} now',
      }),
    );
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(server.received.length, 1);
    assert.equal(
      server.received[0]!.text,
      `rotate token mail-token-9f8e7d6c now\n\n-- \nAlerts: ${TEST_PUBLIC_URL}/alerts?ruleId=${record.ruleId}\n`,
    );
    assert.deepEqual(record.operations[0].actions[1].inputs, {
      recipients: ['sec@example.com'],
      body: 'rotate token [secret] now',
    });
    assert.ok(!JSON.stringify(record).includes('mail-token-9f8e7d6c'));
  });

  it('a bad recipient fails the action with a message naming it', async () => {
    const a = await freshAccount();
    await request(app)
      .put('/parameters/team')
      .set(a.headers)
      .send({ value: ['sec@example.com', 'not-an-address'] })
      .expect(200);
    const failed = await evaluateNew(a, emailRule('bad-team', { recipients: '{{param.team}}' }));
    assert.deepEqual(failed.errors, [
      "/operations/0/actions/1 SEND_EMAIL: recipients: 'not-an-address' is not an email address",
    ]);
    assert.equal(server.received.length, 0);
  });
});
