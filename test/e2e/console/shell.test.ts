import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testAccounts } from '../../helpers/harness';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';

describe('console: sign-in, the shell and deep links (Chromium, real API)', function () {
  this.timeout(180_000);
  const rig = useConsoleRig();

  it('a deep link asks for sign-in, then opens; a wrong key shows the API message', async () => {
    const a = await freshAccount();
    const { context, page } = await rig.newPage();
    try {
      await page.goto('/console/alerts?ruleId=r-1');
      await page.waitForURL(/\/console\/sign-in\?next=%2Falerts%3FruleId%3Dr-1$/);
      await assertAccessible(page, 'sign-in');
      await screenshot(page, 'sign-in');

      await page.getByLabel('Account id').fill(a.accountId);
      await page.getByLabel('API key').fill('gsk_not-a-key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('Invalid API key').waitFor();
      assert.equal(
        await page.getByRole('alert').locator('.error-code').textContent(),
        'UNAUTHORIZED',
      );

      await page.getByLabel('API key').fill(a.key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/console\/alerts\?ruleId=r-1$/);
      await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
      assert.match((await page.locator('.top-bar').textContent()) ?? '', new RegExp(a.accountId));

      // Keyboard: the first Tab reaches the skip link, which moves focus to the screen.
      await page.locator('body').focus();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate('document.activeElement.id'), 'main');

      // The session survives a reload (sessionStorage) and ends with sign-out.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/console\/sign-in/);
      assert.equal(await page.evaluate('sessionStorage.length'), 0);
    } finally {
      await context.close();
    }
  });

  it("the key's roles decide the screens offered (an ingest-only key sees jobs and upload)", async () => {
    const a = await freshAccount();
    const ingest = await (
      await testAccounts()
    ).createApiKey({
      accountId: a.accountId,
      name: 'uploader',
      roles: ['ingest'],
    });
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, { ...a, key: ingest.secret }, '/console/jobs');
      const nav = page.getByRole('navigation', { name: 'Screens' });
      assert.deepEqual(await nav.getByRole('link').allTextContents(), ['Jobs', 'Bulk upload']);
      assert.match((await page.locator('.top-bar').textContent()) ?? '', /key uploader \(ingest\)/);

      await page.goto('/console/no-such-screen');
      await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("signing in as another account shows none of the first one's data", async () => {
    const a = await freshAccount();
    const b = await freshAccount();
    const rule = {
      name: 'only-in-a',
      pollingInterval: 'DISABLED',
      question: { queries: [{ name: 'query0', query: 'FIND Host' }] },
      operations: [
        {
          when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
          actions: [{ type: 'CREATE_ALERT' }],
        },
      ],
    };
    await request(rig.url).post('/rules').set(a.headers).send(rule).expect(201);
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/rules');
      await page.getByRole('link', { name: 'only-in-a' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Account id').fill(b.accountId);
      await page.getByLabel('API key').fill(b.key);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('navigation', { name: 'Screens' })
        .getByRole('link', { name: 'Rules' })
        .click();
      await page.getByText('No rules yet. Create one, or import a rule pack.').waitFor();
      assert.equal(await page.getByRole('link', { name: 'only-in-a' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('serves index.html for deep links, hashed assets for good, and 404 for a missing asset', async () => {
    const deep = await request(rig.url).get('/console/rules/some-rule');
    assert.equal(deep.status, 200);
    assert.equal(deep.headers['cache-control'], 'no-cache');
    assert.match(deep.headers['content-security-policy'] ?? '', /default-src 'self'/);
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(deep.text)?.[1];
    assert.ok(script, deep.text);
    const asset = await request(rig.url).get(script);
    assert.equal(asset.status, 200);
    assert.match(asset.headers['cache-control'] ?? '', /max-age=31536000, immutable/);
    const missing = await request(rig.url).get('/console/assets/nope.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.text, 'No console asset /nope.js\n');
  });
});
