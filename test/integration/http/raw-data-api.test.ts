import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import type { RawDataMetadata } from '../../../src/rawdata/raw-data-service';
import {
  freshAccount,
  testApp,
  testBlobDir,
  testGraph,
  testSync,
  uploadJson,
  type TestAccount,
} from '../../helpers/harness';
import { forEachBlobStore, listBlobKeys } from '../../helpers/blob-stores';
import { SyncClient, entity, scopeContents } from '../sync/semantics-helpers';

/**
 * Raw data through HTTP on real Neo4j: `_rawData` of every entity-writing sync mode becomes
 * versions (only on change), listed and downloaded by the four raw-data endpoints (plus one
 * version by id), newest first, byte for byte, isolated per account; deletes mark versions
 * deleted; only the newest RAW_DATA_VERSIONS_KEPT versions stay.
 */
type Metadata = RawDataMetadata;
type StoredVersion = {
  entityId: string;
  name: string;
  seq: number;
  versionId: string;
  deleted: boolean;
  blobKey: string;
  contentType: string;
  contentLength: number;
  jobId: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function storedVersions(accountId: string): Promise<StoredVersion[]> {
  const graph = await testGraph();
  return graph.read<StoredVersion>('rawdata/test-account-versions', { accountId });
}

/** The raw-data content of an account in the test blob store (fs or S3), as blob keys, sorted. */
async function blobFiles(accountId: string): Promise<string[]> {
  const prefix = `raw-data/${accountId}`;
  return (await listBlobKeys(testBlobDir, prefix)).map((k) => `${prefix}/${k}`);
}

/** The binary body of a download, whatever its content type. */
function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

forEachBlobStore('raw data (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function idOf(accountId: string, scope: string, key: string): Promise<string> {
    const found = (await scopeContents(accountId, scope)).entities.find((e) => e._key === key);
    assert.ok(found, `no entity ${key} in ${scope}`);
    return found._id;
  }
  const get = (a: TestAccount, url: string) => request(app).get(url).set(a.headers);
  const raw = (a: TestAccount, id: string, suffix = '') =>
    get(a, `/entities/${id}/raw-data${suffix}`);

  describe('ingest and the metadata endpoints', () => {
    it('stores both _rawData forms at finalize with exact metadata, and counts the versions', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const before = Date.now();
      const job = await c.diff('s', [
        entity('obj', {
          _rawData: {
            default: { body: { id: 1, ip: '10.0.0.1' } },
            page: { body: '<p>héllo</p>', contentType: 'text/html; charset=utf-8' },
          },
        }),
        entity('sdk', { _rawData: [{ name: 'default', rawData: { id: 2 } }] }),
        entity('none'),
      ]);
      assert.equal(job.numRawDataVersionsCreated, 3);
      const id = await idOf(a.accountId, 's', 'obj');

      const res = await raw(a, id);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const entries = res.body.entries as Record<string, Metadata>;
      assert.deepEqual(Object.keys(entries).sort(), ['default', 'page']);
      const d = entries.default!;
      assert.match(d.versionId, UUID);
      assert.equal(d.contentType, 'application/json');
      assert.equal(d.contentLength, Buffer.byteLength('{"id":1,"ip":"10.0.0.1"}'));
      assert.equal(d.deleted, false);
      assert.ok(d.beginOn >= before && d.beginOn <= Date.now(), String(d.beginOn));
      assert.equal(d.createdOn, d.beginOn);
      const p = entries.page!;
      assert.equal(p.contentType, 'text/html; charset=utf-8');
      assert.equal(p.contentLength, Buffer.byteLength('<p>héllo</p>'));

      const sdk = await raw(a, await idOf(a.accountId, 's', 'sdk'));
      assert.deepEqual(Object.keys(sdk.body.entries as object), ['default']);
      const none = await raw(a, await idOf(a.accountId, 's', 'none'));
      assert.deepEqual(none.body, { entries: {} });

      // Metadata lives in Neo4j, one node per version, stamped with the job; content in the blob store.
      const stored = await storedVersions(a.accountId);
      assert.equal(stored.length, 3);
      for (const v of stored) {
        assert.equal(v.seq, 1);
        assert.equal(v.jobId, job.id);
        assert.ok((await blobFiles(a.accountId)).includes(v.blobKey), v.blobKey);
      }
    });

    it('adds a version only when an entry changes, newest first, keeping createdOn', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const upload = (v: number, note: string) =>
        c.diff('s', [
          entity('h', {
            _rawData: { default: { body: { v } }, note: { body: note, contentType: 'text/plain' } },
          }),
        ]);
      assert.equal((await upload(1, 'a')).numRawDataVersionsCreated, 2);
      assert.equal((await upload(1, 'a')).numRawDataVersionsCreated, 0, 'identical: nothing');
      assert.equal((await upload(2, 'a')).numRawDataVersionsCreated, 1, 'one entry changed');
      assert.equal((await upload(3, 'a')).numRawDataVersionsCreated, 1);
      const id = await idOf(a.accountId, 's', 'h');

      const all = await raw(a, id, '-versions');
      assert.equal(all.status, 200, JSON.stringify(all.body));
      const byName = all.body.entries as Record<string, Metadata[]>;
      assert.equal(byName.note!.length, 1);
      const versions = byName.default!;
      assert.equal(versions.length, 3);
      assert.deepEqual(
        versions.map((v) => v.contentLength),
        [7, 7, 7],
      );
      assert.ok(versions[0]!.beginOn >= versions[1]!.beginOn);
      assert.ok(versions[1]!.beginOn >= versions[2]!.beginOn);
      assert.ok(versions.every((v) => v.createdOn === versions[2]!.beginOn));
      const stored = (await storedVersions(a.accountId)).filter((v) => v.name === 'default');
      assert.deepEqual(
        versions.map((v) => v.versionId),
        stored.sort((x, y) => y.seq - x.seq).map((v) => v.versionId),
        'newest (highest seq) first',
      );

      const one = await raw(a, id, '/default/versions');
      assert.equal(one.status, 200);
      assert.deepEqual(one.body, { versions });
      const latest = await raw(a, id);
      assert.deepEqual(latest.body.entries.default, versions[0]);

      // Each version's content is the upload that made it.
      for (const [n, v] of versions.entries()) {
        const res = await binary(raw(a, id, `/default/versions/${v.versionId}`));
        assert.equal(res.status, 200);
        assert.equal((res.body as Buffer).toString('utf8'), JSON.stringify({ v: 3 - n }));
      }
    });

    it('counts exactly across finalize chunks, which are prepared while the previous one writes', async () => {
      const a = await freshAccount();
      const sync = await testSync({ chunkSize: 40 });
      const run = async (changed: number) => {
        const started = await sync.service.start({
          accountId: a.accountId,
          body: { source: 'api', scope: 's' },
        });
        const ref = { accountId: a.accountId, jobId: started.id };
        await uploadJson(sync, ref, {
          entities: Array.from({ length: 150 }, (_, i) =>
            entity(`e${i}`, {
              _rawData: [{ name: 'default', rawData: { i, v: i < changed ? 2 : 1 } }],
            }),
          ),
        });
        return sync.service.finalize({ ...ref, body: {} });
      };
      assert.equal((await run(0)).numRawDataVersionsCreated, 150);
      assert.equal((await run(0)).numRawDataVersionsCreated, 0);
      assert.equal((await run(45)).numRawDataVersionsCreated, 45);
      const stored = await storedVersions(a.accountId);
      assert.equal(stored.length, 195);
      assert.equal(stored.filter((v) => v.seq === 2).length, 45);
    });

    it('a content type change alone is a new version', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      await c.diff('s', [entity('h', { _rawData: { x: { body: 'same' } } })]);
      const job = await c.diff('s', [
        entity('h', { _rawData: { x: { body: 'same', contentType: 'text/plain' } } }),
      ]);
      assert.equal(job.numRawDataVersionsCreated, 1);
      const res = await raw(a, await idOf(a.accountId, 's', 'h'), '/x/versions');
      assert.deepEqual(
        (res.body.versions as Metadata[]).map((v) => v.contentType),
        ['text/plain', 'application/json'],
      );
    });
  });

  describe('download', () => {
    it('returns the content as stored, with its content type and length, byte for byte', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const json = { nested: { list: [1, 2.5, 'três'], ok: true }, none: null };
      const csv = 'a,b\r\n1,"x, y"\r\n';
      await c.diff('s', [
        entity('h', {
          _rawData: {
            json: { body: json },
            csv: { body: csv, contentType: 'text/csv; charset=utf-8' },
            quoted: { body: '"just a string"' },
          },
        }),
      ]);
      const id = await idOf(a.accountId, 's', 'h');
      const cases: Array<[string, string, string]> = [
        ['json', 'application/json', JSON.stringify(json)],
        ['csv', 'text/csv; charset=utf-8', csv],
        ['quoted', 'application/json', '"just a string"'],
      ];
      for (const [name, type, text] of cases) {
        const res = await binary(raw(a, id, `/${name}/versions/latest`));
        assert.equal(res.status, 200, name);
        assert.equal(res.headers['content-type'], type);
        assert.equal(res.headers['content-length'], String(Buffer.byteLength(text)));
        assert.deepEqual(res.body, Buffer.from(text, 'utf8'));
        const meta = (await raw(a, id)).body.entries[name] as Metadata;
        assert.equal(res.headers.etag, `"${meta.versionId}"`);
        assert.equal(res.headers['x-raw-data-version-id'], meta.versionId);
      }
    });

    it('answers HEAD with the headers of the download and no body', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      await c.diff('s', [
        entity('h', { _rawData: { d: { body: 'hello', contentType: 'text/plain' } } }),
      ]);
      const id = await idOf(a.accountId, 's', 'h');
      const res = await request(app)
        .head(`/entities/${id}/raw-data/d/versions/latest`)
        .set(a.headers);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'text/plain');
      assert.equal(res.headers['content-length'], '5');
      assert.deepEqual(res.body, {});
      const missing = await request(app)
        .head(`/entities/${id}/raw-data/nope/versions/latest`)
        .set(a.headers);
      assert.equal(missing.status, 404);
    });

    it('streams an entry larger than the request body limit', async () => {
      const a = await freshAccount();
      const sync = await testSync();
      const big = 'x'.repeat(3 * 1024 * 1024) + 'end';
      const started = await sync.service.start({
        accountId: a.accountId,
        body: { source: 'api', scope: 's' },
      });
      const ref = { accountId: a.accountId, jobId: started.id };
      await uploadJson(sync, ref, {
        entities: [entity('h', { _rawData: { big: { body: big, contentType: 'text/plain' } } })],
      });
      await sync.service.finalize({ ...ref, body: {} });
      const res = await binary(raw(a, await idOf(a.accountId, 's', 'h'), '/big/versions/latest'));
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-length'], String(big.length));
      assert.equal((res.body as Buffer).length, big.length);
      assert.equal((res.body as Buffer).subarray(-3).toString(), 'end');
    });

    it('names entries with any characters through URL encoding', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const name = 'aws/ec2 instance?#%';
      await c.diff('s', [entity('h', { _rawData: { [name]: { body: { n: 1 } } } })]);
      const id = await idOf(a.accountId, 's', 'h');
      const res = await binary(raw(a, id, `/${encodeURIComponent(name)}/versions/latest`));
      assert.equal(res.status, 200);
      assert.equal((res.body as Buffer).toString(), '{"n":1}');
      assert.deepEqual(Object.keys((await raw(a, id)).body.entries as object), [name]);
    });
  });

  describe('sync modes', () => {
    it('PUT, PATCH (by _key and by _id) and OVERRIDE store raw data too', async () => {
      const a = await freshAccount(['PUT', 'OVERRIDE']);
      const c = new SyncClient(app, a.headers);
      await c.diff('s', [entity('h', { _rawData: { d: { body: 'diff' } } })]);
      const id = await idOf(a.accountId, 's', 'h');
      const put = await c.sync({ source: 'api', scope: 's', syncMode: 'PUT' }, [
        { entities: [entity('h', { _rawData: { d: { body: 'put' } } })] },
      ]);
      assert.equal(put.numRawDataVersionsCreated, 1);
      const patchByKey = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
        { entities: [{ _key: 'h', _rawData: { d: { body: 'patch-key' } } }] },
      ]);
      assert.equal(patchByKey.numRawDataVersionsCreated, 1);
      const patchById = await c.sync({ source: 'api', syncMode: 'PATCH' }, [
        { entities: [{ _id: id, _rawData: { d: { body: 'patch-id' } } }] },
      ]);
      assert.equal(patchById.numRawDataVersionsCreated, 1);
      const override = await c.sync({ source: 'api', syncMode: 'OVERRIDE' }, [
        { entities: [{ _type: 'host', _key: 'h', owner: 'me', _rawData: { d: { body: 'ovr' } } }] },
      ]);
      assert.equal(override.numRawDataVersionsCreated, 1);
      const res = await raw(a, id, '/d/versions');
      assert.equal((res.body.versions as Metadata[]).length, 5);
      const latest = await binary(raw(a, id, '/d/versions/latest'));
      assert.equal((latest.body as Buffer).toString(), 'ovr');
    });

    it('a PATCH or OVERRIDE that misses its entity stores nothing', async () => {
      const a = await freshAccount(['OVERRIDE']);
      const c = new SyncClient(app, a.headers);
      const patch = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
        { entities: [{ _key: 'nope', _rawData: { d: { body: 1 } } }] },
      ]);
      assert.equal(patch.numEntityUpdateErrors, 1);
      assert.equal(patch.numRawDataVersionsCreated, 0);
      const override = await c.sync({ source: 'api', syncMode: 'OVERRIDE' }, [
        { entities: [{ _type: 'host', _key: 'nope', x: 1, _rawData: { d: { body: 1 } } }] },
      ]);
      assert.equal(override.numRawDataVersionsCreated, 0);
      assert.deepEqual(await storedVersions(a.accountId), []);
      assert.deepEqual(await blobFiles(a.accountId), [], 'the content written ahead is removed');
    });

    it('rejects a contentType that is not a media type, staging nothing', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const job = await c.start({ source: 'api', scope: 's' });
      for (const bad of ['json', 'text/html\r\nX-Evil: 1', 'a b/c', '']) {
        const res = await request(app)
          .post(`/persister/synchronization/jobs/${job.id}/upload`)
          .set(a.headers)
          .send({ entities: [entity('h', { _rawData: { d: { body: 1, contentType: bad } } })] });
        assert.equal(res.status, 400, bad);
        assert.equal(res.body.error.code, 'VALIDATION_ERROR');
        assert.equal(
          res.body.error.message,
          bad === ''
            ? "/entities/0/_rawData (entity key: 'h') must be an object of named entries or an array of { name, rawData }"
            : `/entities/0/_rawData/d/contentType (entity key: 'h') '${bad}' is not a media type such as application/json or text/plain; charset=utf-8`,
        );
      }
      assert.equal((await c.get(job.id)).numEntitiesUploaded, 0);
    });
  });

  describe('deletes and retention', () => {
    it('a DIFF that deletes the entity marks its versions deleted; a revival adds a live version', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      const withRaw = entity('h', { _rawData: { d: { body: { v: 1 } } } });
      await c.diff('s', [withRaw, entity('keep')]);
      const id = await idOf(a.accountId, 's', 'h');
      await c.diff('s', [entity('keep')]);
      const after = await raw(a, id);
      assert.equal(after.status, 200, 'a soft-deleted entity keeps its raw data readable');
      assert.equal((after.body.entries.d as Metadata).deleted, true);
      assert.deepEqual(
        (await storedVersions(a.accountId)).map((v) => v.deleted),
        [true],
      );
      const content = await binary(raw(a, id, '/d/versions/latest'));
      assert.equal((content.body as Buffer).toString(), '{"v":1}');

      const revived = await c.diff('s', [withRaw, entity('keep')]);
      assert.equal(
        revived.numRawDataVersionsCreated,
        1,
        'same content, but the latest was deleted',
      );
      const versions = (await raw(a, id, '/d/versions')).body.versions as Metadata[];
      assert.deepEqual(
        versions.map((v) => v.deleted),
        [false, true],
      );
    });

    it("DELETE /entities/{id} marks the entity's versions deleted", async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      await c.diff('s', [entity('h', { _rawData: { d: { body: 1 }, e: { body: 2 } } })]);
      const id = await idOf(a.accountId, 's', 'h');
      const del = await request(app).delete(`/entities/${id}`).set(a.headers);
      assert.equal(del.status, 200, JSON.stringify(del.body));
      const entries = (await raw(a, id)).body.entries as Record<string, Metadata>;
      assert.deepEqual(
        Object.values(entries).map((m) => m.deleted),
        [true, true],
      );
    });

    it('keeps only the newest RAW_DATA_VERSIONS_KEPT versions and removes the content of the others', async () => {
      const a = await freshAccount();
      const sync = await testSync({ rawDataVersionsKept: 3 });
      const retained = await testApp({ syncJobs: sync.service });
      const c = new SyncClient(retained, a.headers);
      for (let v = 1; v <= 5; v++) {
        await c.diff('s', [entity('h', { _rawData: { d: { body: { v } } } })]);
      }
      const stored = await storedVersions(a.accountId);
      assert.deepEqual(
        stored.map((v) => v.seq),
        [3, 4, 5],
      );
      const id = await idOf(a.accountId, 's', 'h');
      const versions = (await raw(a, id, '/d/versions')).body.versions as Metadata[];
      assert.equal(versions.length, 3);
      const contents = [];
      for (const v of versions) {
        contents.push((await binary(raw(a, id, `/d/versions/${v.versionId}`))).body.toString());
      }
      assert.deepEqual(contents, ['{"v":5}', '{"v":4}', '{"v":3}']);
      assert.deepEqual(
        await blobFiles(a.accountId),
        stored.map((v) => v.blobKey).sort(),
        "the pruned versions' content is gone",
      );
    });
  });

  describe('errors and isolation', () => {
    it('404s: unknown entity, unknown entry, unknown version', async () => {
      const a = await freshAccount();
      const c = new SyncClient(app, a.headers);
      await c.diff('s', [entity('h', { _rawData: { d: { body: 1 } } })]);
      const id = await idOf(a.accountId, 's', 'h');
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const suffix of [
        '',
        '-versions',
        '/d/versions',
        '/d/versions/latest',
        `/d/versions/${unknown}`,
      ]) {
        const res = await raw(a, unknown, suffix);
        assert.equal(res.status, 404, suffix);
        assert.deepEqual(res.body, {
          error: {
            code: 'ENTITY_NOT_FOUND',
            message: `No entity with _id '${unknown}' in this account`,
          },
        });
      }
      for (const suffix of ['/nope/versions', '/nope/versions/latest']) {
        const res = await raw(a, id, suffix);
        assert.equal(res.status, 404, suffix);
        assert.deepEqual(res.body.error, {
          code: 'RAW_DATA_NOT_FOUND',
          message: `Entity '${id}' has no raw data entry 'nope'`,
        });
      }
      const res = await raw(a, id, `/d/versions/${unknown}`);
      assert.equal(res.status, 404);
      assert.deepEqual(res.body.error, {
        code: 'RAW_DATA_NOT_FOUND',
        message: `Raw data entry 'd' of entity '${id}' has no version '${unknown}'`,
      });
    });

    it("another account's entity is unknown on every endpoint", async () => {
      const owner = await freshAccount();
      const other = await freshAccount();
      await new SyncClient(app, owner.headers).diff('s', [
        entity('h', { _rawData: { d: { body: 1 } } }),
      ]);
      const id = await idOf(owner.accountId, 's', 'h');
      const versionId = (await storedVersions(owner.accountId))[0]!.versionId;
      for (const suffix of [
        '',
        '-versions',
        '/d/versions',
        '/d/versions/latest',
        `/d/versions/${versionId}`,
      ]) {
        assert.equal((await raw(owner, id, suffix)).status, 200, suffix);
        const res = await raw(other, id, suffix);
        assert.equal(res.status, 404, suffix);
        assert.equal(res.body.error.code, 'ENTITY_NOT_FOUND');
      }
    });

    it('uses the same authentication as the job endpoints', async () => {
      const a = await freshAccount();
      const url = '/entities/00000000-0000-4000-8000-000000000000/raw-data';
      const missing = await request(app).get(url);
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body.error, {
        code: 'MISSING_ACCOUNT_HEADER',
        message: 'Missing Service-Account header',
      });
      const noKey = await request(app).get(url).set('JupiterOne-Account', a.accountId);
      assert.equal(noKey.status, 401);
      const wrongAccount = await request(app)
        .get(url)
        .set({ ...a.headers, 'JupiterOne-Account': 'someone-else' });
      assert.equal(wrongAccount.status, 403);
    });
  });
});
