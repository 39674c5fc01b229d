import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { freshAccount, testAccounts, type TestAccount } from '../../helpers/harness';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';
import { bucketRule, syncBuckets, UNENCRYPTED } from './rules-fixtures';

/** Replaces the rule editor's text as a paste would (no auto-closed brackets). */
async function setRuleText(page: Page, value: unknown): Promise<void> {
  await page.getByRole('textbox', { name: 'Rule JSON' }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(value, null, 2));
}

describe('console: rules list and rule editor (Chromium, real API)', function () {
  this.timeout(240_000);
  const rig = useConsoleRig();

  it('writes a rule as JSON: lint and Validate refuse a bad one, Test dry-runs it, Save stores it', async () => {
    const a = await freshAccount();
    await syncBuckets(rig.url, a);
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/rules/new');
      await page.getByRole('heading', { level: 1, name: 'New rule' }).waitFor();

      // Without `operations` (required): marked in the editor by the contract's schema...
      const withoutOperations = bucketRule('unencrypted-buckets');
      delete withoutOperations.operations;
      await setRuleText(page, withoutOperations);
      await page.locator('.cm-lint-marker-error').first().waitFor();
      await page.locator('.cm-lint-marker-error').first().hover();
      const lint = page.locator('.cm-tooltip-lint .cm-diagnostic');
      await lint.first().waitFor();
      assert.match(
        (await lint.first().textContent()) ?? '',
        /^The required property `?operations`? is missing/,
      );
      // ...and refused by the API with its own message.
      await page.getByRole('button', { name: 'Validate' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'Not valid' });
      await refused.waitFor();
      assert.equal(
        await refused.locator('.error-message').textContent(),
        '/operations is required',
      );
      assert.equal(await refused.locator('.error-code').textContent(), 'VALIDATION_ERROR');

      await setRuleText(page, bucketRule('unencrypted-buckets'));
      await page.locator('.cm-lint-marker-error').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Validate' }).click();
      await page.getByRole('status').getByText('Valid: the API accepts this rule.').waitFor();
      await assertAccessible(page, 'rule-editor (new)');

      // Test: a dry run of the editor's text over the synced buckets (2 of 3 unencrypted).
      await page.getByRole('button', { name: 'Test' }).click();
      const result = page.getByRole('region', { name: 'Dry-run result' });
      await result.waitFor();
      assert.equal(
        await result.locator('.rules-evaluation-summary').textContent(),
        'SUCCESS · 2 entities (2 new)',
      );
      const queryRow = result.getByRole('table', { name: 'Query results' }).locator('tbody tr');
      assert.deepEqual(await queryRow.locator('td').allTextContents(), [
        'query0',
        UNENCRYPTED,
        '2',
        'list',
      ]);
      const actions = result.getByRole('table', { name: 'Actions of operation 1' });
      assert.deepEqual(await actions.locator('tbody tr td:nth-child(2)').allTextContents(), [
        'SUCCESS',
        'DRY_RUN',
      ]);
      assert.match(
        (await actions.locator('tbody tr').nth(1).textContent()) ?? '',
        /"level": "HIGH"/,
      );
      await assertAccessible(page, 'rule-test-result');
      await screenshot(page, 'rule-test-result');
      // A dry run stores nothing.
      const none = await request(rig.url).get('/rules').set(a.headers);
      assert.deepEqual(none.body.rules, []);

      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/console\/rules\/[0-9a-f-]{36}$/);
      const ruleId = /rules\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
      await page.getByRole('heading', { level: 1, name: 'Rule unencrypted-buckets' }).waitFor();
      const stored = await request(rig.url).get(`/rules/${ruleId}`).set(a.headers);
      assert.equal(stored.status, 200);
      assert.equal(stored.body.rule.name, 'unencrypted-buckets');
      assert.equal(stored.body.rule.version, 1);
      assert.equal(stored.body.rule.pollingInterval, 'DISABLED');
      assert.equal(stored.body.rule.question.queries[0].query, UNENCRYPTED);
      assert.deepEqual(
        stored.body.rule.operations[0].actions.map((x: { type: string }) => x.type),
        ['SET_PROPERTY', 'CREATE_ALERT'],
      );
      await assertAccessible(page, 'rule-editor');
      // CodeMirror draws the lines near the window only: a window as tall as the rule shows all.
      await page.setViewportSize({ width: 1280, height: 1200 });
      await screenshot(page, 'rule-editor');
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('status').getByText('Saved as version 1.').waitFor();

      // An edit shows its diff against the stored version; Save (PUT) stores version 2.
      const edited: Record<string, unknown> = {
        ...stored.body.rule,
        description: 'Buckets without encryption at rest',
      };
      for (const field of ['id', 'version', 'createdOn', 'updatedOn', 'state'])
        delete edited[field];
      await setRuleText(page, edited);
      const changes = page.getByText('Unsaved changes against version 1');
      await changes.click();
      const diff = page.getByLabel('Changes against version 1');
      assert.deepEqual(await diff.locator('del').allTextContents(), [
        '-   "description": "Buckets stored without encryption",\n',
      ]);
      assert.deepEqual(await diff.locator('ins').allTextContents(), [
        '+   "description": "Buckets without encryption at rest",\n',
      ]);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').getByText('Saved as version 2.').waitFor();
      assert.equal(await page.locator('dt:text-is("Version") + dd').textContent(), '2');
      const updated = await request(rig.url).get(`/rules/${ruleId}`).set(a.headers);
      assert.equal(updated.body.rule.version, 2);
      assert.equal(updated.body.rule.description, 'Buckets without encryption at rest');

      // The version history diffs version 1 (kept by the update) against version 2.
      const history = page.getByLabel('Changes from version 1 to version 2');
      await history.waitFor();
      assert.deepEqual(await history.locator('del').allTextContents(), [
        '-   "description": "Buckets stored without encryption",\n',
      ]);
      assert.deepEqual(await history.locator('ins').allTextContents(), [
        '+   "description": "Buckets without encryption at rest",\n',
      ]);
      await assertAccessible(page, 'rule editor with its version history');
      await screenshot(page, 'rule-versions');

      // Evaluated for real (not a dry run), it has a last evaluation and an open alert.
      const evaluated = await request(rig.url).post(`/rules/${ruleId}/evaluate`).set(a.headers);
      assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
      const alertId = evaluated.body.evaluation.alert.id as string;

      // The list shows it, and its search filters by description as well as name.
      await page.getByRole('link', { name: 'All rules' }).click();
      await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
      const row = page.getByRole('table', { name: 'Rules' }).locator('tbody tr');
      await row.first().waitFor();
      assert.equal(await row.count(), 1);
      await row.getByText('SUCCESS').waitFor();
      const cells = await row.locator('td').allTextContents();
      assert.deepEqual(cells.slice(0, 4), [
        'unencrypted-buckets',
        'Buckets without encryption at rest',
        'DISABLED',
        'no (manual only)',
      ]);
      assert.match(cells[4] ?? '', /SUCCESS$/);
      const alertLink = row.getByRole('link', { name: 'HIGH open alert' });
      assert.equal(
        await alertLink.getAttribute('href'),
        `/console/alerts/${alertId}?ruleId=${ruleId}`,
      );
      const search = page.getByLabel('Search rules');
      await search.fill('ENCRYPTION AT REST');
      await page.getByRole('status').getByText('1 of 1 rules match').waitFor();
      await search.fill('no such rule');
      await page.getByText("No rule's name or description contains “no such rule”.").waitFor();
      await search.fill('');
      await row.getByRole('link', { name: 'unencrypted-buckets' }).waitFor();
      await assertAccessible(page, 'rules');
      await screenshot(page, 'rules');
    } finally {
      await context.close();
    }
  });

  it('imports a rule pack and lists what the API created or refused', async () => {
    const a = await freshAccount();
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/rules');
      await page.getByText('No rules yet. Create one, or import a rule pack.').waitFor();
      await page.getByRole('button', { name: 'Import rule pack' }).click();
      const pack = [
        { name: 'public-buckets', queries: [{ query: 'FIND aws_s3_bucket WITH public = true' }] },
        { name: 'no-queries', queries: [] },
      ];
      await page.getByLabel('Import rule pack (JSON)').setInputFiles({
        name: 'pack.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(pack)),
      });
      const outcome = page.getByRole('status').filter({ hasText: 'Imported' });
      await outcome.getByText('Imported 1 of 2 rules; 1 refused.').waitFor();
      assert.match((await outcome.locator('li').nth(1).textContent()) ?? '', /^no-queries: .+/);
      await page.getByRole('table', { name: 'Rules' }).getByText('public-buckets').waitFor();
      const listed = await request(rig.url).get('/rules').set(a.headers);
      assert.deepEqual(
        listed.body.rules.map((r: { name: string }) => r.name),
        ['public-buckets'],
      );
    } finally {
      await context.close();
    }
  });

  it('a read-only key sees the rule read-only: no Save or New rule, but Test runs', async () => {
    const a = await freshAccount();
    await syncBuckets(rig.url, a);
    const created = await request(rig.url)
      .post('/rules')
      .set(a.headers)
      .send(bucketRule('read-only-view'));
    assert.equal(created.status, 201);
    const ruleId = created.body.rule.id as string;
    const read = await (
      await testAccounts()
    ).createApiKey({ accountId: a.accountId, name: 'viewer', roles: ['read'] });
    const reader: TestAccount = { ...a, key: read.secret };
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, reader, '/console/rules');
      await page.getByRole('link', { name: 'read-only-view' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'New rule' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Import rule pack' }).count(), 0);

      await page.getByRole('link', { name: 'read-only-view' }).click();
      await page.getByRole('heading', { level: 1, name: 'Rule read-only-view' }).waitFor();
      await page.getByText('Read-only: this key cannot save rules.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
      const editor = page.getByRole('textbox', { name: 'Rule JSON' });
      assert.equal(await editor.getAttribute('contenteditable'), 'false');
      await page.getByRole('button', { name: 'Test' }).click();
      const result = page.getByRole('region', { name: 'Dry-run result' });
      assert.equal(
        await result.locator('.rules-evaluation-summary').textContent(),
        'SUCCESS · 2 entities (2 new)',
      );

      // The API agrees: the key cannot save.
      const put = await request(rig.url)
        .put(`/rules/${ruleId}`)
        .set({ ...a.headers, Authorization: `Bearer ${read.secret}` })
        .send(bucketRule('renamed'));
      assert.equal(put.status, 403);
      const after = await request(rig.url).get(`/rules/${ruleId}`).set(a.headers);
      assert.equal(after.body.rule.name, 'read-only-view');
    } finally {
      await context.close();
    }
  });
});
