import assert from 'node:assert/strict';
import path from 'node:path';
import request from 'supertest';
import { repoRoot } from '../../../src/paths';
import { freshAccount } from '../../helpers/harness';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';

const JOBS = '/persister/synchronization/jobs';
const fixture = (name: string) => path.join(repoRoot, 'test', 'fixtures', 'console', name);

describe('console: bulk upload (Chromium, real API)', function () {
  this.timeout(180_000);
  const rig = useConsoleRig();

  it('uploads a CSV to a new scope, previews 3 creates, finalizes, and the job is FINISHED', async () => {
    const a = await freshAccount();
    // A job of another scope, so the scope prompt has a suggestion.
    await request(rig.url)
      .post(JOBS)
      .set(a.headers)
      .send({ source: 'api', scope: 'earlier-scope' })
      .expect(200);
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/upload');
      await page.getByRole('heading', { level: 1, name: 'Bulk upload' }).waitFor();
      await page
        .locator('#upload-scopes option[value="earlier-scope"]')
        .waitFor({ state: 'attached' });

      await page.getByLabel('File (JSON, CSV or YAML)').setInputFiles(fixture('hosts.csv'));
      await page.getByLabel('Scope').fill('console-hosts');
      assert.equal(await page.getByLabel('Sync mode').inputValue(), 'DIFF');
      await assertAccessible(page, 'upload form');
      await screenshot(page, 'upload-choose');
      await page.getByRole('button', { name: 'Start and upload' }).click();

      await page.getByRole('heading', { level: 2, name: /^2\. Preview of job / }).waitFor();
      const totals = page.getByLabel('Preview totals');
      assert.equal(await totals.locator('[data-total="numEntitiesCreated"]').textContent(), '3');
      assert.equal(await totals.locator('[data-total="numEntitiesUpdated"]').textContent(), '0');
      assert.equal(await totals.locator('[data-total="numEntitiesDeleted"]').textContent(), '0');
      const typeRow = page.getByRole('row', { name: /console_host/ });
      assert.deepEqual(await typeRow.getByRole('cell').allTextContents(), [
        'Entity',
        'console_host',
        '3',
        '0',
        '0',
        '0',
        '0',
        'host-1, host-2, host-3',
      ]);
      await assertAccessible(page, 'upload preview');
      await screenshot(page, 'upload');

      // Nothing is written before the finalize: the job still awaits uploads.
      const heading = await page
        .getByRole('heading', { level: 2, name: /Preview of job/ })
        .textContent();
      const jobId = /job (\S+)$/.exec(heading ?? '')?.[1];
      assert.ok(jobId, heading ?? '');
      const before = await request(rig.url).get(`${JOBS}/${jobId}`).set(a.headers).expect(200);
      assert.equal(before.body.job.status, 'AWAITING_UPLOADS');
      assert.equal(before.body.job.numEntitiesUploaded, 3);

      await page.getByRole('button', { name: 'Finalize' }).click();
      await page.getByText('The finalize answered').getByText('FINISHED').waitFor();
      await page.getByRole('link', { name: `Open job ${jobId}` }).click();
      await page.getByRole('heading', { level: 1, name: `Job ${jobId}` }).waitFor();
      assert.equal(await page.locator('.kv .badge').first().textContent(), 'FINISHED');
      const created = page.locator('[data-counter="numEntitiesCreated"] dd');
      assert.equal(await created.textContent(), '3');

      // The API holds the 3 entities, in the scope given.
      const job = await request(rig.url).get(`${JOBS}/${jobId}`).set(a.headers).expect(200);
      assert.equal(job.body.job.scope, 'console-hosts');
      assert.equal(job.body.job.numEntitiesCreated, 3);
      const found = await request(rig.url)
        .post('/query')
        .set(a.headers)
        .send({ query: "FIND console_host WITH _scope = 'console-hosts'" })
        .expect(200);
      assert.equal(found.body.type, 'list');
      assert.deepEqual(
        (found.body.data as Array<{ entity: { _key: string } }>).map((d) => d.entity._key).sort(),
        ['host-1', 'host-2', 'host-3'],
      );
    } finally {
      await context.close();
    }
  });

  it("a malformed CSV shows the API's message and creates nothing", async () => {
    const a = await freshAccount();
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/upload');
      await page.getByLabel('File (JSON, CSV or YAML)').setInputFiles(fixture('bad-row.csv'));
      await page.getByLabel('Scope').fill('console-bad');
      await page.getByRole('button', { name: 'Start and upload' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      assert.equal(
        await alert.locator('.error-message').textContent(),
        'CSV line 3: 3 fields, but the header has 4',
      );
      assert.match((await alert.textContent()) ?? '', /^Upload: /);

      // The refused upload's job was ended and nothing reached the graph.
      const jobs = await request(rig.url)
        .get(JOBS)
        .query({ scope: 'console-bad' })
        .set(a.headers)
        .expect(200);
      assert.deepEqual(
        jobs.body.jobs.map((j: { status: string; numEntitiesUploaded: number }) => [
          j.status,
          j.numEntitiesUploaded,
        ]),
        [['ABORTED', 0]],
      );
      const found = await request(rig.url)
        .post('/query')
        .set(a.headers)
        .send({ query: 'FIND console_host' })
        .expect(200);
      assert.equal(found.body.data.length, 0);
    } finally {
      await context.close();
    }
  });
  it('sends a large file through the bulk upload URL: no preview, checked and applied at finalize', async () => {
    const a = await freshAccount();
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/upload');
      await page.getByLabel('File (JSON, CSV or YAML)').setInputFiles(fixture('hosts.csv'));
      await page.getByLabel('Scope').fill('console-bulk');
      await page.getByLabel('Send as one bulk file (large files)').check();
      await page.getByRole('button', { name: 'Start and upload' }).click();
      const note = page.getByRole('status').filter({ hasText: 'No preview' });
      await note.waitFor();
      assert.match(
        (await note.textContent()) ?? '',
        /^No preview: Sync job '[^']+' cannot be previewed: its bulk upload file is read only at finalize$/,
      );
      await page.getByRole('button', { name: 'Finalize' }).click();
      await page.getByText('The finalize answered').getByText('FINISHED').waitFor();
      const found = await request(rig.url)
        .post('/query')
        .set(a.headers)
        .send({ query: "FIND console_host WITH _scope = 'console-bulk'" })
        .expect(200);
      assert.equal(found.body.data.length, 3);

      // A malformed bulk file is refused at finalize: the job FAILED, with the API's reason.
      await page.getByRole('button', { name: 'Upload another file' }).click();
      await page.getByLabel('File (JSON, CSV or YAML)').setInputFiles(fixture('bad-row.csv'));
      await page.getByLabel('Scope').fill('console-bulk-bad');
      await page.getByLabel('Send as one bulk file (large files)').check();
      await page.getByRole('button', { name: 'Start and upload' }).click();
      await page.getByRole('button', { name: 'Finalize' }).click();
      await page.getByText('The finalize answered').getByText('FAILED').waitFor();
      await page.getByRole('link', { name: /^Open job / }).click();
      const error = page.getByRole('alert').filter({ hasText: 'Job error' });
      await error.waitFor();
      assert.match((await error.textContent()) ?? '', /CSV line 3: 3 fields, but the header has 4/);
      const bad = await request(rig.url)
        .post('/query')
        .set(a.headers)
        .send({ query: "FIND console_host WITH _scope = 'console-bulk-bad'" })
        .expect(200);
      assert.equal(bad.body.data.length, 0);
    } finally {
      await context.close();
    }
  });
});
