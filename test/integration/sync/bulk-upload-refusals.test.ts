import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import {
  assertError,
  bulkApiServer,
  bulkFiles,
  entity,
  FILE,
  type GraphFile,
  HOUR,
  json,
  MAX,
  normalized,
  putTo,
  stagedFiles,
  storedGraph,
} from './bulk-upload-helpers';

/**
 * What a bulk upload URL refuses on a real API server (docs/guide/sync-jobs.md, "The bulk upload
 * URL"; decision 0010): a second file, a changed URL, a format or encoding it cannot tell, a file
 * over BULK_UPLOAD_MAX_SIZE, a job no longer awaiting uploads; and abort discarding a file. Each
 * refusal stores nothing.
 */
describe('sync jobs: bulk upload URL (real API server, real Neo4j)', function () {
  this.timeout(60_000);
  const server = bulkApiServer();
  const { client, jobWithUrl } = server;

  describe('refusals', () => {
    it('one file per job: a second PUT is 409 BULK_FILE_ALREADY_UPLOADED and the first file is kept', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const first: GraphFile = { entities: [entity('first')] };
      assert.equal(
        (await putTo(url, json(first), { 'Content-Type': 'application/json' })).status,
        200,
      );
      const files = await bulkFiles(server.blobRoot, c.account.accountId, id);
      assert.equal(files.length, 1);
      const message = `Sync job '${id}' already has its bulk file: only one bulk upload is allowed per job`;
      assertError(
        await putTo(url, json({ entities: [entity('second')] }), {
          'Content-Type': 'application/json',
        }),
        409,
        'BULK_FILE_ALREADY_UPLOADED',
        message,
      );
      assertError(await c.post(id, 'uploadUrl'), 409, 'BULK_FILE_ALREADY_UPLOADED', message);
      assert.deepEqual(await bulkFiles(server.blobRoot, c.account.accountId, id), files);
      const job = await c.finalize(id);
      assert.equal(job.numEntitiesCreated, 1);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(first));
    });

    it('two PUTs at once: exactly one is stored, the other is 409', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const files = [0, 1, 2, 3].map((n) => ({ entities: [entity(`race-${n}`)] }));
      const results = await Promise.all(
        files.map((f) => putTo(url, json(f), { 'Content-Type': 'application/json' })),
      );
      const won = results.flatMap((r, n) => (r.status === 200 ? [n] : []));
      assert.equal(won.length, 1, JSON.stringify(results));
      for (const r of results.filter((x) => x.status !== 200)) {
        assertError(r, 409, 'BULK_FILE_ALREADY_UPLOADED');
      }
      assert.equal((await bulkFiles(server.blobRoot, c.account.accountId, id)).length, 1);
      await c.finalize(id);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(files[won[0]!]!));
    });

    it('a changed URL is 403 INVALID_UPLOAD_URL and stores nothing', async () => {
      const c = await client();
      const other = await client();
      const { id, url } = await jobWithUrl(c);
      const sibling = await c.start({ source: 'api', scope: 'sibling' });
      const otherJob = await other.start({ source: 'api', scope: 'other' });
      const changed = (change: (u: URL) => void) => {
        const u = new URL(url);
        change(u);
        return u.toString();
      };
      const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
      const variants = {
        signature: changed((u) =>
          u.searchParams.set('signature', flip(u.searchParams.get('signature')!)),
        ),
        'job id': changed((u) => (u.pathname = u.pathname.replace(id, sibling.id))),
        "another account's job": changed((u) => {
          u.pathname = u.pathname.replace(id, otherJob.id);
          u.searchParams.set('accountId', other.account.accountId);
        }),
        expiry: changed((u) =>
          u.searchParams.set('expiresAt', String(Number(u.searchParams.get('expiresAt')) + HOUR)),
        ),
        'expiry format': changed((u) =>
          u.searchParams.set('expiresAt', `0${u.searchParams.get('expiresAt')}`),
        ),
      };
      for (const [what, bad] of Object.entries(variants)) {
        const res = await putTo(bad, json(FILE), { 'Content-Type': 'application/json' });
        assert.equal(res.status, 403, what);
        assertError(
          res,
          403,
          'INVALID_UPLOAD_URL',
          'The upload URL is not valid: use the URL exactly as getSyncJobUploadUrl returned it',
        );
      }
      for (const [a, j] of [
        [c, id],
        [c, sibling.id],
        [other, otherJob.id],
      ] as const) {
        assert.deepEqual(await stagedFiles(server.blobRoot, a.account.accountId, j), [], j);
        assert.equal((await a.job(j)).bulkFile, undefined);
      }
      // Without a signature at all the request is malformed.
      for (const bad of [
        changed((u) => u.searchParams.delete('signature')),
        changed((u) => u.searchParams.set('signature', '')),
      ]) {
        assertError(
          await putTo(bad, json(FILE), { 'Content-Type': 'application/json' }),
          400,
          'VALIDATION_ERROR',
        );
      }
      // The real URL still works.
      assert.equal(
        (await putTo(url, json(FILE), { 'Content-Type': 'application/json' })).status,
        200,
      );
    });

    it('a format that cannot be told, or an unknown encoding, is 415 and stores nothing', async () => {
      const c = await client();
      const { id, url } = await jobWithUrl(c);
      const cases: Array<Record<string, string>> = [
        { 'Content-Type': 'text/plain' },
        { 'Content-Type': 'application/octet-stream' },
        {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': 'attachment; filename="graph.txt"',
        },
        { 'Content-Disposition': 'attachment' },
        {},
      ];
      for (const headers of cases) {
        assertError(
          await putTo(url, json(FILE), headers),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          /^Cannot tell the bulk file's format from Content-Type/,
        );
      }
      assertError(
        await putTo(url, json(FILE), {
          'Content-Type': 'application/json',
          'Content-Encoding': 'compress',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        "Unsupported Content-Encoding 'compress': send the bulk file as is, or gzip, br or deflate",
      );
      assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
      assert.equal((await c.job(id)).bulkFile, undefined);
      assert.equal(
        (await putTo(url, json(FILE), { 'Content-Type': 'application/json' })).status,
        200,
      );
    });

    it('over BULK_UPLOAD_MAX_SIZE, as sent or decompressed, is 413 and stores nothing', async () => {
      const c = await client();
      const { id, url } = await jobWithUrl(c);
      const big = json({ entities: [entity('big', { pad: 'x'.repeat(MAX) })] });
      const tooLarge = `The bulk file is larger than the limit of ${MAX} bytes`;
      // Announced by Content-Length: refused before the body is read.
      assertError(
        await putTo(url, big, { 'Content-Type': 'application/json' }),
        413,
        'RequestEntityTooLargeException',
        tooLarge,
      );
      // Small on the wire, too large once decompressed: refused as the bytes arrive.
      const bomb = zlib.gzipSync(big);
      assert.ok(bomb.length < MAX);
      assertError(
        await putTo(url, bomb, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
        413,
        'RequestEntityTooLargeException',
        tooLarge,
      );
      // A body that does not decompress.
      assertError(
        await putTo(url, json(FILE), {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
        }),
        400,
        'BAD_REQUEST',
        /^The bulk file could not be decompressed \(gzip\): /,
      );
      const truncated = zlib.gzipSync(json(FILE)).subarray(0, 40);
      assertError(
        await putTo(url, truncated, {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
        }),
        400,
        'BAD_REQUEST',
        /^The bulk file could not be decompressed \(gzip\): /,
      );
      assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
      assert.equal((await c.job(id)).bulkFile, undefined);
      const fits = json({ entities: [entity('fits', { pad: 'x'.repeat(MAX - 200) })] });
      assert.ok(fits.length <= MAX);
      assert.equal((await putTo(url, fits, { 'Content-Type': 'application/json' })).status, 200);
    });

    it('a PUT to a job that was finalized or aborted is 409 JOB_NOT_AWAITING_UPLOADS', async () => {
      const c = await client();
      const finalized = await jobWithUrl(c);
      const aborted = await jobWithUrl(c);
      await c.finalize(finalized.id);
      assert.equal((await c.post(aborted.id, 'abort')).status, 200);
      for (const [job, status] of [
        [finalized, 'FINISHED'],
        [aborted, 'ABORTED'],
      ] as const) {
        assertError(
          await putTo(job.url, json(FILE), { 'Content-Type': 'application/json' }),
          409,
          'JOB_NOT_AWAITING_UPLOADS',
          `Sync job '${job.id}' is ${status}: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort`,
        );
        assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, job.id), []);
        assert.deepEqual(await storedGraph(c.account.accountId, job.scope), {
          entities: [],
          relationships: [],
        });
      }
    });

    it('abort discards a received bulk file', async () => {
      const c = await client();
      const { id, url } = await jobWithUrl(c);
      assert.equal(
        (await putTo(url, json(FILE), { 'Content-Type': 'application/json' })).status,
        200,
      );
      assert.equal((await bulkFiles(server.blobRoot, c.account.accountId, id)).length, 1);
      assert.equal((await c.post(id, 'abort')).status, 200);
      assert.deepEqual(await stagedFiles(server.blobRoot, c.account.accountId, id), []);
    });
  });
});
