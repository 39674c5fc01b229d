import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { failureNotifier } from '../../../src/actions/failure-notifier';
import type { OutboundConfig } from '../../../src/actions/outbound-deps';

import type { EvaluationRecord } from '../../../src/rules/evaluation/evaluation-record';

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
import { messaging } from './send-email-helpers';

/**
 * notifyOnFailure by email: a FAILED evaluation of a rule mails the account's notification
 * addresses through SMTP_URL (a real SMTP server here), and the record says whether it was sent.
 */
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const config = (smtpUrl: string | undefined): OutboundConfig => ({
  ...TEST_OUTBOUND,
  smtpUrl,
  attempts: 2,
});

const record: EvaluationRecord = {
  id: 'ev-1',
  ruleId: 'rule-1',
  ruleName: 'fragile',
  trigger: 'SCHEDULED',
  dryRun: false,
  status: 'FAILED',
  startedOn: Date.UTC(2025, 5, 1, 10, 0, 0),
  endedOn: Date.UTC(2025, 5, 1, 10, 0, 1),
  durationMs: 1000,
  queries: [],
  outputs: {},
  operations: [],
  errors: ['query query0: boom', '/operations/0/actions/0 SEND_EMAIL: no'],
  entityCount: 0,
  newEntityCount: 0,
};

describe('actions: failure notifications by email', () => {
  let server: SmtpTestServer;
  beforeEach(async () => {
    server = await new SmtpTestServer().start();
  });
  afterEach(() => server.close());

  const accounts = (emails: string[]) => ({ notificationEmails: () => Promise.resolve(emails) });

  it("mails the account's addresses the errors and the record's link", async () => {
    const notifier = failureNotifier({
      config: config(server.url),
      accounts: accounts(['a@x.com', 'b@y.com']),
      logger: silentLogger,
      ...(await messaging()),
    });
    const answer = await notifier.notify({
      accountId: 'acct',
      rule: { id: 'rule-1', name: 'fragile' },
      record,
    });
    assert.deepEqual(answer, { status: 'SENT', detail: 'sent to a@x.com, b@y.com' });
    const mail = server.received[0]!;
    assert.deepEqual(mail, {
      mailFrom: 'graphsync@example.test',
      rcptTo: ['a@x.com', 'b@y.com'],
      from: 'graphsync@example.test',
      to: 'a@x.com, b@y.com',
      subject: "[graphsync] Rule 'fragile' failed",
      text: [
        "Evaluation ev-1 of rule 'fragile' (rule-1) failed at 2025-06-01 10:00 UTC.",
        '',
        'Errors:',
        '- query query0: boom',
        '- /operations/0/actions/0 SEND_EMAIL: no',
        '',
        'Evaluation record: http://graphsync.test/rules/rule-1/evaluations/ev-1',
        'Rule: http://graphsync.test/console/rules/rule-1',
        '',
      ].join('\n'),
      html: mail.html,
      contentType: 'multipart/alternative',
      messageId: mail.messageId,
    });
    // The HTML part: the same notice in the alert email's frame, each error a list item.
    const html = String(mail.html);
    assert.match(html, /<h1[^>]*>Rule 'fragile' failed<\/h1>/);
    assert.match(html, /<li[^>]*>query query0: boom<\/li>/);
    assert.match(html, /href="http:\/\/graphsync\.test\/rules\/rule-1\/evaluations\/ev-1"/);
    assert.doesNotMatch(html, /<script|<img/i);
  });

  it('answers NOT_SENT, saying why: no addresses, no SMTP_URL, the server refused', async () => {
    const rule = { id: 'rule-1', name: 'fragile' };
    const none = failureNotifier({
      config: config(server.url),
      accounts: accounts([]),
      logger: silentLogger,
      ...(await messaging()),
    });
    assert.deepEqual(await none.notify({ accountId: 'acct', rule, record }), {
      status: 'NOT_SENT',
      detail:
        'No notification email addresses are configured for the account (PUT /account/notification-emails)',
    });
    const noSmtp = failureNotifier({
      config: config(undefined),
      accounts: accounts(['a@x.com']),
      logger: silentLogger,
      ...(await messaging()),
    });
    assert.deepEqual(await noSmtp.notify({ accountId: 'acct', rule, record }), {
      status: 'NOT_SENT',
      detail: 'No mail server is configured for failure notifications (SMTP_URL)',
    });
    server.refuseData.push({ code: 554, message: '5.7.1 relay denied' });
    const refused = failureNotifier({
      config: config(server.url),
      accounts: accounts(['a@x.com']),
      logger: silentLogger,
      ...(await messaging()),
    });
    assert.deepEqual(await refused.notify({ accountId: 'acct', rule, record }), {
      status: 'NOT_SENT',
      detail: `sending mail through 127.0.0.1:${server.port} failed: Message failed: 554 5.7.1 relay denied`,
    });
    const port = await closedPort();
    const down = failureNotifier({
      config: config(`smtp://127.0.0.1:${port}`),
      accounts: accounts(['a@x.com']),
      logger: silentLogger,
      ...(await messaging()),
    });
    assert.deepEqual(await down.notify({ accountId: 'acct', rule, record }), {
      status: 'NOT_SENT',
      detail: `sending mail through 127.0.0.1:${port} failed: connect ECONNREFUSED 127.0.0.1:${port} (after 2 attempts)`,
    });
    assert.equal(server.received.length, 0);
  });
});

describe('actions: notifyOnFailure over HTTP (real Neo4j, real SMTP)', () => {
  let server: SmtpTestServer;
  let app: express.Express;
  before(async () => {
    server = await new SmtpTestServer().start();
    const engine = await testRuleEngine({ evaluationsKept: 10, outbound: config(server.url) });
    app = await testApp({ ...engine });
  });
  after(() => server.close());

  async function failingEvaluation(a: TestAccount, name: string): Promise<Body> {
    const created = await request(app)
      .post('/rules')
      .set(a.headers)
      .send({
        name,
        notifyOnFailure: true,
        question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = ${param.enc}' }] },
        operations: [
          { when: { type: 'FILTER', condition: true }, actions: [{ type: 'CREATE_ALERT' }] },
        ],
      });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const res = await request(app).post(`/rules/${created.body.rule.id}/evaluate`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.evaluation as Body;
  }

  it('mails the addresses set with PUT /account/notification-emails; the record says SENT', async () => {
    const a = await freshAccount();
    const unset = await failingEvaluation(a, 'fragile one');
    assert.equal(unset.status, 'FAILED');
    assert.deepEqual(unset.failureNotification, {
      status: 'NOT_SENT',
      detail:
        'No notification email addresses are configured for the account (PUT /account/notification-emails)',
    });

    const put = await request(app)
      .put('/account/notification-emails')
      .set(a.headers)
      .send({ emails: ['admin1@example.com', 'admin2@example.com'] });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const failed = await failingEvaluation(a, 'fragile rule');
    assert.equal(failed.status, 'FAILED');
    assert.deepEqual(failed.failureNotification, {
      status: 'SENT',
      detail: 'sent to admin1@example.com, admin2@example.com',
    });
    assert.equal(server.received.length, 1);
    const mail = server.received[0]!;
    assert.deepEqual(mail.rcptTo, ['admin1@example.com', 'admin2@example.com']);
    assert.equal(mail.subject, "[graphsync] Rule 'fragile rule' failed");
    assert.equal(
      mail.text,
      [
        `Evaluation ${failed.id} of rule 'fragile rule' (${failed.ruleId}) failed at ${new Date(failed.startedOn).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        '',
        'Errors:',
        ...failed.errors.map((e: string) => `- ${e}`),
        '',
        `Evaluation record: ${TEST_PUBLIC_URL}/rules/${failed.ruleId}/evaluations/${failed.id}`,
        `Rule: ${TEST_PUBLIC_URL}/console/rules/${failed.ruleId}`,
        '',
      ].join('\n'),
    );
    assert.equal(failed.errors.length, 1);
    assert.match(failed.errors[0], /^query query0: .*enc/);

    // The stored record keeps it.
    const stored = await request(app)
      .get(`/rules/${failed.ruleId}/evaluations/${failed.id}`)
      .set(a.headers);
    assert.deepEqual(stored.body.evaluation.failureNotification, failed.failureNotification);
  });
});
