import assert from 'node:assert/strict';
import { chatText } from '../../../src/notifications/chat-text';
import {
  clipMrkdwn,
  entityList,
  escapeMrkdwn,
  mrkdwnLink,
  slackMessage,
} from '../../../src/notifications/slack-blocks';
import type { AlertView, EntityView } from '../../../src/notifications/views';

/**
 * The chat messages of SEND_CHAT_MESSAGE from an alert view (issue 28): Slack's Block Kit
 * (slack-blocks.ts) and plain text for other chat webhooks (chat-text.ts), exactly; hostile
 * names inert, Slack's limits kept.
 */
const C = 'https://gs.test/console';

function entity(n: number, extra: Partial<EntityView> = {}): EntityView {
  return {
    id: `e${n}`,
    displayName: `bucket-${n}`,
    class: 'DataStore',
    type: 'aws_s3_bucket',
    link: `${C}/entities/e${n}`,
    deleted: false,
    ...extra,
  };
}

function view(extra: Partial<AlertView> = {}): AlertView {
  return {
    kind: 'alert',
    subject: '[HIGH] Open buckets',
    consoleLink: C,
    time: '2026-11-29 03:40 UTC',
    rule: { id: 'r-1', name: 'Open buckets', description: null, link: `${C}/rules/r-1` },
    level: { name: 'HIGH', colour: '#c62828', textColour: '#ffffff' },
    body: '*Open buckets*: 12 found',
    entities: [entity(1), entity(2)],
    entityCount: 2,
    moreEntities: 0,
    alertLink: `${C}/alerts?ruleId=r-1`,
    evaluationId: 'ev-1',
    ...extra,
  };
}

describe('notifications: Slack blocks and chat text', () => {
  it('slackMessage: header, then one coloured attachment with fields, body, entities, buttons', () => {
    assert.deepEqual(slackMessage(view(), 'danger'), {
      text: '[HIGH] Open buckets',
      blocks: [{ type: 'header', text: { type: 'plain_text', text: 'Open buckets', emoji: true } }],
      attachments: [
        {
          color: 'danger',
          fallback: '[HIGH] Open buckets',
          blocks: [
            {
              type: 'section',
              fields: [
                { type: 'mrkdwn', text: '*Level*\nHIGH', verbatim: true },
                { type: 'mrkdwn', text: '*Entities*\n2', verbatim: true },
                { type: 'mrkdwn', text: '*Evaluated*\n2026-11-29 03:40 UTC', verbatim: true },
              ],
            },
            {
              type: 'section',
              text: { type: 'mrkdwn', text: '*Open buckets*: 12 found', verbatim: true },
            },
            {
              type: 'section',
              text: {
                type: 'mrkdwn',
                text:
                  `• <${C}/entities/e1|bucket-1> — DataStore, aws_s3_bucket\n` +
                  `• <${C}/entities/e2|bucket-2> — DataStore, aws_s3_bucket`,
                verbatim: true,
              },
            },
            {
              type: 'actions',
              elements: [
                {
                  type: 'button',
                  text: { type: 'plain_text', text: 'View alert' },
                  url: `${C}/alerts?ruleId=r-1`,
                  action_id: 'view_alert',
                },
                {
                  type: 'button',
                  text: { type: 'plain_text', text: 'Open rule' },
                  url: `${C}/rules/r-1`,
                  action_id: 'open_rule',
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('no level, body, entities or links: only the fields remain', () => {
    const bare = view({
      subject: 'Unsaved',
      rule: { id: null, name: 'Unsaved', description: null, link: null },
      level: null,
      body: '  ',
      entities: [],
      entityCount: 0,
      alertLink: null,
    });
    assert.deepEqual(slackMessage(bare, '#9E9E9E').attachments, [
      {
        color: '#9E9E9E',
        fallback: 'Unsaved',
        blocks: [
          {
            type: 'section',
            fields: [
              { type: 'mrkdwn', text: '*Level*\nnone', verbatim: true },
              { type: 'mrkdwn', text: '*Entities*\n0', verbatim: true },
              { type: 'mrkdwn', text: '*Evaluated*\n2026-11-29 03:40 UTC', verbatim: true },
            ],
          },
        ],
      },
    ]);
    const noAlert = slackMessage(view({ alertLink: null }), 'good').attachments[0]!.blocks;
    assert.deepEqual(noAlert[noAlert.length - 1], {
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Open rule' },
          url: `${C}/rules/r-1`,
          action_id: 'open_rule',
        },
      ],
    });
  });

  it('lists 10 entities with links, then "and N more" of the whole count', () => {
    const rows = Array.from({ length: 25 }, (_, i) => entity(i + 1));
    const list = entityList({ entities: rows, entityCount: 40 });
    const lines = list.split('\n');
    assert.equal(lines.length, 11);
    assert.equal(lines[9], `• <${C}/entities/e10|bucket-10> — DataStore, aws_s3_bucket`);
    assert.equal(lines[10], 'and 30 more');
    assert.equal(
      entityList({
        entities: [entity(1, { class: '', type: 'x', deleted: true })],
        entityCount: 1,
      }),
      `• <${C}/entities/e1|bucket-1> — x (deleted)`,
    );
  });

  it('hostile names and bodies arrive inert: escaped in mrkdwn, as is in plain_text', () => {
    const hostile = '<script>alert(1)</script> {{x}} "q" <!channel> a|b & c';
    const v = view({
      subject: `[HIGH] ${hostile}`,
      rule: { id: 'r-1', name: hostile, description: null, link: `${C}/rules/r-1` },
      body: `<!here> see <https://evil.test|here> ${hostile}`,
      entities: [entity(1, { displayName: hostile, class: '<b>', type: 'a&b' })],
      entityCount: 1,
    });
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; {{x}} "q" &lt;!channel&gt; a|b &amp; c';
    const message = slackMessage(v, 'danger');
    assert.equal(message.text, `[HIGH] ${escaped}`);
    assert.equal(message.attachments[0]!.fallback, `[HIGH] ${escaped}`);
    assert.deepEqual(message.blocks[0], {
      type: 'header',
      text: { type: 'plain_text', text: hostile, emoji: true },
    });
    const [, body, list] = message.attachments[0]!.blocks;
    assert.deepEqual(body, {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `&lt;!here&gt; see &lt;https://evil.test|here&gt; ${escaped}`,
        verbatim: true,
      },
    });
    assert.deepEqual(list, {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `• <${C}/entities/e1|${escaped.replace('|', '¦')}> — &lt;b&gt;, a&amp;b`,
        verbatim: true,
      },
    });
    // No mrkdwn text is left that Slack would read as a mention or a link of the name's.
    const mrkdwn = [message.text, body, list].map((t) => JSON.stringify(t)).join('\n');
    assert.ok(!/<[!@#]|<script|\|here>/.test(mrkdwn), mrkdwn);
  });

  it('keeps Slack limits: header 150, body 3000 (never cutting an entity), links whole', () => {
    const long = view({
      rule: { id: 'r-1', name: 'n'.repeat(200), description: null, link: null },
      body: `${'x'.repeat(2997)}<yz`,
    });
    const message = slackMessage(long, 'danger');
    const header = message.blocks[0] as { text: { text: string } };
    assert.equal(header.text.text, `${'n'.repeat(149)}…`);
    const body = message.attachments[0]!.blocks[1] as { text: { text: string } };
    assert.equal(body.text.text, `${'x'.repeat(2997)}…`);
    assert.equal(clipMrkdwn('a&b', 3), 'a…');
    assert.equal(escapeMrkdwn('<&>'), '&lt;&amp;&gt;');
    assert.equal(
      mrkdwnLink('https://x.test/a?b=1&c=<|>', 'x|y>'),
      '<https://x.test/a?b=1&amp;c=%3C%7C%3E|x¦y&gt;>',
    );
    const huge = Array.from({ length: 10 }, (_, i) => entity(i, { displayName: '&'.repeat(200) }));
    const list = entityList({ entities: huge, entityCount: 10 });
    assert.ok(list.length <= 3000, String(list.length));
    assert.match(list, /\nand 8 more$/);
  });

  it('chatText: subject, body, entity lines, "and N more", links and time, as plain text', () => {
    const v = view({
      body: '<b>{{x}}</b> "q"',
      entities: [entity(1, { displayName: '<script>' }), entity(2, { class: '', type: '' })],
      entityCount: 30,
      moreEntities: 28,
    });
    assert.deepEqual(chatText(v), {
      text: [
        '[HIGH] Open buckets',
        '',
        '<b>{{x}}</b> "q"',
        '',
        'Entities (30):',
        `- <script> (DataStore, aws_s3_bucket) ${C}/entities/e1`,
        `- bucket-2 ${C}/entities/e2`,
        'and 28 more',
        '',
        `Alert: ${C}/alerts?ruleId=r-1`,
        `Rule: ${C}/rules/r-1`,
        'Evaluated: 2026-11-29 03:40 UTC',
      ].join('\n'),
    });
    const bare = view({
      subject: 'x',
      body: '',
      entities: [],
      entityCount: 0,
      alertLink: null,
      rule: { id: null, name: 'x', description: null, link: null },
    });
    assert.deepEqual(chatText(bare), { text: 'x\n\nEvaluated: 2026-11-29 03:40 UTC' });
  });
});
