import assert from 'node:assert/strict';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { freshAccount, type TestAccount } from '../../helpers/harness';
import { SyncClient } from '../../integration/sync/semantics-helpers';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';

const ENTITIES = [
  { _key: 'host-a', _type: 'test_host', _class: 'Host', displayName: 'Host A', os: 'linux' },
  { _key: 'host-b', _type: 'test_host', _class: 'Host', displayName: 'Host B', os: 'windows' },
  { _key: 'app-1', _type: 'test_app', _class: 'Application', displayName: 'App 1' },
  { _key: 'user-1', _type: 'test_user', _class: 'User', displayName: 'User 1' },
];
const rel = (from: string, cls: string, to: string) => ({
  _key: `${from}|${cls.toLowerCase()}|${to}`,
  _type: `test_${cls.toLowerCase()}`,
  _class: cls,
  _fromEntityKey: from,
  _toEntityKey: to,
});
const RELATIONSHIPS = [
  rel('host-a', 'USES', 'app-1'),
  rel('host-b', 'USES', 'app-1'),
  rel('user-1', 'HAS', 'host-a'),
];

/** One sync job through the API: start, upload, finalize (in process: FINISHED on return). */
async function syncGraph(url: string, a: TestAccount): Promise<void> {
  const job = await new SyncClient(url, a.headers).diff('console-query', ENTITIES, RELATIONSHIPS);
  assert.equal(job.status, 'FINISHED');
}

/** The results table's body as text, one array per row, in the order shown. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.locator('.query-results table tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all()) out.push(await row.locator('td').allTextContents());
  return out;
}

async function typeQuery(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'J1QL query' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await editor.fill(text);
}

describe('console: the query screen (Chromium, real API)', function () {
  this.timeout(240_000);
  const rig = useConsoleRig();
  let a: TestAccount;

  // Accounts are deleted after each test (root hooks): each test syncs its own graph.
  beforeEach(async () => {
    a = await freshAccount();
    await syncGraph(rig.url, a);
  });

  it('runs J1QL from the editor into a table, a graph, and Cypher; the query is a link', async () => {
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/query');
      await page.getByRole('heading', { level: 1, name: 'Query' }).waitFor();
      await page.getByText('No saved questions yet.').waitFor();

      await typeQuery(
        page,
        'FIND Host AS h THAT USES Application AS a RETURN h.displayName, a.displayName',
      );
      await page.keyboard.press('Control+Enter');
      await page.waitForURL(/\/console\/query\?q=FIND\+Host\+AS\+h/);
      await page.getByRole('status').getByText('2 rows').waitFor();
      assert.deepEqual(await page.locator('.query-results thead th').allTextContents(), [
        'h.displayName',
        'a.displayName',
      ]);
      assert.deepEqual((await tableRows(page)).sort(), [
        ['Host A', 'App 1'],
        ['Host B', 'App 1'],
      ]);

      // A list: entities link to their screen.
      await typeQuery(page, 'FIND Host THAT USES Application');
      await page.getByRole('button', { name: 'Run' }).click();
      await page.waitForURL(/q=FIND\+Host\+THAT\+USES\+Application$/);
      await page.getByRole('status').getByText('2 rows').waitFor();
      await page.getByRole('link', { name: 'Host A' }).waitFor();
      const rows = (await tableRows(page)).sort((x, y) => x[0]!.localeCompare(y[0]!));
      assert.deepEqual(
        rows.map((r) => r.slice(0, 4)),
        [
          ['Host A', 'Host', 'test_host', 'host-a'],
          ['Host B', 'Host', 'test_host', 'host-b'],
        ],
      );
      // Back returns to the previous query, in the editor too.
      const editor = page.getByRole('textbox', { name: 'J1QL query' });
      await page.goBack();
      await page.waitForURL(/q=FIND\+Host\+AS\+h/);
      await editor.getByText(/RETURN h\.displayName, a\.displayName$/).waitFor();
      await page.locator('.query-results thead th').getByText('h.displayName').waitFor();
      await page.goForward();
      await page.waitForURL(/q=FIND\+Host\+THAT\+USES\+Application$/);
      await editor.getByText('FIND Host THAT USES Application', { exact: true }).waitFor();

      const link = page.getByRole('link', { name: 'Host A' });
      const entities = await request(rig.url)
        .post('/query')
        .set(a.headers)
        .send({ query: "FIND Host WITH _key = 'host-a'" });
      assert.equal(
        await link.getAttribute('href'),
        `/console/entities/${entities.body.data[0].id}`,
      );
      await assertAccessible(page, 'query (table)');
      await screenshot(page, 'query');

      // Show Cypher: the compiled query.
      await page.getByRole('button', { name: 'Show Cypher' }).click();
      const cypher = (await page.locator('.cypher-text').textContent()) ?? '';
      assert.match(cypher, /MATCH/);
      assert.match(
        (await page.locator('.cypher-params').textContent()) ?? '',
        new RegExp(a.accountId),
      );

      // A tree: the graph draws both hosts, the app and both USES; expanding Host A adds User 1.
      await page.goto(
        `/console/query?q=${encodeURIComponent('FIND Host THAT USES Application RETURN TREE')}`,
      );
      await page.getByRole('status').getByText('2 paths').waitFor();
      const graphTab = page.getByRole('tab', { name: 'Graph' });
      await page.getByRole('tab', { name: 'Table' }).focus();
      await page.keyboard.press('ArrowRight');
      assert.equal(await graphTab.getAttribute('aria-selected'), 'true');
      const summary = page.locator('.graph-summary');
      await summary.getByText('3 entities, 2 relationships').waitFor();
      await page.locator('.graph-view canvas').first().waitFor();
      await page.getByLabel('Entity', { exact: true }).selectOption({ label: 'Host A' });
      await page.getByRole('button', { name: 'Expand neighbours' }).click();
      await summary.getByText('4 entities, 3 relationships').waitFor();
      assert.deepEqual(
        (
          await page.getByLabel('Entity', { exact: true }).locator('option').allTextContents()
        ).sort(),
        ['App 1', 'Host A', 'Host B', 'None', 'User 1'],
      );
      await assertAccessible(page, 'query-graph');
      await screenshot(page, 'query-graph');
      await page.getByRole('link', { name: 'Open entity' }).click();
      await page.waitForURL(new RegExp(`/console/entities/${entities.body.data[0].id}$`));
    } finally {
      await context.close();
    }
  });

  it('completes classes, types and properties from the vocabulary; keywords when it fails', async () => {
    const vocabulary = await request(rig.url).get('/query/vocabulary').set(a.headers);
    assert.deepEqual(vocabulary.body.classes, ['Application', 'Host', 'User']);
    const { context, page } = await rig.newPage();
    const options = () => page.locator('.cm-tooltip-autocomplete [role=option]').allTextContents();
    try {
      await signIn(page, a, '/console/query');
      await page.getByText('completes keywords, classes, types and properties').waitFor();
      await typeQuery(page, 'FIND ');
      await page.keyboard.type('Ap');
      await page.locator('.cm-tooltip-autocomplete').waitFor();
      assert.ok((await options()).includes('Application'), String(await options()));
      await page.keyboard.type('plication WITH o');
      await page.locator('.cm-tooltip-autocomplete').getByText('os', { exact: true }).waitFor();
      await typeQuery(page, 'FIND ');
      await page.keyboard.type('test_');
      await page.locator('.cm-tooltip-autocomplete').waitFor();
      assert.deepEqual((await options()).filter((o) => o.startsWith('test_')).sort(), [
        'test_app',
        'test_host',
        'test_user',
      ]);
    } finally {
      await context.close();
    }

    // The vocabulary failing leaves keyword completion.
    const second = await rig.newPage();
    try {
      await second.page.route('**/query/vocabulary', (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }),
      );
      await signIn(second.page, a, '/console/query');
      await second.page.getByText('Ctrl+Space completes keywords.').waitFor();
      await typeQuery(second.page, 'FIND Host THA');
      const tooltip = second.page.locator('.cm-tooltip-autocomplete');
      await tooltip.getByText('THAT', { exact: true }).waitFor();
      assert.deepEqual(await tooltip.locator('[role=option]').allTextContents(), ['THAT']);
    } finally {
      await second.context.close();
    }
  });

  it("a query the API refuses shows the API's message", async () => {
    const bad = 'FIND Host THAT';
    const res = await request(rig.url).post('/query').set(a.headers).send({ query: bad });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'J1QL_SYNTAX_ERROR');
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, `/console/query?q=${encodeURIComponent(bad)}`);
      const alert = page.getByRole('alert');
      await alert.getByText(res.body.error.message as string, { exact: true }).waitFor();
      assert.equal(await alert.locator('.error-code').textContent(), 'J1QL_SYNTAX_ERROR');
    } finally {
      await context.close();
    }
  });

  it('a saved question is listed and loads its query', async () => {
    const b = a;
    const query = "FIND Host WITH os = 'linux'";
    const created = await request(rig.url)
      .post('/questions')
      .set(b.headers)
      .send({ title: 'Linux hosts', description: 'Hosts that run Linux', queries: [{ query }] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, b, '/console/query');
      const saved = page.getByRole('complementary', { name: 'Saved questions' });
      await saved.getByText('Hosts that run Linux').waitFor();
      await saved.getByRole('button', { name: 'Linux hosts' }).click();
      await page.waitForURL(/q=FIND\+Host\+WITH\+os/);
      await page
        .getByRole('textbox', { name: 'J1QL query' })
        .getByText(query, { exact: true })
        .waitFor();
      await page.getByRole('status').getByText('1 row').waitFor();
      assert.deepEqual(
        (await tableRows(page)).map((r) => r[0]),
        ['Host A'],
      );
    } finally {
      await context.close();
    }
  });
});
