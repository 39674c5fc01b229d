import assert from 'node:assert/strict';
import { sendEmailHandler } from '../../../src/actions/send-email';
import { silentLogger } from '../../helpers/harness';
import { closedPort, SmtpTestServer } from './smtp-test-server';
import { config, failure, input, messaging, resolver, smtpInstance } from './send-email-helpers';

/**
 * SEND_EMAIL's handler against a real SMTP server (smtp-server on a random port): the exact
 * message received, recipients in every form, transports (SMTP_URL, an smtp instance with a
 * login), retries of 4xx and refused connections, 5xx failing at once, and the password kept out
 * of every message.
 */
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
      ...(await messaging()),
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
      text: [
        '[HIGH] unencrypted-buckets',
        '',
        '2 buckets are unencrypted',
        '',
        'Evaluated 2026-11-29 03:40 UTC (evaluation ev-1)',
        'Alert: http://graphsync.test/alerts?ruleId=rule-1',
        'Rule: http://graphsync.test/console/rules/rule-1',
        '',
      ].join('\n'),
      html: mail.html,
      contentType: 'multipart/alternative',
      messageId: mail.messageId,
    });
    // The HTML part: the same message (test/integration/notifications/alert-email.test.ts reads it whole).
    assert.ok(typeof mail.html === 'string' && mail.html.includes('2 buckets are unencrypted'));
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
      ...(await messaging()),
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
    assert.equal(
      server.received[0]?.text,
      [
        'unencrypted-buckets',
        '',
        "Rule 'unencrypted-buckets' sent this email.",
        '',
        'Evaluated 2026-11-29 03:40 UTC (evaluation ev-1)',
        'Rule: http://graphsync.test/console/rules/rule-1',
        '',
      ].join('\n'),
    );

    await handler.execute(
      input({ recipients: 'solo@x.com' }, { queries: { query0: { data: [], total: 4 } } }),
    );
    assert.deepEqual(server.received[1]?.rcptTo, ['solo@x.com']);
    assert.match(
      server.received[1].text,
      /^unencrypted-buckets\n\nRule 'unencrypted-buckets' sent this email\.\nquery0: 4\n\n/,
    );
  });

  it('refuses bad, missing and empty recipients, naming the bad one; nothing is sent', async () => {
    const handler = sendEmailHandler({
      integrations: resolver(undefined),
      config: config(server.url),
      logger: silentLogger,
      ...(await messaging()),
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
      ...(await messaging()),
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
      ...(await messaging()),
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
      ...(await messaging()),
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
    // Issue 23: every special-purpose range, not only loopback and private, even allowlisted so.
    for (const [host, why] of [
      ['198.18.0.1', 'a benchmarking address'],
      ['192.0.2.25', 'a documentation address'],
      ['240.0.0.25', 'a reserved address'],
      ['2001:db8::25', 'a documentation address'],
    ]) {
      const special = smtpInstance(server.port, {});
      special.instance.config = { ...special.instance.config, host };
      const strict = sendEmailHandler({
        integrations: resolver(special),
        config: { ...config(undefined), webhookAllowlist: ['loopback', 'private', 'link-local'] },
        logger: silentLogger,
        ...(await messaging()),
      });
      assert.equal(
        await failure(
          strict.execute(
            input({ recipients: ['sec@example.com'], body: 'hi', integrationInstanceId: 'smtp-1' }),
          ),
        ),
        `SEND_EMAIL refused ${host}:${server.port}: ${host} is ${why} (allow it with WEBHOOK_ALLOWLIST)`,
      );
    }
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
      ...(await messaging()),
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
      ...(await messaging()),
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
      ...(await messaging()),
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
      ...(await messaging()),
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
      ...(await messaging()),
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
      ...(await messaging()),
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
      ...(await messaging()),
    });
    assert.equal(
      await failure(handler.execute(input({ recipients: ['a@x.com'] }))),
      `sending mail through 127.0.0.1:${port} failed: connect ECONNREFUSED 127.0.0.1:${port} (after 3 attempts)`,
    );
  });
});
