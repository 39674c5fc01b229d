import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testAccounts } from '../../helpers/harness';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';
import { bucketIds, bucketRule, syncBuckets } from './rules-fixtures';

describe('console: alerts (Chromium, real API)', function () {
  this.timeout(240_000);
  const rig = useConsoleRig();

  it("alertWebLink opens the rule's alert with its level and entities; Dismiss dismisses it", async () => {
    const a = await freshAccount();
    await syncBuckets(rig.url, a);
    const created = await request(rig.url)
      .post('/rules')
      .set(a.headers)
      .send(bucketRule('unencrypted-buckets'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ruleId = created.body.rule.id as string;
    const evaluated = await request(rig.url).post(`/rules/${ruleId}/evaluate`).set(a.headers);
    assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
    assert.equal(evaluated.body.evaluation.alert.change, 'OPENED');
    const alertId = evaluated.body.evaluation.alert.id as string;
    const ids = await bucketIds(rig.url, a);

    const { context, page } = await rig.newPage();
    try {
      // The link of every alert message: the rule's newest active alert opens by itself.
      await signIn(page, a, `/console/alerts?ruleId=${ruleId}`);
      await page.waitForURL(new RegExp(`/console/alerts/${alertId}\\?ruleId=${ruleId}$`));
      const detail = page.getByRole('article', { name: 'Alert of unencrypted-buckets' });
      await detail.waitFor();
      const facts = detail.locator('dl.kv').first();
      assert.equal(await facts.locator('dt:text-is("Level") + dd').textContent(), 'HIGH');
      assert.equal(await facts.locator('dt:text-is("Status") + dd').textContent(), 'ACTIVE');
      assert.equal(
        await detail.getByRole('link', { name: 'unencrypted-buckets' }).getAttribute('href'),
        `/console/rules/${ruleId}`,
      );
      assert.equal(
        await facts.locator('dt:text-is("Query totals") + dd').textContent(),
        'query0: 2',
      );

      // The entities involved, each a link to its entity screen.
      const entities = detail.getByRole('region', { name: 'Entities involved' }).getByRole('link');
      await entities.first().waitFor();
      const links: Array<[string, string]> = [];
      for (const link of await entities.all())
        links.push([(await link.textContent()) ?? '', (await link.getAttribute('href')) ?? '']);
      assert.deepEqual(
        links.sort((x, y) => x[0].localeCompare(y[0])),
        [
          ['logs', `/console/entities/${ids.get('b1')}`],
          ['web', `/console/entities/${ids.get('b2')}`],
        ],
      );
      // The evaluation that raised it.
      const evaluation = detail.locator('.rules-evaluation');
      assert.equal(
        await evaluation.locator('.rules-evaluation-summary').textContent(),
        'SUCCESS · 2 entities (2 new)',
      );
      assert.match((await evaluation.textContent()) ?? '', /OPENED \(ACTIVE\)/);

      // The list beside it holds the one alert, marked as the selected one.
      const list = page.getByRole('table', { name: 'Alerts, newest first' });
      assert.equal(await list.locator('tbody tr').count(), 1);
      assert.equal(
        await list.getByRole('link', { name: 'unencrypted-buckets' }).getAttribute('aria-current'),
        'true',
      );
      await assertAccessible(page, 'alerts');
      await screenshot(page, 'alerts');

      await detail.getByRole('button', { name: 'Dismiss' }).click();
      await detail
        .getByRole('status')
        .getByText("Dismissed: the rule's next firing opens a new alert.")
        .waitFor();
      assert.equal(await facts.locator('dt:text-is("Status") + dd').textContent(), 'DISMISSED');
      assert.equal(await detail.getByRole('button', { name: 'Dismiss' }).count(), 0);
      await list.locator('tbody tr').getByText('DISMISSED').waitFor();
      const read = await request(rig.url).get(`/alerts/${alertId}`).set(a.headers);
      assert.equal(read.body.alert.status, 'DISMISSED');
      assert.equal(typeof read.body.alert.dismissedOn, 'number');

      // The filters are the API's parameters, kept in the address.
      await page.getByLabel('Status').selectOption('ACTIVE');
      await page.waitForURL(/status=ACTIVE/);
      await page.getByText('No alert matches these filters.').waitFor();
      await page.getByLabel('Status').selectOption('DISMISSED');
      await list.locator('tbody tr').getByText('DISMISSED').waitFor();
      assert.match(page.url(), new RegExp(`ruleId=${ruleId}&status=DISMISSED$`));
    } finally {
      await context.close();
    }
  });

  it('a read-only key sees an alert without Dismiss', async () => {
    const a = await freshAccount();
    await syncBuckets(rig.url, a);
    const created = await request(rig.url).post('/rules').set(a.headers).send(bucketRule('ro'));
    const ruleId = created.body.rule.id as string;
    const evaluated = await request(rig.url).post(`/rules/${ruleId}/evaluate`).set(a.headers);
    const alertId = evaluated.body.evaluation.alert.id as string;
    const read = await (
      await testAccounts()
    ).createApiKey({ accountId: a.accountId, name: 'viewer', roles: ['read'] });
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, { ...a, key: read.secret }, `/console/alerts/${alertId}`);
      const detail = page.getByRole('article', { name: 'Alert of ro' });
      await detail.getByText('ACTIVE').waitFor();
      assert.equal(await detail.getByRole('button', { name: 'Dismiss' }).count(), 0);
    } finally {
      await context.close();
    }
  });
});
