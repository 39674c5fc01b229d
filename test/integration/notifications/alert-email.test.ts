import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { testApp, testGraph, TEST_PUBLIC_URL, testRuleEngine } from '../../helpers/harness';
import { SmtpTestServer } from '../actions/smtp-test-server';
import { ruleCalls } from '../rules/rule-evaluation-helpers';
import { HOSTILE, HOSTS, mailRule } from './notification-helpers';

/**
 * Alert emails from the layouts (issue 28; docs/guide/notifications.md): a rule evaluated over
 * HTTP on real Neo4j sends a multipart/alternative mail to a real SMTP server: both parts, the
 * entity table with "and N more", hostile entity names escaped, secrets hidden.
 */
describe('notifications: alert emails (HTTP, real Neo4j, real SMTP)', () => {
  let server: SmtpTestServer;
  let app: express.Express;
  before(async () => {
    server = await new SmtpTestServer().start();
    const engine = await testRuleEngine({ outbound: { smtpUrl: server.url } });
    app = await testApp({ ...engine });
  });
  after(() => server.close());
  const calls = ruleCalls(() => app);

  it('sends both MIME parts: level badge, body, 25 entity rows with links, "and 2 more", links; hostile names inert; the secret hidden', async () => {
    const { a } = await calls.seeded(HOSTS);
    const put = await request(app)
      .put('/parameters/token')
      .set(a.headers)
      .send({ value: 'tok-s3cr3t-value', secret: true });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const rule = await calls.create(a, mailRule('open hosts'));
    const record = await calls.evaluate(a, String(rule.id));
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(server.received.length, 1);
    const mail = server.received[0]!;
    assert.equal(mail.contentType, 'multipart/alternative');
    assert.equal(mail.subject, '[CRITICAL] open hosts');

    const html = String(mail.html);
    const console = `${TEST_PUBLIC_URL}/console`;
    // The level as a coloured badge, the body, the count.
    assert.match(html, /background-color:#8e0000;color:#ffffff;[^>]*>CRITICAL<\/span>/);
    assert.match(
      html,
      /<td style="padding:8px 24px;white-space:pre-wrap;">27 hosts are open\. Token: \[secret\]<\/td>/,
    );
    assert.match(html, />27 entities<\/td>/);
    // 25 rows, in result order, each linking to the entity in the console; then "and 2 more".
    const rows = [...html.matchAll(/<a href="([^"]+)" style="color:#1d4ed8;">([^<]*)<\/a><\/td>/g)];
    assert.equal(rows.length, 25);
    assert.equal(rows[1]![2], 'h01');
    assert.equal(rows[24]![2], 'h24');
    const ids = await entityIds(a.accountId);
    assert.equal(rows[0]![1], `${console}/entities/${ids.get('evil')}`);
    assert.match(html, /<p style="margin:8px 0 0 0;color:#4b5563;">and 2 more<\/p>/);
    assert.match(html, /<td [^>]*>Host, Device<\/td>/);
    // The hostile name: escaped text, never markup; its {{...}} not evaluated.
    assert.ok(
      html.includes('&lt;script&gt;alert(1)&lt;/script&gt; {{rule.name}} &quot;q&quot; &amp; co'),
    );
    assert.doesNotMatch(html, /<script/i);
    // Links: the alert (alertWebLink) and the rule; no images, no remote content.
    // (Handlebars escapes `=` in values as &#x3D;, which an href reads back as `=`.)
    assert.ok(html.includes(`href="${console}/alerts?ruleId&#x3D;${String(rule.id)}"`));
    assert.ok(html.includes(`href="${console}/rules/${String(rule.id)}"`));
    assert.doesNotMatch(html, /<img|<link|url\(/i);
    assert.ok(!html.includes('tok-s3cr3t-value') && !mail.text.includes('tok-s3cr3t-value'));

    // The text part: the same message, the name as it is (no markup in text), "and 2 more".
    const lines = mail.text.split('\n');
    assert.deepEqual(lines.slice(0, 8), [
      '[CRITICAL] open hosts',
      '',
      '27 hosts are open. Token: [secret]',
      '',
      '27 entities:',
      `- ${HOSTILE} (Host, n_host)`,
      `  ${console}/entities/${ids.get('evil')}`,
      '- h01 (Host, Device, n_host)',
    ]);
    assert.ok(mail.text.includes('\nand 2 more\n'));
    assert.ok(mail.text.includes(`\nAlert: ${console}/alerts?ruleId=${String(rule.id)}\n`));
    assert.equal(mail.text.match(/^- /gm)?.length, 25);
  });

  it("uses the account's stored alert layout, and only that account's", async () => {
    const { a } = await calls.seeded(HOSTS.slice(0, 3));
    const saved = await request(app).put('/notification-templates/alert').set(a.headers).send({
      html: '<p>Custom {{rule.name}}: {{#each entities}}[{{displayName}}]{{/each}} {{moreEntities}}</p>',
      text: 'Custom {{subject}} ({{entityCount}})',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const rule = await calls.create(a, mailRule('custom layout'));
    const before = server.received.length;
    await calls.evaluate(a, String(rule.id));
    const mail = server.received[before]!;
    assert.equal(
      mail.html,
      '<p>Custom custom layout: [&lt;script&gt;alert(1)&lt;/script&gt; {{rule.name}} &quot;q&quot; &amp; co][h01][h02] 0</p>',
    );
    assert.equal(mail.text, 'Custom [CRITICAL] custom layout (3)\n');

    const { a: other } = await calls.seeded(HOSTS.slice(0, 1));
    const otherRule = await calls.create(other, mailRule('default layout'));
    await calls.evaluate(other, String(otherRule.id));
    assert.match(String(server.received.at(-1)!.html), /^<!DOCTYPE html>/);
  });
});

async function entityIds(accountId: string): Promise<Map<string, string>> {
  const graph = await testGraph();
  const rows = await graph.read<{ key: string; id: string }>(
    'notifications/test-entity-ids-by-key',
    { accountId },
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}
