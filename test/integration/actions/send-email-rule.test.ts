import assert from 'node:assert/strict';
import { timeText } from '../../../src/notifications/levels';
import type express from 'express';
import request from 'supertest';
import {
  freshAccount,
  TEST_PUBLIC_URL,
  testApp,
  type TestAccount,
  testRuleEngine,
} from '../../helpers/harness';
import { SmtpTestServer } from './smtp-test-server';
import { config } from './send-email-helpers';

/**
 * SEND_EMAIL in a rule evaluated over HTTP (real Neo4j, a real SMTP server): the rendered message
 * mailed through SMTP_URL or an smtp instance, retries, a refused login, secret parameters and a
 * bad recipient, each as the evaluation record shows it.
 */
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
      text: [
        '[MEDIUM] bucket-watch',
        '',
        '0 buckets found',
        '',
        `Evaluated ${timeText(record.startedOn as number)} (evaluation ${String(record.id)})`,
        `Alert: ${TEST_PUBLIC_URL}/console/alerts?ruleId=${record.ruleId}`,
        `Rule: ${TEST_PUBLIC_URL}/console/rules/${record.ruleId}`,
        '',
      ].join('\n'),
      html: mail.html,
      contentType: 'multipart/alternative',
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

  it('a body rendering a secret parameter shows [secret] in the mail (layouts never see a secret) and in the record', async () => {
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
    const mail = server.received[0]!;
    assert.ok(mail.text.includes('\nrotate token [secret] now\n'), mail.text);
    assert.ok(String(mail.html).includes('rotate token [secret] now'));
    assert.ok(
      mail.text.includes(`\nAlert: ${TEST_PUBLIC_URL}/console/alerts?ruleId=${record.ruleId}\n`),
    );
    assert.ok(!JSON.stringify(mail).includes('mail-token-9f8e7d6c'));
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
