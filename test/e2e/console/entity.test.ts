import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testAccounts, type TestAccount } from '../../helpers/harness';
import { SyncClient } from '../../integration/sync/semantics-helpers';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';

const SCOPE = 'console-entity';

const server = (ip: string) => ({
  _key: 'srv-1',
  _type: 'test_server',
  _class: 'Host',
  displayName: 'Server 1',
  owner: 'team-a',
  _rawData: { default: { body: { id: 1, ip, os: 'linux' } } },
});
const DB = { _key: 'db-1', _type: 'test_db', _class: 'Database', displayName: 'DB 1' };
const CONNECTS = {
  _key: 'srv-1|connects|db-1',
  _type: 'test_server_connects_db',
  _class: 'CONNECTS',
  _fromEntityKey: 'srv-1',
  _toEntityKey: 'db-1',
};

/** One DIFF sync job of the scope through the API (finalize runs in process: FINISHED). */
async function sync(
  url: string,
  a: TestAccount,
  entities: Array<Record<string, unknown>>,
): Promise<void> {
  const job = await new SyncClient(url, a.headers).diff(SCOPE, entities, [CONNECTS]);
  assert.equal(job.status, 'FINISHED');
}

/** The server synced twice, its raw data changed in between (two versions); its _id. */
async function seeded(url: string, a: TestAccount): Promise<string> {
  await sync(url, a, [server('10.0.0.1'), DB]);
  await sync(url, a, [server('10.0.0.2'), DB]);
  const found = await request(url)
    .post('/query')
    .set(a.headers)
    .send({ query: "FIND Host WITH _key = 'srv-1'" });
  assert.equal(found.body.data.length, 1, JSON.stringify(found.body));
  return found.body.data[0].id as string;
}

describe('console: the entity screen (Chromium, real API)', function () {
  this.timeout(240_000);
  const rig = useConsoleRig();

  it('shows properties, relationships, the raw-data diff; edits, records history, deletes', async () => {
    const a = await freshAccount();
    const id = await seeded(rig.url, a);
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, `/console/entities/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Server 1' }).waitFor();
      const system = page.getByRole('region', { name: 'System properties' });
      assert.match((await system.textContent()) ?? '', /_keysrv-1/);
      assert.match((await system.textContent()) ?? '', new RegExp(`_scope${SCOPE}`));
      const own = page.getByRole('region', { name: 'Properties', exact: true });
      assert.equal(
        await own
          .locator('dt')
          .allTextContents()
          .then((t) => t.join(',')),
        'displayName,owner',
      );
      assert.deepEqual(await own.locator('dd').allTextContents(), ['Server 1', 'team-a']);

      const rels = page.getByRole('region', { name: 'Relationships' });
      await rels.getByRole('link', { name: 'DB 1' }).waitFor();
      assert.deepEqual(await rels.locator('tbody tr td').allTextContents(), [
        'Outgoing →',
        'CONNECTS',
        'test_server_connects_db',
        'DB 1',
        'Database',
      ]);

      // Raw data: two versions of `default`, the ip line changed.
      const raw = page.getByRole('region', { name: 'Raw data' });
      await raw.getByRole('status').getByText('1 line removed, 1 line added.').waitFor();
      assert.equal(await raw.locator('.raw-entry tbody').first().locator('tr').count(), 2);
      assert.deepEqual(await raw.locator('td.diff-line.diff-removed').allTextContents(), [
        'removed:   "ip": "10.0.0.1",',
      ]);
      assert.deepEqual(await raw.locator('td.diff-line.diff-added').allTextContents(), [
        'added:   "ip": "10.0.0.2",',
      ]);
      assert.deepEqual(await raw.locator('td.diff-sign.diff-removed').allTextContents(), ['-']);
      assert.deepEqual(await raw.locator('td.diff-sign.diff-added').allTextContents(), ['+']);
      await assertAccessible(page, 'entity-raw-data-diff');
      await screenshot(page, 'entity-raw-data-diff');

      const before = await request(rig.url).get(`/entities/${id}`).set(a.headers);
      // Edit: owner changes; the screen shows the new version and the history the change.
      await page.getByRole('button', { name: 'Edit properties' }).click();
      await page.getByLabel('owner', { exact: true }).fill('team-b');
      await page.getByLabel('Name', { exact: true }).fill('tier');
      await page.getByLabel('Value', { exact: true }).fill('2');
      await assertAccessible(page, 'entity edit form');
      await screenshot(page, 'entity-edit');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page
        .getByRole('status')
        .getByText(`Saved: version ${before.body.entity._version + 1}.`)
        .waitFor();
      await own.getByText('team-b').waitFor();
      const history = page.getByRole('region', { name: 'Change history' });
      const latest = history.locator('tbody tr').first();
      await latest.getByText('owner: team-a → team-b').waitFor();
      const cells = await latest.locator('td').allTextContents();
      assert.equal(cells[1], 'updated');
      assert.equal(cells[3], 'API key test (this key)');
      assert.match(cells[2]!, /tier: — → 2/);
      const read = await request(rig.url).get(`/entities/${id}`).set(a.headers);
      assert.equal(read.body.properties.owner, 'team-b');
      assert.equal(read.body.properties.tier, 2);
      assert.equal(read.body.entity._version, before.body.entity._version + 1);
      await assertAccessible(page, 'entity');
      await screenshot(page, 'entity');

      // Delete asks first, then goes back to the query screen; the API holds it deleted.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Delete Server 1 and all its relationships?').waitFor();
      await assertAccessible(page, 'entity delete confirmation');
      await page.getByRole('button', { name: 'Delete entity' }).click();
      await page.waitForURL(/\/console\/query$/);
      await page.getByRole('status').getByText('Deleted Server 1.').waitFor();
      const gone = await request(rig.url).get(`/entities/${id}`).set(a.headers);
      assert.equal(gone.status, 200);
      assert.equal(gone.body.entity._deleted, true);
      const rest = await request(rig.url).get(`/entities/${id}/relationships`).set(a.headers);
      assert.equal(rest.body.totalCount, 0);

      await page.goto(`/console/entities/${id}`);
      await page.getByText('Deleted', { exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Delete', exact: true }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Edit properties' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('following a relationship to another entity starts that screen afresh: no edit form carries over', async () => {
    const a = await freshAccount();
    const id = await seeded(rig.url, a);
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, `/console/entities/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Server 1' }).waitFor();
      await page.getByRole('button', { name: 'Edit properties' }).click();
      await page.getByRole('button', { name: 'Save changes' }).waitFor();
      await page
        .getByRole('region', { name: 'Relationships' })
        .getByRole('link', { name: 'DB 1' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'DB 1' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save changes' }).count(), 0);
      // Focus moved to the new screen, not left on the link of the one that is gone.
      assert.equal(await page.evaluate('document.activeElement.id'), 'main');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Server 1' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Save changes' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('a read-only key sees no edit or delete; an unknown id is a clear not-found', async () => {
    const a = await freshAccount();
    const id = await seeded(rig.url, a);
    const reader = await (
      await testAccounts()
    ).createApiKey({ accountId: a.accountId, name: 'reader', roles: ['read'] });
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, { ...a, key: reader.secret }, `/console/entities/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Server 1' }).waitFor();
      await page
        .getByRole('region', { name: 'Change history' })
        .locator('tbody tr')
        .first()
        .waitFor();
      assert.equal(await page.getByRole('button', { name: 'Edit properties' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Delete', exact: true }).count(), 0);

      await page.goto('/console/entities/no-such-entity');
      await page.getByRole('heading', { level: 1, name: 'Entity not found' }).waitFor();
      await page.getByRole('alert').getByText('No entity with id no-such-entity').waitFor();
      await assertAccessible(page, 'entity not found');
    } finally {
      await context.close();
    }
  });
});
