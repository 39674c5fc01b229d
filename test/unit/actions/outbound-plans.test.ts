import assert from 'node:assert/strict';
import { issueFields, jiraAccess, planTicket } from '../../../src/actions/create-tracker-ticket';
import { outboundHandler } from '../../../src/actions/outbound-handler';
import { planTopicMessage } from '../../../src/actions/publish-topic-message';
import {
  chatFormat,
  chatMessage,
  chatRoute,
  planChat,
} from '../../../src/actions/send-chat-message';
import { planEmail } from '../../../src/actions/send-email';
import { linksOf } from '../../../src/notifications/links';
import { planQueueMessage } from '../../../src/actions/send-queue-message';
import { planWebhook, webhookHeaders } from '../../../src/actions/webhook';
import type { OutboundActionInput } from '../../../src/rules/evaluation/outbound-action';

/**
 * The pure part of each outbound action: the rendered fields checked and the message worked out,
 * before any integration instance is resolved or any request made.
 */
describe('actions: outbound plans (no IO)', () => {
  const input = (
    action: Record<string, unknown>,
    context: OutboundActionInput['context'] = {},
  ): OutboundActionInput => ({
    accountId: 'acc',
    rule: { id: 'r-1', name: 'Open  buckets' },
    evaluationId: 'ev-1',
    action,
    context,
    secrets: [],
  });
  const instance = (config: Record<string, unknown>, secrets: Record<string, unknown> = {}) => ({
    instance: { config },
    secrets,
  });

  it('outboundHandler: the plan first; a plan that throws rejects before any delivery', async () => {
    const delivered: unknown[] = [];
    const handler = outboundHandler('WEBHOOK', {
      plan: (i) => {
        if (i.action.bad === true) throw new Error('WEBHOOK needs x');
        return { planned: i.action.n };
      },
      deliver: (plan) => {
        delivered.push(plan);
        return Promise.resolve({ target: 't' });
      },
    });
    assert.equal(handler.type, 'WEBHOOK');
    assert.deepEqual(await handler.execute(input({ n: 1 })), { target: 't' });
    await assert.rejects(handler.execute(input({ bad: true })), { message: 'WEBHOOK needs x' });
    assert.deepEqual(delivered, [{ planned: 1 }]);
  });

  describe('WEBHOOK', () => {
    it('plans the URL, the method in any case, the body and the instance', () => {
      const plan = planWebhook(
        input({
          endpoint: ' https://hooks.test/x?k=1 ',
          method: 'patch',
          body: { a: 1 },
          headers: { 'X-A': '1' },
          integrationInstanceId: 'hook-1',
        }),
      );
      assert.equal(plan.url.href, 'https://hooks.test/x?k=1');
      assert.deepEqual(
        [plan.method, plan.body, plan.instanceId, plan.headers],
        ['PATCH', { a: 1 }, 'hook-1', { 'X-A': '1' }],
      );
      assert.equal(
        planWebhook(input({ endpoint: 'https://h.test', method: 'GET', body: null })).body,
        undefined,
      );
    });

    it('refuses a bad endpoint or method, and a body with GET, HEAD or DELETE', () => {
      assert.throws(() => planWebhook(input({ endpoint: 'not a url', method: 'POST' })), {
        message: 'WEBHOOK needs endpoint to be an http or https URL, not "not a url"',
      });
      assert.throws(() => planWebhook(input({ endpoint: 'https://h.test', method: 'FETCH' })), {
        message:
          /^WEBHOOK needs method to be one of POST, PUT, GET, HEAD, PATCH, DELETE, not "FETCH"$/,
      });
      assert.throws(
        () => planWebhook(input({ endpoint: 'https://h.test', method: 'GET', body: {} })),
        {
          message:
            'WEBHOOK body is not allowed with method GET: only POST, PUT and PATCH send a body',
        },
      );
      assert.throws(
        () =>
          planWebhook(
            input({ endpoint: 'https://h.test', method: 'POST', integrationInstanceId: 7 }),
          ),
        /integrationInstanceId to be text/,
      );
    });

    it("headers: the instance's secret over the action's over the instance's config, any case", () => {
      assert.deepEqual(webhookHeaders({ 'X-A': 1 }, undefined), {
        headers: { 'X-A': '1' },
        hide: [],
      });
      assert.deepEqual(
        webhookHeaders(
          { 'x-config': 'action', 'X-Secret': 'action' },
          instance(
            { headers: { 'X-Config': 'config', 'X-Only': 'c' } },
            { headers: { 'x-secret': 's3' } },
          ),
        ),
        { headers: { 'x-config': 'action', 'X-Only': 'c', 'x-secret': 's3' }, hide: ['s3'] },
      );
      assert.throws(
        () => webhookHeaders({ 'Bad Name': 'x' }, undefined),
        /not a valid HTTP header name/,
      );
      assert.throws(() => webhookHeaders({ 'X-A': 'a\r\nb' }, undefined), /line break or NUL/);
      assert.throws(() => webhookHeaders('x', undefined), /WEBHOOK needs headers to be an object/);
    });
  });

  describe('SEND_EMAIL', () => {
    const links = linksOf('http://g.test');
    it('plans the recipients and the alert view: subject led by the alert level, body, links', () => {
      const plan = planEmail(
        input(
          {
            recipients: ['a@x.test', 'b@x.test'],
            body: 'Found {{n}}',
            integrationInstanceId: 'smtp-1',
          },
          { alertLevel: 'high', alertWebLink: 'http://g.test/console/alerts?ruleId=r-1' },
        ),
        links,
      );
      assert.deepEqual(
        [
          plan.to,
          plan.integrationInstanceId,
          plan.view.subject,
          plan.view.body,
          plan.view.alertLink,
        ],
        [
          ['a@x.test', 'b@x.test'],
          'smtp-1',
          '[HIGH] Open buckets',
          'Found {{n}}',
          'http://g.test/console/alerts?ruleId=r-1',
        ],
      );
      assert.deepEqual(plan.view.level, { name: 'HIGH', colour: '#c62828', textColour: '#ffffff' });
      assert.equal(plan.view.rule.link, 'http://g.test/console/rules/r-1');
    });

    it('without a body: the rule and its query totals; without a level: just the name', () => {
      const plan = planEmail(
        input({ recipients: 'a@x.test' }, { queries: { q: { total: 3, data: [] } } }),
        links,
      );
      assert.deepEqual(
        [plan.view.subject, plan.view.body, plan.integrationInstanceId, plan.view.level],
        ['Open buckets', "Rule 'Open  buckets' sent this email.\nq: 3", undefined, null],
      );
      assert.throws(() => planEmail(input({ recipients: [] }), links), /recipients is empty/);
    });
  });

  describe('SEND_CHAT_MESSAGE', () => {
    const base = 'https://gs.test/console';
    const links: Parameters<typeof planChat>[1] = {
      console: base,
      entity: (id) => `${base}/entities/${id}`,
      rule: (id) => `${base}/rules/${id}`,
      ruleAlerts: (id) => `${base}/alerts?ruleId=${id}`,
      alerts: `${base}/alerts`,
      evaluation: (ruleId, id) => `https://gs.test/rules/${ruleId}/evaluations/${id}`,
    };
    const at = (i: OutboundActionInput): OutboundActionInput => ({
      ...i,
      startedOn: Date.UTC(2026, 10, 29, 3, 40),
    });

    it('plans the channels, the colour, the format, the instance and the alert view', () => {
      const plan = planChat(
        at(
          input(
            {
              channels: ['#a', ' #b ', '#a'],
              body: { n: 1 },
              integrationInstanceId: 'slack-1',
              format: ' TEXT ',
            },
            { alertLevel: 'CRITICAL', alertWebLink: `${base}/alerts?ruleId=r-1` },
          ),
        ),
        links,
      );
      assert.deepEqual(plan, {
        channels: ['#a', '#b'],
        integrationId: 'slack-1',
        format: 'text',
        colour: 'danger',
        view: {
          kind: 'alert',
          subject: '[CRITICAL] Open buckets',
          consoleLink: base,
          time: '2026-11-29 03:40 UTC',
          rule: {
            id: 'r-1',
            name: 'Open buckets',
            description: null,
            link: `${base}/rules/r-1`,
          },
          level: { name: 'CRITICAL', colour: '#8e0000', textColour: '#ffffff' },
          body: '{\n  "n": 1\n}',
          entities: [],
          entityCount: 0,
          moreEntities: 0,
          alertLink: `${base}/alerts?ruleId=r-1`,
          evaluationId: 'ev-1',
        },
      });
      const bare = planChat(input({ channels: '#a', body: '', integrationInstanceId: 's' }), links);
      assert.deepEqual([bare.format, bare.colour, bare.view.body], [undefined, '#9E9E9E', '']);
      assert.throws(
        () =>
          planChat(input({ channels: 'general', body: 'x', integrationInstanceId: 's' }), links),
        /channels/,
      );
      assert.throws(
        () => planChat(input({ channels: '#a', body: 'x' }), links),
        /integrationInstanceId to be non-empty text/,
      );
      assert.throws(
        () =>
          planChat(
            input({ channels: '#a', body: 'x', integrationInstanceId: 's', format: 'html' }),
            links,
          ),
        { message: 'SEND_CHAT_MESSAGE needs format to be slack or text, not "html"' },
      );
    });

    it("format: the action's, else Slack for the API and hooks.slack.com, else text", () => {
      const api = { kind: 'api', botToken: 'xoxb', apiBaseUrl: 'https://slack.com/api' } as const;
      const hook = (url: string) => ({ kind: 'webhook', hook: url, botToken: undefined }) as const;
      assert.deepEqual(
        [
          chatFormat(undefined, api),
          chatFormat('text', api),
          chatFormat(undefined, hook('https://hooks.slack.com/services/T/B/x')),
          chatFormat(undefined, hook('https://HOOKS.slack-gov.com/services/T/B/x')),
          chatFormat(undefined, hook('https://chat.example.com/hooks/abc')),
          chatFormat(undefined, hook('https://hooks.slack.com.evil.test/x')),
          chatFormat('slack', hook('https://chat.example.com/hooks/abc')),
          chatFormat(undefined, hook('not a url')),
        ],
        ['slack', 'text', 'slack', 'slack', 'text', 'text', 'slack', 'text'],
      );
    });

    it('the message: Block Kit or {text} from the view; a secret parameter in neither', () => {
      const plan = planChat(
        at({
          ...input(
            {
              channels: '#a',
              body: 'token tok-123 leaked by <@U1>',
              integrationInstanceId: 's',
            },
            { alertLevel: 'low' },
          ),
          secrets: ['tok-123'],
        }),
        links,
      );
      const text = chatMessage(plan, {
        kind: 'webhook',
        hook: 'https://chat.test/h',
        botToken: undefined,
      });
      assert.deepEqual(text, {
        format: 'text',
        payload: {
          text:
            '[LOW] Open buckets\n\ntoken [secret] leaked by <@U1>\n\n' +
            `Rule: ${base}/rules/r-1\nEvaluated: 2026-11-29 03:40 UTC`,
        },
      });
      const slack = chatMessage(plan, {
        kind: 'api',
        botToken: 'xoxb',
        apiBaseUrl: 'https://s.test',
      });
      assert.equal(slack.format, 'slack');
      assert.equal(slack.payload.text, '[LOW] Open buckets');
      assert.deepEqual(slack.payload.attachments[0]!.blocks[1], {
        type: 'section',
        text: { type: 'mrkdwn', text: 'token [secret] leaked by &lt;@U1&gt;', verbatim: true },
      });
      assert.ok(!JSON.stringify([text, slack]).includes('tok-123'));
      // Text bound for Slack itself is escaped: no mention of U1.
      const api = { kind: 'api', botToken: 'xoxb', apiBaseUrl: 'https://s.test' } as const;
      const escaped = chatMessage({ ...plan, format: 'text' }, api);
      assert.equal(escaped.format, 'text');
      assert.match(
        escaped.payload.text,
        /^\[LOW\] Open buckets\n\ntoken \[secret\] leaked by &lt;@U1&gt;\n/,
      );
    });

    it("route: the action's webhookUrl, else the instance's hook without a bot token, else the API", () => {
      const both = instance(
        { apiBaseUrl: 'https://slack.test/api/' },
        { botToken: 'xoxb', webhookUrl: 'https://hooks.slack.test/i' },
      );
      assert.deepEqual(chatRoute({ webhookUrl: 'https://hooks.slack.test/a' }, both, 's'), {
        kind: 'webhook',
        hook: 'https://hooks.slack.test/a',
        botToken: 'xoxb',
      });
      assert.deepEqual(chatRoute({}, both, 's'), {
        kind: 'api',
        botToken: 'xoxb',
        apiBaseUrl: 'https://slack.test/api/',
      });
      assert.deepEqual(
        chatRoute({}, instance({}, { webhookUrl: 'https://hooks.slack.test/i' }), 's'),
        {
          kind: 'webhook',
          hook: 'https://hooks.slack.test/i',
          botToken: undefined,
        },
      );
      assert.deepEqual(chatRoute({}, instance({}, { botToken: 'xoxb' }), 's'), {
        kind: 'api',
        botToken: 'xoxb',
        apiBaseUrl: 'https://slack.com/api',
      });
      assert.throws(() => chatRoute({}, instance({}), 'slack-1'), {
        message:
          "integration instance 'slack-1' has neither a botToken nor a webhookUrl secret; SEND_CHAT_MESSAGE needs one of them (or a webhookUrl in the action)",
      });
    });
  });

  describe('CREATE_TRACKER_TICKET', () => {
    const action = {
      project: ' OPS ',
      summary: 'Two\nbuckets  open',
      issueType: 'Task',
      integrationInstanceId: 'jira-1',
      additionalFields: { summary: 'ignored', labels: ['x'], description: 'line 1\nline 2' },
    };

    it('plans the issue; the fields put the action’s own over additionalFields, text description as a doc', () => {
      const plan = planTicket(input(action));
      assert.deepEqual(
        [plan.project, plan.summary, plan.issueType, plan.integrationId],
        ['OPS', 'Two buckets open', 'Task', 'jira-1'],
      );
      const fields = issueFields(plan);
      assert.deepEqual(fields.project, { key: 'OPS' });
      assert.equal(fields.summary, 'Two buckets open');
      assert.deepEqual(fields.issuetype, { name: 'Task' });
      assert.deepEqual(fields.labels, ['x']);
      assert.equal((fields.description as { type: string }).type, 'doc');
      assert.equal(
        'description' in issueFields(planTicket(input({ ...action, additionalFields: undefined }))),
        false,
      );
      assert.throws(
        () => planTicket(input({ ...action, additionalFields: 'x' })),
        /additionalFields to be an object/,
      );
      assert.throws(
        () => planTicket(input({ ...action, summary: ' ' })),
        /summary to be non-empty text/,
      );
    });

    it("access: the instance's baseUrl (no trailing slash), email and apiToken, or what is missing", () => {
      assert.deepEqual(
        jiraAccess(
          instance(
            { baseUrl: 'https://x.atlassian.test//', email: 'bot@x.test' },
            { apiToken: 't' },
          ),
          'jira-1',
        ),
        { base: 'https://x.atlassian.test', email: 'bot@x.test', apiToken: 't' },
      );
      assert.throws(
        () => jiraAccess(instance({ baseUrl: 'https://x' }, { apiToken: 't' }), 'jira-1'),
        {
          message: "integration instance 'jira-1' has no baseUrl or email in its config",
        },
      );
      assert.throws(() => jiraAccess(instance({ baseUrl: 'https://x', email: 'e' }), 'jira-1'), {
        message:
          "integration instance 'jira-1' has no apiToken secret; CREATE_TRACKER_TICKET needs one",
      });
    });
  });

  describe('PUBLISH_TOPIC_MESSAGE and SEND_QUEUE_MESSAGE', () => {
    it('plan {"data": <data>} as JSON text, where it goes and the instance', () => {
      assert.deepEqual(
        planTopicMessage(
          input({ integrationInstanceId: 'aws-1', topicResourceName: 'arn:t', data: { n: 1 } }),
        ),
        { integrationId: 'aws-1', topicArn: 'arn:t', message: '{"data":{"n":1}}' },
      );
      assert.deepEqual(
        planQueueMessage(
          input({ integrationInstanceId: 'aws-1', queueUrl: 'https://q.test/1', data: 'text' }),
        ),
        { integrationId: 'aws-1', queueUrl: 'https://q.test/1', body: '{"data":"text"}' },
      );
      assert.throws(
        () =>
          planQueueMessage(
            input({ integrationInstanceId: 'aws-1', queueUrl: 'q', data: undefined }),
          ),
        /SEND_QUEUE_MESSAGE needs data to render to a JSON value/,
      );
      assert.throws(
        () => planTopicMessage(input({ integrationInstanceId: 'aws-1', data: 1 })),
        /PUBLISH_TOPIC_MESSAGE needs topicResourceName to be non-empty text/,
      );
    });
  });
});
