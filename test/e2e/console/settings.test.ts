import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testAccounts } from '../../helpers/harness';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';

const SECRET = 'xoxb-never-shown-4242';
const TOKEN = 'ATATT-jira-token-777';

describe('console: settings (Chromium, real API)', function () {
  this.timeout(180_000);
  const rig = useConsoleRig();

  it('sets a secret parameter that never shows, and a plain one, and deletes one', async () => {
    const a = await freshAccount();
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/settings');
      await page.getByText('No parameters yet.').waitFor();

      await page.getByLabel('Name').fill('slackToken');
      await page.getByLabel('Secret (write-only: never shown again)').check();
      assert.equal(
        await page.getByLabel('Value', { exact: true }).getAttribute('type'),
        'password',
      );
      await page.getByLabel('Value', { exact: true }).fill(SECRET);
      await page.getByRole('button', { name: 'Save parameter' }).click();
      await page.getByRole('status').getByText('Saved slackToken.').waitFor();
      const row = page.getByRole('row', { name: /slackToken/ });
      assert.equal(await row.getByRole('cell').nth(1).textContent(), 'secret, set');

      await page.getByLabel('Name').fill('trustedPorts');
      await page.getByLabel('Value', { exact: true }).fill('[22, 443]');
      await page.getByLabel('The value is JSON (a number, true/false, or a list)').check();
      await page.getByRole('button', { name: 'Save parameter' }).click();
      const plain = page.getByRole('row', { name: /trustedPorts/ });
      await plain.waitFor();
      assert.equal(await plain.getByRole('cell').nth(1).textContent(), '[22,443]');

      // The secret is nowhere on the page: not in its text, not left in the form's field.
      assert.ok(!((await page.locator('body').textContent()) ?? '').includes(SECRET));
      assert.equal(await page.getByLabel('Value', { exact: true }).inputValue(), '');
      assert.ok(!(await page.content()).includes(SECRET));
      await assertAccessible(page, 'settings');
      await screenshot(page, 'settings');

      const stored = await request(rig.url)
        .get('/parameters/slackToken')
        .set(a.headers)
        .expect(200);
      assert.equal(stored.body.parameter.secret, true);
      assert.equal('value' in stored.body.parameter, false);
      const ports = await request(rig.url).get('/parameters/trustedPorts').set(a.headers);
      assert.deepEqual(ports.body.parameter.value, [22, 443]);

      // Deleting asks first; Cancel keeps it, the confirm deletes it.
      await page.getByRole('button', { name: 'Delete parameter trustedPorts' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await request(rig.url).get('/parameters/trustedPorts').set(a.headers).expect(200);
      await page.getByRole('button', { name: 'Delete parameter trustedPorts' }).click();
      await page.getByRole('button', { name: 'Delete parameter', exact: true }).click();
      await plain.waitFor({ state: 'detached' });
      await request(rig.url).get('/parameters/trustedPorts').set(a.headers).expect(404);
    } finally {
      await context.close();
    }
  });

  it('creates a Jira instance whose token is write-only, and sets notification emails', async () => {
    const a = await freshAccount();
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/settings?tab=integrations');
      await page.getByText('No integration instances yet.').waitFor();
      await page.getByRole('button', { name: 'New integration instance' }).click();
      assert.equal(await page.getByLabel('Type').inputValue(), 'jira');
      await page.getByLabel('Name').fill('Acme Jira');
      await page
        .getByLabel('Config (JSON)')
        .fill('{"baseUrl": "https://acme.atlassian.net", "email": "alerts@acme.com"}');
      await page.getByLabel('apiToken').fill(TOKEN);
      await page.getByRole('button', { name: 'Create instance' }).click();
      const row = page.getByRole('row', { name: /Acme Jira/ });
      await row.waitFor();
      assert.equal(await row.getByRole('cell').nth(3).textContent(), 'apiToken: set');
      assert.ok(!(await page.content()).includes(TOKEN));
      await assertAccessible(page, 'settings integrations');
      await screenshot(page, 'settings-integrations');
      const listed = await request(rig.url).get('/integrations').set(a.headers).expect(200);
      assert.deepEqual(
        listed.body.integrations.map((i: { name: string; secretNames: string[] }) => [
          i.name,
          i.secretNames,
        ]),
        [['Acme Jira', ['apiToken']]],
      );

      // A bad config shows the API's message.
      await page.getByRole('button', { name: 'Edit Acme Jira' }).click();
      await page.getByLabel('Config (JSON)').fill('{"baseUrl": "ftp://acme", "email": "x@y.z"}');
      await page.getByRole('button', { name: 'Save instance' }).click();
      await page
        .getByRole('alert')
        .locator('.error-message')
        .getByText(/^\/config\/baseUrl/)
        .waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('tab', { name: 'Notification emails' }).click();
      await page.waitForURL(/tab=notifications$/);
      await page.getByText('No addresses: failure notices are off.').waitFor();
      await page
        .getByLabel('Addresses (one per line)')
        .fill('secops@example.com\noncall@example.com');
      await page.getByRole('button', { name: 'Save emails' }).click();
      await page.getByRole('status').getByText('Saved 2 address(es).').waitFor();
      const current = page.getByRole('list', { name: 'Current notification emails' });
      await current.waitFor();
      assert.deepEqual(await current.getByRole('listitem').allTextContents(), [
        'secops@example.com',
        'oncall@example.com',
      ]);
      const account = await request(rig.url).get('/account').set(a.headers).expect(200);
      assert.deepEqual(account.body.account.notificationEmails, [
        'secops@example.com',
        'oncall@example.com',
      ]);
    } finally {
      await context.close();
    }
  });

  it('a read-only key sees the settings without the actions', async () => {
    const a = await freshAccount();
    await request(rig.url).put('/parameters/region').set(a.headers).send({ value: 'eu' });
    const reader = await (
      await testAccounts()
    ).createApiKey({ accountId: a.accountId, name: 'reader', roles: ['read'] });
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, { ...a, key: reader.secret }, '/console/settings');
      await page.getByRole('row', { name: /region/ }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save parameter' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: /^Delete parameter/ }).count(), 0);
      await page.getByRole('tab', { name: 'Integration instances' }).click();
      await page.getByText('No integration instances yet.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'New integration instance' }).count(), 0);
      await page.getByRole('tab', { name: 'Notification emails' }).click();
      await page.getByText('Only an admin key may change them.').waitFor();
    } finally {
      await context.close();
    }
  });
});
