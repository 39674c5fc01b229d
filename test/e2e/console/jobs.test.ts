import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, type TestAccount } from '../../helpers/harness';
import { assertAccessible, screenshot, signIn, useConsoleRig } from '../../helpers/console-browser';

const JOBS = '/persister/synchronization/jobs';

const hosts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ _key: `h-${i}`, _type: 'console_host', _class: 'Host' }));

describe('console: jobs list and job detail (Chromium, real API)', function () {
  this.timeout(180_000);
  // Small finalize chunks and a quick progress poll, so a finalize moves in several steps.
  const rig = useConsoleRig({ FINALIZE_BATCH_SIZE: '100', PROGRESS_POLL_INTERVAL: '50ms' });

  async function startJob(a: TestAccount, scope: string): Promise<string> {
    const res = await request(rig.url)
      .post(JOBS)
      .set(a.headers)
      .send({ source: 'api', scope })
      .expect(200);
    return res.body.job.id as string;
  }
  async function upload(a: TestAccount, id: string, entities: object[], relationships = []) {
    await request(rig.url)
      .post(`${JOBS}/${id}/upload`)
      .set(a.headers)
      .send({ entities, relationships })
      .expect(200);
  }

  it('lists jobs with their status and filters them through the URL', async () => {
    const a = await freshAccount();
    const finished = await startJob(a, 'scope-done');
    await upload(a, finished, hosts(2));
    await request(rig.url).post(`${JOBS}/${finished}/finalize`).set(a.headers).expect(200);
    const open = await startJob(a, 'scope-open');
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, '/console/jobs');
      const table = page.getByRole('table', { name: 'Sync jobs, newest first' });
      await table.waitFor();
      const rowOf = (id: string) => table.getByRole('row', { name: new RegExp(id) });
      assert.equal(await table.getByRole('row').count(), 3);
      assert.deepEqual((await rowOf(open).getByRole('cell').allTextContents()).slice(0, 5), [
        open,
        'api',
        'scope-open',
        'DIFF',
        'AWAITING_UPLOADS',
      ]);
      assert.equal(await rowOf(finished).getByRole('cell').nth(4).textContent(), 'FINISHED');
      assert.equal(
        await rowOf(finished).getByRole('cell').nth(6).textContent(),
        '2 entities (+2 ~0 −0), 0 relationships (+0 ~0 −0)',
      );
      await assertAccessible(page, 'jobs');
      await screenshot(page, 'jobs');

      await page.getByLabel('Status').selectOption('FINISHED');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/\/console\/jobs\?status=FINISHED$/);
      await rowOf(open).waitFor({ state: 'detached' });
      assert.equal(await table.getByRole('row').count(), 2);

      await page.goto('/console/jobs?scope=no-such-scope');
      await page.getByText('No jobs match.').waitFor();

      await page.goto('/console/jobs');
      await rowOf(finished).getByRole('link', { name: finished }).click();
      await page.getByRole('heading', { level: 1, name: `Job ${finished}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('follows a finalize through the progress stream and shows the exact counters', async () => {
    const a = await freshAccount();
    const id = await startJob(a, 'scope-big');
    await upload(a, id, hosts(1200));
    await request(rig.url)
      .post(`${JOBS}/${id}/events`)
      .set(a.headers)
      .send({ events: [{ name: 'step_start', description: 'Starting step "Fetch hosts"' }] })
      .expect(200);
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, `/console/jobs/${id}`);
      await page.getByRole('heading', { level: 1, name: `Job ${id}` }).waitFor();
      // The stream is open on the waiting job: its first event shows the status.
      const status = page.locator('.job-progress [role="status"]');
      await status.getByText('AWAITING_UPLOADS').waitFor();
      assert.equal(
        await page.locator('[data-counter="numEntitiesUploaded"] dd').textContent(),
        '1200',
      );
      await page.getByRole('cell', { name: 'Starting step "Fetch hosts"' }).waitFor();

      // Finalize through the API (local mode: the request runs the finalize); the page follows.
      // Every text the status line shows from here on, as the stream moves it.
      await page.evaluate(`(() => {
        const el = document.querySelector('.job-progress [role="status"]');
        window.seenStatus = [];
        new MutationObserver(() => window.seenStatus.push(el.textContent)).observe(el, {
          subtree: true, childList: true, characterData: true,
        });
      })()`);
      const finalize = request(rig.url).post(`${JOBS}/${id}/finalize`).set(a.headers).send({});
      const finalized = finalize.then((r) => r);
      await status.getByText('(final)').waitFor({ timeout: 60_000 });
      assert.equal((await finalized).status, 200);
      await page.locator('.kv .badge', { hasText: 'FINISHED' }).waitFor();
      // How many steps the page saw depends on timing; their order does not: the percent
      // only grows, and the stream's last word is the final status.
      const seen = await page.evaluate<string[]>('window.seenStatus');
      assert.equal(seen[seen.length - 1], 'FINISHED (final)');
      const percents = seen.map((t) => Number(/(\d+)%/.exec(t)?.[1] ?? -1)).filter((p) => p >= 0);
      assert.deepEqual(
        percents,
        [...percents].sort((x, y) => x - y),
        seen.join(' | '),
      );
      for (const t of seen.slice(0, -1)) assert.match(t, /^FINALIZE_PENDING/, seen.join(' | '));

      const entities = page.getByRole('progressbar', { name: 'Entities', exact: true });
      assert.equal(await entities.getAttribute('value'), '1200');
      assert.equal(await entities.getAttribute('max'), '1200');
      assert.equal(await page.locator('[data-phase="entities"]').textContent(), '1200 / 1200');

      const counter = (name: string) => page.locator(`[data-counter="${name}"] dd`).textContent();
      assert.equal(await counter('numEntitiesUploaded'), '1200');
      assert.equal(await counter('numEntitiesCreated'), '1200');
      assert.equal(await counter('numEntitiesDeleted'), '0');
      assert.equal(await counter('numRelationshipsCreated'), '0');
      // The changes table pages the 1200 creates 25 at a time.
      const changes = page.getByRole('table', { name: 'Objects the job changed' });
      await changes.waitFor();
      assert.equal(await changes.getByRole('row').count(), 26);
      assert.equal(
        await changes.getByRole('row').nth(1).getByRole('cell').first().textContent(),
        'created',
      );
      // The next page shows other objects, and only then can the reader go back.
      const firstKey = async () =>
        changes.getByRole('row').nth(1).getByRole('link').first().textContent();
      const onFirstPage = await firstKey();
      const previous = page.getByRole('button', { name: 'Previous changes' });
      assert.equal(await previous.isDisabled(), true);
      await page.getByRole('button', { name: 'Next changes' }).click();
      await previous.and(page.locator(':enabled')).waitFor();
      // The rows follow once the next page has loaded.
      for (let i = 0; i < 200 && (await firstKey()) === onFirstPage; i++)
        await page.waitForTimeout(100);
      assert.notEqual(await firstKey(), onFirstPage);
      assert.equal(await changes.getByRole('row').count(), 26);
      await assertAccessible(page, 'job');
      await screenshot(page, 'job');

      const job = await request(rig.url).get(`${JOBS}/${id}`).set(a.headers).expect(200);
      assert.equal(job.body.job.status, 'FINISHED');
      assert.equal(job.body.job.numEntitiesCreated, 1200);
    } finally {
      await context.close();
    }
  });

  it('aborts a job that awaits uploads', async () => {
    const a = await freshAccount();
    const id = await startJob(a, 'scope-abort');
    const { context, page } = await rig.newPage();
    try {
      await signIn(page, a, `/console/jobs/${id}`);
      await page.getByRole('button', { name: 'Abort job' }).click();
      await page.locator('.kv .badge', { hasText: 'ABORTED' }).waitFor();
      await page.getByText('Aborted from the console').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Abort job' }).count(), 0);
      const job = await request(rig.url).get(`${JOBS}/${id}`).set(a.headers).expect(200);
      assert.equal(job.body.job.status, 'ABORTED');
      assert.equal(job.body.job.abortReason, 'Aborted from the console');
    } finally {
      await context.close();
    }
  });
});
