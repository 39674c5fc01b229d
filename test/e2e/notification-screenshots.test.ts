import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type express from 'express';
import { type Browser, chromium } from 'playwright-core';
import request from 'supertest';
import { repoRoot } from '../../src/paths';
import { assertAccessible, chromiumPath } from '../helpers/console-browser';
import { randomUUID } from 'node:crypto';
import {
  freshAccount,
  testApp,
  testConfig,
  testGraph,
  testRuleEngine,
  testServices,
} from '../helpers/harness';
import { SmtpTestServer } from '../integration/actions/smtp-test-server';
import { HOSTS, mailRule } from '../integration/notifications/notification-helpers';
import { ruleCalls } from '../integration/rules/rule-evaluation-helpers';

/**
 * The notification emails as a mail client shows them (issue 28): the HTML part the real SMTP
 * server received, rendered in Chromium (Debian's, through playwright-core) with scripts off and
 * the network cut: it must show the same with no remote content. Screenshots go to
 * NOTIFICATION_SCREENSHOTS_DIR (`npm run docs:screenshots`: docs/guide/notifications, which
 * docs/guide/notifications.md shows), else .tmp; axe checks each for WCAG 2.1 AA.
 */
const DOC = path.join(repoRoot, 'docs', 'guide', 'notifications.md');

function screenshotDir(): string {
  const dir =
    process.env.NOTIFICATION_SCREENSHOTS_DIR ??
    path.join(repoRoot, '.tmp', 'notification-screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

describe('notifications: emails rendered in Chromium (real SMTP, real Neo4j)', () => {
  let smtp: SmtpTestServer;
  let app: express.Express;
  let browser: Browser;
  before(async () => {
    smtp = await new SmtpTestServer().start();
    app = await testApp({ ...(await testRuleEngine({ outbound: { smtpUrl: smtp.url } })) });
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    });
  });
  after(async () => {
    await browser.close();
    await smtp.close();
  });
  const calls = ruleCalls(() => app);

  /**
   * Renders one received HTML part as a mail client would (no scripts, no network) and screenshots
   * it as `<name>.png`; then axe (which needs scripts) checks the same document in a second page.
   */
  async function shoot(html: string, name: string): Promise<void> {
    const asMailClient = await browser.newContext({
      viewport: { width: 720, height: 900 },
      javaScriptEnabled: false,
      offline: true,
    });
    try {
      const page = await asMailClient.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.setContent(html, { waitUntil: 'load' });
      assert.deepEqual(requests, [], 'an email loads nothing from anywhere');
      await page.screenshot({ path: path.join(screenshotDir(), `${name}.png`), fullPage: true });
    } finally {
      await asMailClient.close();
    }
    const forAxe = await browser.newContext({ offline: true });
    try {
      const page = await forAxe.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      await assertAccessible(page, name);
    } finally {
      await forAxe.close();
    }
  }

  it('the alert email: badge, body, entity table, "and 2 more", buttons', async () => {
    const { a } = await calls.seeded(HOSTS);
    // The body reads a secret parameter: the email shows [secret].
    const secret = await request(app)
      .put('/parameters/token')
      .set(a.headers)
      .send({ value: 'tok-not-shown', secret: true });
    assert.equal(secret.status, 200);
    const rule = await calls.create(a, mailRule('Open hosts on the internet'));
    await calls.evaluate(a, String(rule.id));
    const mail = smtp.received.at(-1)!;
    assert.equal(mail.subject, '[CRITICAL] Open hosts on the internet');
    assert.ok(String(mail.html).includes('Token: [secret]'));
    assert.ok(!String(mail.html).includes('tok-not-shown') && !mail.text.includes('tok-not-shown'));
    await shoot(String(mail.html), 'alert-email');
  });

  it("the digest: the day's alerts by level and rule, with the totals", async () => {
    const services = await testServices({
      config: testConfig({ outbound: { smtpUrl: smtp.url } }),
    });
    const a = await freshAccount();
    await services.accounts.digest.set(a.accountId, {
      frequency: 'DAILY',
      recipients: ['soc@example.com'],
    });
    const graph = await testGraph();
    const day = Date.parse('2026-11-29T00:00:00Z');
    const h = 3_600_000;
    const alerts: Array<[string, string, string, number, number | null]> = [
      // rule, level, status, opened (hours into the day, or before it), dismissed
      ['Admin users without MFA', 'CRITICAL', 'ACTIVE', 2, null],
      ['Public S3 buckets', 'HIGH', 'ACTIVE', -30, null],
      ['Public S3 buckets', 'HIGH', 'DISMISSED', 5, 9],
      ['Hosts with open SSH', 'HIGH', 'ACTIVE', 11, null],
      ['Unencrypted volumes', 'MEDIUM', 'DISMISSED', -50, 14],
      ['Stale access keys', 'LOW', 'ACTIVE', 16, null],
    ];
    for (const [ruleName, level, status, opened, dismissed] of alerts) {
      await graph.write('digests/test-create-alert', {
        accountId: a.accountId,
        id: randomUUID(),
        ruleId: ruleName.toLowerCase().replace(/\W+/g, '-'),
        ruleName,
        level,
        status,
        createdOn: day + opened * h,
        resolvedOn: null,
        dismissedOn: dismissed === null ? null : day + dismissed * h,
      });
    }
    const outcome = await services.digests.runAccount(a.accountId, day + 27.5 * h);
    assert.equal(outcome?.status, 'SENT', outcome?.detail ?? '');
    const mail = smtp.received.at(-1)!;
    assert.equal(
      mail.subject,
      'graphsync daily digest: 4 alerts opened, 4 open, 2 dismissed (29 Nov 2026)',
    );
    await shoot(String(mail.html), 'digest-email');
  });

  it('docs/guide/notifications.md shows each screenshot this suite takes', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    for (const name of ['alert-email', 'digest-email']) {
      assert.ok(doc.includes(`(notifications/${name}.png)`), `${name}.png is linked`);
      assert.ok(
        fs.existsSync(path.join(repoRoot, 'docs', 'guide', 'notifications', `${name}.png`)),
        `${name}.png is in docs/guide/notifications`,
      );
    }
  });
});
