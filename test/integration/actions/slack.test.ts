import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { timeText } from '../../../src/notifications/levels';
import { freshAccount, TEST_PUBLIC_URL, type TestAccount } from '../../helpers/harness';
import { entity, scopeContents, SyncClient } from '../sync/semantics-helpers';
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
 * (`apiBaseUrl`) and for incoming webhooks (Slack's and others'); the exact requests (Block Kit,
 * or `{text}`) and the outcome in the record.
 */
const TOKEN = 'xoxb-1111-2222-slack-bot-token';
const HOOK_PATH = '/services/T000/B000/hooksecretXYZ123';
const HOSTILE = '<script>alert(1)</script> {{x}} "q" <!channel> a|b';
const HOSTILE_MRKDWN = '&lt;script&gt;alert(1)&lt;/script&gt; {{x}} "q" &lt;!channel&gt; a¦b';
const PUBLIC_BUCKETS = 'FIND aws_s3_bucket AS b ORDER BY b.displayName';

/** 12 buckets and one with a hostile name, synced into the account; their ids by key. */
async function seedBuckets(app: express.Express, a: TestAccount): Promise<Record<string, string>> {
  const buckets = [
    entity('hostile', { _type: 'aws_s3_bucket', _class: 'DataStore', displayName: HOSTILE }),
    ...Array.from({ length: 12 }, (_, i) => {
      const n = String(i + 1).padStart(2, '0');
      return entity(`b${n}`, {
        _type: 'aws_s3_bucket',
        _class: 'DataStore',
        displayName: `bucket-${n}`,
      });
    }),
  ];
  await new SyncClient(app, a.headers).diff('s', buckets);
  const { entities } = await scopeContents(a.accountId, 's');
  return Object.fromEntries(entities.map((e) => [e._key, e._id]));
}

/** evaluateRule over the buckets by name (the entity list's order); the record with its ruleId. */
async function evaluateBuckets(
  app: express.Express,
  a: TestAccount,
  actions: Body[],
): Promise<Body> {
  const created = await request(app)
    .post('/rules')
    .set(a.headers)
    .send({
      name: 'public buckets',
      question: { queries: [{ query: PUBLIC_BUCKETS }] },
      operations: [{ when: { type: 'FILTER', condition: true }, actions }],
    });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const ruleId = (created.body as Body).rule.id as string;
  const res = await request(app).post(`/rules/${ruleId}/evaluate`).set(a.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { ...((res.body as Body).evaluation as Body), ruleId };
}

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

  it('posts Block Kit by chat.postMessage per channel: header, level, entities, buttons, escaped', async () => {
    const ids = await seedBuckets(app, a);
    await putSecret(app, a, 'tok', 'sekrit-param-value');
    slack.reply(
      { status: 200, body: { ok: true, channel: 'C1', ts: '1.1' } },
      { status: 200, body: { ok: true, channel: 'C2', ts: '2.2' } },
    );
    const record = await evaluateBuckets(app, a, [
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'HIGH' },
      message({ body: `${message().body as string} <b> & {{param.tok}}` }),
    ]);
    const ruleId = record.ruleId as string;
    const link = (key: string) => `${TEST_PUBLIC_URL}/console/entities/${ids[key]!}`;
    const line = (key: string, name: string) =>
      `• <${link(key)}|${name}> — DataStore, aws_s3_bucket`;
    const slackMessage = {
      text: '[HIGH] public buckets',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'public buckets', emoji: true } },
      ],
      attachments: [
        {
          color: 'danger',
          fallback: '[HIGH] public buckets',
          blocks: [
            {
              type: 'section',
              fields: [
                { type: 'mrkdwn', text: '*Level*\nHIGH', verbatim: true },
                { type: 'mrkdwn', text: '*Entities*\n13', verbatim: true },
                {
                  type: 'mrkdwn',
                  text: `*Evaluated*\n${timeText(record.startedOn as number)}`,
                  verbatim: true,
                },
              ],
            },
            {
              type: 'section',
              text: {
                type: 'mrkdwn',
                text: '*public buckets*: 13 buckets &lt;b&gt; &amp; [secret]',
                verbatim: true,
              },
            },
            {
              type: 'section',
              text: {
                type: 'mrkdwn',
                text: [
                  line('hostile', HOSTILE_MRKDWN),
                  ...Array.from({ length: 9 }, (_, i) => line(`b0${i + 1}`, `bucket-0${i + 1}`)),
                  'and 3 more',
                ].join('\n'),
                verbatim: true,
              },
            },
            {
              type: 'actions',
              elements: [
                {
                  type: 'button',
                  text: { type: 'plain_text', text: 'View alert' },
                  url: `${TEST_PUBLIC_URL}/console/alerts?ruleId=${ruleId}`,
                  action_id: 'view_alert',
                },
                {
                  type: 'button',
                  text: { type: 'plain_text', text: 'Open rule' },
                  url: `${TEST_PUBLIC_URL}/console/rules/${ruleId}`,
                  action_id: 'open_rule',
                },
              ],
            },
          ],
        },
      ],
    };
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
          { channel: '#sec', ...slackMessage },
        ],
        [
          'POST',
          '/api/chat.postMessage',
          `Bearer ${TOKEN}`,
          'application/json; charset=utf-8',
          { channel: '#ops', ...slackMessage },
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
        body: '*public buckets*: 13 buckets <b> & [secret]',
      },
      result: { channels: ['#sec', '#ops'], ts: { '#sec': '1.1', '#ops': '2.2' }, attempts: 2 },
    });
    assert.ok(!JSON.stringify(record).includes(TOKEN));
    const sent = JSON.stringify(slack.received);
    assert.ok(!sent.includes('sekrit-param-value'));
    assert.ok(!sent.includes('<script') && !sent.includes('<!channel>'));
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

  it('posts to the action’s webhookUrl: Slack blocks with format slack, else exactly {text}', async () => {
    const ids = await seedBuckets(app, a);
    await putSecret(app, a, 'slackHook', slack.url(HOOK_PATH));
    slack.reply(
      { status: 200, body: 'ok' },
      { status: 200, body: 'ok' },
      { status: 404, body: 'no_service' },
    );
    const hooked = (fields: Body) =>
      message({ channels: '#sec', webhookUrl: '{{param.slackHook}}', ...fields });
    const record = await evaluateBuckets(app, a, [
      hooked({ severity: 'HIGH', format: 'slack' }),
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'LOW' },
      hooked({}),
      hooked({ format: 'text' }),
    ]);
    const [slackBody, textBody] = slack.received.map((r) => r.body as Body);
    assert.deepEqual(
      slack.received.map((r) => [r.method, r.path, r.headers.authorization]),
      [
        ['POST', HOOK_PATH, undefined],
        ['POST', HOOK_PATH, undefined],
        ['POST', HOOK_PATH, undefined],
      ],
    );
    assert.deepEqual(Object.keys(slackBody!), ['channel', 'text', 'blocks', 'attachments']);
    assert.deepEqual(
      [slackBody!.channel, slackBody!.text, slackBody!.attachments[0].color],
      ['#sec', 'public buckets', 'danger'],
    );
    const ruleId = record.ruleId as string;
    const entityLine = (key: string, name: string) =>
      `- ${name} (DataStore, aws_s3_bucket) ${TEST_PUBLIC_URL}/console/entities/${ids[key]!}`;
    assert.deepEqual(textBody, {
      text: [
        '[LOW] public buckets',
        '',
        '*public buckets*: 13 buckets',
        '',
        'Entities (13):',
        entityLine('hostile', HOSTILE),
        ...Array.from({ length: 12 }, (_, i) => {
          const n = String(i + 1).padStart(2, '0');
          return entityLine(`b${n}`, `bucket-${n}`);
        }),
        '',
        `Alert: ${TEST_PUBLIC_URL}/console/alerts?ruleId=${ruleId}`,
        `Rule: ${TEST_PUBLIC_URL}/console/rules/${ruleId}`,
        `Evaluated: ${timeText(record.startedOn as number)}`,
      ].join('\n'),
    });
    const [sent, , asText, failed] = record.operations[0].actions as [Body, Body, Body, Body];
    assert.equal(sent.target, slack.url());
    assert.deepEqual(sent.result, { channels: ['#sec'], attempts: 1 });
    assert.equal(sent.inputs.webhookUrl, '[secret]');
    assert.deepEqual(
      [asText.status, asText.result],
      ['SUCCESS', { channels: ['#sec'], attempts: 1 }],
    );
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
    // Not hooks.slack.com and no format: plain {text}, once for all channels.
    assert.deepEqual(
      slack.received.map((r) => [r.path, Object.keys(r.body as Body)]),
      [
        [HOOK_PATH, ['text']],
        [HOOK_PATH, ['text']],
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

  it('refuses a rule whose format is neither slack nor text; a template is checked when run', async () => {
    const refused = await request(app)
      .post('/rules')
      .set(a.headers)
      .send({
        name: 'bad format',
        question: { queries: [{ query: 'FIND aws_s3_bucket' }] },
        operations: [
          { when: { type: 'FILTER', condition: true }, actions: [message({ format: 'html' })] },
        ],
      });
    assert.equal(refused.status, 400);
    assert.equal(
      (refused.body as Body).error.message,
      '/operations/0/actions/0/format must be slack or text (or a {{template}})',
    );
    const record = await evaluateRule(app, a, [message({ format: '{{"markdown"}}' })]);
    assert.equal(
      lastOutcome(record).error,
      'SEND_CHAT_MESSAGE needs format to be slack or text, not "markdown"',
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
