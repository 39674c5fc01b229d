import assert from 'node:assert/strict';
import type express from 'express';
import { freshAccount, type TestAccount } from '../../helpers/harness';
import {
  createInstance,
  evaluateRule,
  httpTestApp,
  lastOutcome,
  putSecret,
  type Body,
} from './http-test-app';
import { HttpTestServer } from './http-test-server';

/**
 * SEND_CHAT_MESSAGE end to end: slack instances created with `POST /integrations`, a rule
 * evaluated over HTTP on real Neo4j, a real local HTTP server standing in for the Slack Web API
 * (`apiBaseUrl`) and for incoming webhooks; the exact requests and the outcome in the record.
 */
const TOKEN = 'xoxb-1111-2222-slack-bot-token';
const HOOK_PATH = '/services/T000/B000/hooksecretXYZ123';

describe('actions: SEND_CHAT_MESSAGE (HTTP, real Neo4j, real HTTP server)', () => {
  let app: express.Express;
  let slack: HttpTestServer;
  let a: TestAccount;
  let bot: string;

  before(async () => {
    app = await httpTestApp();
    slack = await HttpTestServer.start();
  });
  beforeEach(async () => {
    slack.reset({ status: 200, body: { ok: true, channel: 'C1', ts: '1700000000.000100' } });
    a = await freshAccount();
    bot = await createInstance(app, a, {
      type: 'slack',
      config: { apiBaseUrl: slack.url('/api/') },
      secrets: { botToken: TOKEN },
    });
  });
  after(() => slack.close());

  const message = (fields: Body = {}): Body => ({
    type: 'SEND_CHAT_MESSAGE',
    integrationInstanceId: bot,
    channels: ['#sec', '#ops'],
    body: '*{{alertRuleName}}*: {{queries.query0.total}} buckets',
    ...fields,
  });

  it('posts chat.postMessage per channel with the bot token, coloured by alertLevel', async () => {
    slack.reply(
      { status: 200, body: { ok: true, channel: 'C1', ts: '1.1' } },
      { status: 200, body: { ok: true, channel: 'C2', ts: '2.2' } },
    );
    const record = await evaluateRule(app, a, [
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
      message(),
    ]);
    const attachments = [
      {
        color: 'danger',
        text: '*public buckets*: 0 buckets',
        fallback: '*public buckets*: 0 buckets',
        mrkdwn_in: ['text'],
      },
    ];
    assert.deepEqual(
      slack.received.map((r) => [
        r.method,
        r.path,
        r.headers.authorization,
        r.headers['content-type'],
        r.body,
      ]),
      [
        [
          'POST',
          '/api/chat.postMessage',
          `Bearer ${TOKEN}`,
          'application/json; charset=utf-8',
          { channel: '#sec', attachments },
        ],
        [
          'POST',
          '/api/chat.postMessage',
          `Bearer ${TOKEN}`,
          'application/json; charset=utf-8',
          { channel: '#ops', attachments },
        ],
      ],
    );
    assert.deepEqual(lastOutcome(record), {
      pointer: '/operations/0/actions/1',
      type: 'SEND_CHAT_MESSAGE',
      status: 'SUCCESS',
      target: '#sec, #ops',
      inputs: {
        integrationInstanceId: bot,
        channels: ['#sec', '#ops'],
        body: '*public buckets*: 0 buckets',
      },
      result: { channels: ['#sec', '#ops'], ts: { '#sec': '1.1', '#ops': '2.2' }, attempts: 2 },
    });
    assert.ok(!JSON.stringify(record).includes(TOKEN));
  });

  it('colours by level (any case) unless severity overrides it; refuses an unknown severity', async () => {
    const record = await evaluateRule(app, a, [
      message({ channels: '#a' }),
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'MEDIUM' },
      message({ channels: '#b' }),
      message({ channels: '#c', severity: 'low' }),
      message({ channels: '#d', severity: '#36a64f' }),
      message({ channels: '#e', severity: 'CRITICAL' }),
      message({ channels: '#f', severity: 'purple' }),
    ]);
    assert.deepEqual(
      slack.received.map((r) => [(r.body as Body).channel, (r.body as Body).attachments[0].color]),
      [
        ['#a', '#9E9E9E'],
        ['#b', 'warning'],
        ['#c', 'good'],
        ['#d', '#36a64f'],
        ['#e', 'danger'],
      ],
    );
    assert.equal(
      lastOutcome(record).error,
      'SEND_CHAT_MESSAGE needs severity to be an alert level (INFO, LOW, MEDIUM, HIGH, CRITICAL), ' +
        'good, warning, danger or a #rrggbb colour, not "purple"',
    );
  });

  it("fails on Slack's ok:false; retries ratelimited; says which channels were posted", async () => {
    slack.reply(
      { status: 200, body: { ok: false, error: 'channel_not_found' } },
      { status: 200, body: { ok: false, error: 'ratelimited' } },
      { status: 200, body: { ok: true, ts: '3.3' } },
      { status: 200, body: { ok: true, ts: '4.4' } },
      { status: 200, body: { ok: false, error: 'not_in_channel' } },
    );
    const record = await evaluateRule(app, a, [
      message({ channels: '#nope' }),
      message({ channels: '#busy' }),
      message({ channels: ['#ok', '#private'] }),
    ]);
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => [o.status, o.error ?? o.result]),
      [
        ['FAILED', 'Slack chat.postMessage to #nope failed: channel_not_found'],
        ['SUCCESS', { channels: ['#busy'], ts: { '#busy': '3.3' }, attempts: 2 }],
        [
          'FAILED',
          'Slack chat.postMessage to #private failed: not_in_channel (already posted to #ok)',
        ],
      ],
    );
    assert.equal(slack.received.length, 5);
  });

  it('retries 500 twice then succeeds; a 401 fails at once, the token nowhere', async () => {
    slack.reply(
      { status: 500 },
      { status: 500 },
      { status: 200, body: { ok: true, ts: '5.5' } },
      { status: 401, body: `invalid token ${TOKEN}` },
    );
    const record = await evaluateRule(app, a, [
      message({ channels: '#a' }),
      message({ channels: '#b' }),
    ]);
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => [o.status, o.error ?? o.result]),
      [
        ['SUCCESS', { channels: ['#a'], ts: { '#a': '5.5' }, attempts: 3 }],
        [
          'FAILED',
          `POST ${slack.url('/api/chat.postMessage')} answered 401: invalid token [secret]`,
        ],
      ],
    );
    assert.ok(!JSON.stringify(record).includes(TOKEN));
  });

  it('posts to the action’s webhookUrl (a secret parameter), showing only its origin', async () => {
    await putSecret(app, a, 'slackHook', slack.url(HOOK_PATH));
    slack.reply({ status: 200, body: 'ok' }, { status: 404, body: 'no_service' });
    const record = await evaluateRule(app, a, [
      message({ channels: '#sec', webhookUrl: '{{param.slackHook}}', severity: 'HIGH' }),
      message({ channels: '#sec', webhookUrl: '{{param.slackHook}}' }),
    ]);
    assert.deepEqual(
      slack.received.map((r) => [r.method, r.path, r.headers.authorization, r.body]),
      [
        [
          'POST',
          HOOK_PATH,
          undefined,
          {
            channel: '#sec',
            attachments: [
              {
                color: 'danger',
                text: '*public buckets*: 0 buckets',
                fallback: '*public buckets*: 0 buckets',
                mrkdwn_in: ['text'],
              },
            ],
          },
        ],
        [
          'POST',
          HOOK_PATH,
          undefined,
          {
            channel: '#sec',
            attachments: [
              {
                color: '#9E9E9E',
                text: '*public buckets*: 0 buckets',
                fallback: '*public buckets*: 0 buckets',
                mrkdwn_in: ['text'],
              },
            ],
          },
        ],
      ],
    );
    const [sent, failed] = record.operations[0].actions as [Body, Body];
    assert.equal(sent.target, slack.url());
    assert.deepEqual(sent.result, { channels: ['#sec'], attempts: 1 });
    assert.equal(sent.inputs.webhookUrl, '[secret]');
    assert.equal(failed.error, `POST ${slack.url()} answered 404: no_service`);
    assert.ok(!JSON.stringify(record).includes('hooksecretXYZ123'));
  });

  it("uses an instance's webhookUrl secret when it has no bot token, once for all channels", async () => {
    const hookOnly = await createInstance(app, a, {
      type: 'slack',
      config: {},
      secrets: { webhookUrl: slack.url(HOOK_PATH) },
    });
    slack.reply({ status: 500, body: 'hooksecretXYZ123 is down' }, { status: 200, body: 'ok' });
    const record = await evaluateRule(app, a, [message({ integrationInstanceId: hookOnly })]);
    assert.deepEqual(
      slack.received.map((r) => [r.path, Object.keys(r.body as Body)]),
      [
        [HOOK_PATH, ['attachments']],
        [HOOK_PATH, ['attachments']],
      ],
    );
    assert.deepEqual(lastOutcome(record).result, { channels: ['#sec', '#ops'], attempts: 2 });
    assert.equal(lastOutcome(record).target, slack.url());
    assert.ok(!JSON.stringify(record).includes('hooksecretXYZ123'));
  });

  it('names a wrong-type, unknown or unusable instance exactly', async () => {
    const jira = await createInstance(app, a, {
      type: 'jira',
      config: { baseUrl: slack.url(), email: 'bot@acme.test' },
      secrets: { apiToken: 'jira-token' },
    });
    const empty = await createInstance(app, a, { type: 'slack', config: {} });
    const record = await evaluateRule(app, a, [
      message({ integrationInstanceId: jira }),
      message({ integrationInstanceId: 'nope' }),
      message({ integrationInstanceId: empty }),
      message({ channels: '{{"general"}}' }),
    ]);
    assert.deepEqual(
      (record.operations[0].actions as Body[]).map((o) => o.error),
      [
        `integration instance '${jira}' is a jira instance; SEND_CHAT_MESSAGE needs a slack one`,
        "integration instance 'nope' does not exist in this account",
        `integration instance '${empty}' has neither a botToken nor a webhookUrl secret; ` +
          'SEND_CHAT_MESSAGE needs one of them (or a webhookUrl in the action)',
        'SEND_CHAT_MESSAGE needs channels to be a channel name starting with \'#\' or a list of them, not "general"',
      ],
    );
    assert.equal(slack.received.length, 0);
  });

  it('is refused by the SSRF guard like any outbound request', async () => {
    const strict = await httpTestApp({ webhookAllowlist: [] });
    const record = await evaluateRule(strict, a, [message({ channels: '#a' })]);
    assert.equal(
      lastOutcome(record).error,
      `SEND_CHAT_MESSAGE refused ${slack.url('/api/chat.postMessage')}: 127.0.0.1 is a loopback address (allow it with WEBHOOK_ALLOWLIST)`,
    );
  });
});
