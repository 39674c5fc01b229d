import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type express from 'express';
import { Redis } from 'ioredis';
import { Readable } from 'node:stream';
import request from 'supertest';
import { stringify as stringifyYaml } from 'yaml';
import { type AccountFeature } from '../../../src/accounts/account-service';
import { FsBlobStore } from '../../../src/blob/fs-blob-store';
import { loadConfig } from '../../../src/config/config';
import { type RunningWorker, startWorker } from '../../../src/worker';
import { stageBulkFile } from '../../../src/sync/staging/bulk-file';
import { BulkUploadService } from '../../../src/sync/staging/bulk-upload-service';
import { SignedUploadUrls } from '../../../src/sync/staging/signed-upload-urls';
import { UPLOAD_URL_SECRET_FILE } from '../../../src/sync/staging/upload-url-secret';
import {
  freshAccount,
  neo4jUri,
  redisUrl,
  silentLogger,
  startTestApi,
  TEST_SECRETS_KEY,
  testApp,
  testBlobDir,
  testGraph,
  testSync,
  type TestAccount,
  uploadJson,
} from '../../helpers/harness';
import { customProps, scopeContents } from './lifecycle-helpers';

/**
 * The bulk upload URL (docs/guide/sync-jobs.md, "The bulk upload URL"; decision 0010): issued per
 * job, PUT to a real API server, stored as sent, validated and applied at finalize, in local and
 * queue mode. Each test reads the graph back from Neo4j and looks at the blob store the API writes
 * to.
 */
const JOBS = '/persister/synchronization/jobs';
const HOUR = 60 * 60 * 1000;
const MAX = 1024 * 1024;

type Obj = Record<string, unknown>;
interface Job extends Obj {
  id: string;
  status: string;
  done: boolean;
  error?: string;
  bulkFile?: Obj;
}
interface UploadUrl {
  uploadUrl: string;
  expiresAt: number;
}
interface Res {
  status: number;
  body: Obj;
}

/** A graph in upload form: what a bulk file holds. */
interface GraphFile {
  entities?: Obj[];
  relationships?: Obj[];
}

const FILE: GraphFile = {
  entities: [
    { _key: 'h1', _type: 'bulk_host', _class: 'Host', name: 'one', port: 22, tags: ['a', 'b'] },
    { _key: 'h2', _type: 'bulk_host', _class: ['Host', 'Device'], name: 'two', active: true },
    { _key: 'u1', _type: 'bulk_user', _class: 'User', email: 'u1@example.com' },
  ],
  relationships: [
    {
      _key: 'u1|uses|h1',
      _type: 'bulk_user_uses_host',
      _class: 'USES',
      _fromEntityKey: 'u1',
      _toEntityKey: 'h1',
      since: 2020,
    },
    {
      _key: 'h1|has|h2',
      _type: 'bulk_host_has_host',
      _class: 'HAS',
      _fromEntityKey: 'h1',
      _toEntityKey: 'h2',
    },
  ],
};

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

const ENCODERS = {
  gzip: (b: Buffer) => zlib.gzipSync(b),
  br: (b: Buffer) => zlib.brotliCompressSync(b),
  deflate: (b: Buffer) => zlib.deflateSync(b),
} as const;

function entity(key: string, extra: Obj = {}): Obj {
  return { _key: key, _type: 'bulk_host', _class: 'Host', ...extra };
}

/** Job calls of one account against one HTTP target (a listening API, or an app). */
class Client {
  constructor(
    readonly target: string | express.Express,
    readonly account: TestAccount,
  ) {}

  async start(body: Obj): Promise<Job> {
    const res = await request(this.target).post(JOBS).set(this.account.headers).send(body);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: Job }).job;
  }

  post(id: string, route: string, body?: Obj): Promise<Res> {
    const req = request(this.target).post(`${JOBS}/${id}/${route}`).set(this.account.headers);
    return body === undefined ? req : req.send(body);
  }

  async uploadUrl(id: string): Promise<UploadUrl> {
    const res = await this.post(id, 'uploadUrl');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as unknown as UploadUrl;
  }

  async upload(id: string, body: Obj): Promise<Job> {
    const res = await this.post(id, 'upload', body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { job: Job }).job;
  }

  async finalize(id: string): Promise<Job> {
    const res = await this.post(id, 'finalize');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { job: Job }).job;
  }

  async job(id: string): Promise<Job> {
    const res = await request(this.target).get(`${JOBS}/${id}`).set(this.account.headers);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: Job }).job;
  }

  /** PUTs to a URL's path and query on this client's target (the URL's own host is not used). */
  put(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<Res> {
    const u = new URL(url);
    return request(this.target)
      .put(`${u.pathname}${u.search}`)
      .set(headers)
      .serialize((raw: Buffer) => raw as unknown as string) // the bytes as they are, even as JSON
      .send(body);
  }
}

/** PUTs a file to exactly the URL given, as a client holding only the URL would. */
async function putTo(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'PUT', body, headers });
  return { status: res.status, body: (await res.json()) as Obj };
}

function assertError(res: Res, status: number, code: string, message?: string | RegExp): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  const error = (res.body as { error: { code: string; message: string } }).error;
  assert.equal(error.code, code, JSON.stringify(res.body));
  if (typeof message === 'string') assert.equal(error.message, message);
  else if (message !== undefined) assert.match(error.message, message);
}

/** Files in a job's staging folder of a blob store root (none when the folder is gone). */
function stagedFiles(blobRoot: string, accountId: string, jobId: string): string[] {
  const dir = path.join(blobRoot, 'staging', accountId, jobId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

function bulkFiles(blobRoot: string, accountId: string, jobId: string): string[] {
  return stagedFiles(blobRoot, accountId, jobId).filter((f) => f.startsWith('bulk-'));
}

/** What test-scope-contents adds to a relationship besides its properties. */
const RELATIONSHIP_ENDS = ['type', 'fromKey', 'toKey', 'fromId', 'toId', 'fromScope', 'toScope'];

/** The scope as stored, in the file's terms: what a client would have uploaded to get it. */
async function storedGraph(accountId: string, scope: string): Promise<GraphFile> {
  const { entities, relationships } = await scopeContents(accountId, scope);
  const sorted = (a: { _key: unknown }, b: { _key: unknown }) =>
    String(a._key).localeCompare(String(b._key));
  return {
    entities: entities
      .filter((e) => e._deleted !== true)
      .map((e) => ({
        _key: e._key,
        _type: e._type,
        // Labels are Entity, the classes and (decision 0034) the type.
        _class: [...e.labels].filter((l) => l !== 'Entity' && l !== e._type).sort(),
        ...customProps(e),
      }))
      .sort(sorted),
    relationships: relationships
      .filter((r) => r._deleted !== true)
      .map((r) => ({
        _key: r._key,
        _type: r._type,
        _class: r.type,
        _fromEntityKey: r.fromKey,
        _toEntityKey: r.toKey,
        ...Object.fromEntries(
          Object.entries(customProps(r)).filter(([k]) => !RELATIONSHIP_ENDS.includes(k)),
        ),
      }))
      .sort(sorted),
  };
}

/** The file in the same terms (classes as sorted arrays, keys sorted). */
function normalized(file: GraphFile): GraphFile {
  const sorted = (a: Obj, b: Obj) => String(a._key).localeCompare(String(b._key));
  return {
    entities: (file.entities ?? [])
      .map((e) => ({ ...e, _class: [e._class].flat().sort() }))
      .sort(sorted),
    relationships: [...(file.relationships ?? [])].sort(sorted),
  };
}

describe('sync jobs: bulk upload URL (real API server, real Neo4j)', function () {
  this.timeout(60_000);
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let blobRoot: string;

  before(async () => {
    api = await startTestApi({ BULK_UPLOAD_MAX_SIZE: '1mb' });
    blobRoot = path.join(api.dataDir, 'blobs');
  });

  after(async () => {
    await api?.close();
  });

  async function client(features: AccountFeature[] = []): Promise<Client> {
    return new Client(api.url, await freshAccount(features));
  }

  /** A DIFF job over a fresh scope and its upload URL. */
  async function jobWithUrl(c: Client, start: Obj = {}) {
    const scope = `bulk-${randomUUID().slice(0, 8)}`;
    const job = await c.start({ source: 'api', scope, ...start });
    return { id: job.id, scope, url: (await c.uploadUrl(job.id)).uploadUrl };
  }

  describe('the URL', () => {
    it('is a signed URL on the API itself for this job, valid one hour, the same when asked again', async () => {
      const c = await client();
      const job = await c.start({ source: 'api', scope: 'url' });
      const before = Date.now();
      const first = await c.uploadUrl(job.id);
      const after = Date.now();
      assert.deepEqual(Object.keys(first).sort(), ['expiresAt', 'uploadUrl']);
      assert.ok(first.expiresAt >= before + HOUR && first.expiresAt <= after + HOUR);
      const url = new URL(first.uploadUrl);
      assert.equal(url.origin, api.url);
      assert.equal(url.pathname, `/persister/synchronization/bulk-uploads/${job.id}`);
      assert.deepEqual([...url.searchParams.keys()], ['accountId', 'expiresAt', 'signature']);
      assert.equal(url.searchParams.get('accountId'), c.account.accountId);
      assert.equal(url.searchParams.get('expiresAt'), String(first.expiresAt));
      assert.match(url.searchParams.get('signature') ?? '', /^[A-Za-z0-9_-]{43}$/);

      assert.deepEqual(await c.uploadUrl(job.id), first);
      // Another job gets another URL.
      const other = await c.start({ source: 'api', scope: 'url' });
      assert.notEqual((await c.uploadUrl(other.id)).uploadUrl, first.uploadUrl);
      // Issuing a URL changes nothing visible on the job.
      assert.equal((await c.job(job.id)).bulkFile, undefined);
    });

    it('is 404 for an unknown job and for another account’s job', async () => {
      const c = await client();
      const other = await client();
      const job = await other.start({ source: 'api', scope: 'x' });
      assertError(await c.post(randomUUID(), 'uploadUrl'), 404, 'NOT_FOUND');
      assertError(await c.post(job.id, 'uploadUrl'), 404, 'NOT_FOUND');
    });

    it('is 409 JOB_NOT_AWAITING_UPLOADS once the job is finalized or aborted', async () => {
      const c = await client();
      const done = await c.start({ source: 'api', scope: 'x' });
      await c.finalize(done.id);
      const aborted = await c.start({ source: 'api', scope: 'y' });
      assert.equal((await c.post(aborted.id, 'abort')).status, 200);
      assertError(
        await c.post(done.id, 'uploadUrl'),
        409,
        'JOB_NOT_AWAITING_UPLOADS',
        `Sync job '${done.id}' is FINISHED: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort`,
      );
      assertError(await c.post(aborted.id, 'uploadUrl'), 409, 'JOB_NOT_AWAITING_UPLOADS');
    });
  });

  describe('PUT and finalize', () => {
    it('a JSON file: the graph holds exactly the file’s content, with exact counters', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const bytes = json(FILE);
      const t0 = Date.now();
      const put = await putTo(url, bytes, { 'Content-Type': 'application/json' });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const bulkFile = (put.body as { bulkFile: Obj }).bulkFile;
      assert.ok((bulkFile.uploadedAt as number) >= t0);
      assert.deepEqual(bulkFile, {
        size: bytes.length,
        uploadedAt: bulkFile.uploadedAt,
        contentType: 'application/json',
      });
      // Stored as sent; nothing counted or applied before finalize.
      const [stored] = bulkFiles(blobRoot, c.account.accountId, id);
      assert.deepEqual(
        fs.readFileSync(path.join(blobRoot, 'staging', c.account.accountId, id, stored!)),
        bytes,
      );
      const pending = await c.job(id);
      assert.deepEqual(pending.bulkFile, bulkFile);
      assert.equal(pending.numEntitiesUploaded, 0);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), {
        entities: [],
        relationships: [],
      });

      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual(
        [
          job.numEntitiesUploaded,
          job.numEntitiesCreated,
          job.numEntitiesUpdated,
          job.numEntitiesDeleted,
          job.numRelationshipsUploaded,
          job.numRelationshipsCreated,
          job.numRelationshipsUpdated,
          job.numRelationshipCreateErrors,
        ],
        [3, 3, 0, 0, 2, 2, 0, 0],
      );
      assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      // Finalize cleans the staging folder up, the bulk file included.
      assert.deepEqual(stagedFiles(blobRoot, c.account.accountId, id), []);
    });

    for (const encoding of ['gzip', 'br', 'deflate'] as const) {
      it(`a ${encoding} file: stored compressed as sent, applied decompressed`, async () => {
        const c = await client();
        const { id, scope, url } = await jobWithUrl(c);
        const compressed = ENCODERS[encoding](json(FILE));
        const put = await putTo(url, compressed, {
          'Content-Type': 'application/json',
          'Content-Encoding': encoding,
        });
        assert.equal(put.status, 200, JSON.stringify(put.body));
        assert.deepEqual((put.body as { bulkFile: Obj }).bulkFile, {
          size: compressed.length,
          uploadedAt: (put.body as { bulkFile: Obj }).bulkFile.uploadedAt,
          contentType: 'application/json',
          contentEncoding: encoding,
        });
        const [stored] = bulkFiles(blobRoot, c.account.accountId, id);
        assert.deepEqual(
          fs.readFileSync(path.join(blobRoot, 'staging', c.account.accountId, id, stored!)),
          compressed,
        );
        const job = await c.finalize(id);
        assert.equal(job.status, 'FINISHED', JSON.stringify(job));
        assert.deepEqual([job.numEntitiesCreated, job.numRelationshipsCreated], [3, 2]);
        assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      });
    }

    it('tells the format from the Content-Disposition filename when Content-Type does not', async () => {
      const c = await client();
      for (const headers of [
        { 'Content-Disposition': 'attachment; filename="graph.json"' },
        {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': "attachment; filename*=UTF-8''dir%2Fgraph.JSON",
          'Content-Encoding': 'gzip',
        },
      ] as Array<Record<string, string>>) {
        const { id, scope, url } = await jobWithUrl(c);
        const gzip = headers['Content-Encoding'] === 'gzip';
        const put = await putTo(url, gzip ? zlib.gzipSync(json(FILE)) : json(FILE), headers);
        assert.equal(put.status, 200, JSON.stringify(put.body));
        const bulkFile = (put.body as { bulkFile: Obj }).bulkFile;
        assert.equal(bulkFile.fileName, gzip ? 'graph.JSON' : 'graph.json');
        assert.equal(bulkFile.contentType, headers['Content-Type']);
        const job = await c.finalize(id);
        assert.equal(job.status, 'FINISHED', JSON.stringify(job));
        assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      }
    });

    it('a bulk file and upload batches in one job: both applied, the file after the batches', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const batch: GraphFile = {
        entities: [entity('b1', { from: 'batch' }), entity('b2', { from: 'batch' })],
        relationships: [
          {
            _key: 'b1|has|f1',
            _type: 'bulk_host_has_host',
            _class: 'HAS',
            _fromEntityKey: 'b1',
            _toEntityKey: 'f1',
          },
        ],
      };
      const file: GraphFile = {
        entities: [entity('f1', { from: 'file' })],
        relationships: [
          {
            _key: 'f1|has|b2',
            _type: 'bulk_host_has_host',
            _class: 'HAS',
            _fromEntityKey: 'f1',
            _toEntityKey: 'b2',
          },
        ],
      };
      await c.upload(id, batch as Obj);
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      // Uploads are still taken after the file has arrived.
      await c.upload(id, { entities: [entity('b3', { from: 'batch' })] });
      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual(
        [job.numEntitiesUploaded, job.numEntitiesCreated, job.numRelationshipsUploaded],
        [4, 4, 2],
      );
      assert.deepEqual([job.numRelationshipsCreated, job.numRelationshipCreateErrors], [2, 0]);
      assert.deepEqual(
        await storedGraph(c.account.accountId, scope),
        normalized({
          entities: [...batch.entities!, entity('b3', { from: 'batch' }), ...file.entities!],
          relationships: [...batch.relationships!, ...file.relationships!],
        }),
      );
    });
  });

  describe('the bulk file’s correlation id', () => {
    it('is refused to a client batch (400, nothing staged), so finalize still applies the file', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const file: GraphFile = { entities: [entity('f1', { from: 'file' })] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      const res = await request(c.target)
        .post(`${JOBS}/${id}/upload`)
        .set(c.account.headers)
        .set('JupiterOne-Correlation-Id', 'bulk-file')
        .send({ entities: [entity('b1', { from: 'batch' })] });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, {
        error: {
          code: 'VALIDATION_ERROR',
          message:
            "JupiterOne-Correlation-Id 'bulk-file' is reserved for the job's bulk upload file: send this batch under another correlation id",
        },
      });
      assert.equal((await c.job(id)).numEntitiesUploaded, 0, 'nothing staged');
      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual([job.numEntitiesUploaded, job.numEntitiesCreated], [1, 1]);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(file));
    });
  });

  describe('CSV and YAML files', () => {
    /** FILE as CSV: arrays as JSON cells, relationships told by their end columns. */
    const CSV = [
      '_key,_type,_class,name,port,tags,active,email,_fromEntityKey,_toEntityKey,since',
      'h1,bulk_host,Host,one,22,"[""a"",""b""]",,,,,',
      'h2,bulk_host,"[""Host"",""Device""]",two,,,true,,,,',
      'u1,bulk_user,User,,,,,u1@example.com,,,',
      'u1|uses|h1,bulk_user_uses_host,USES,,,,,,u1,h1,2020',
      'h1|has|h2,bulk_host_has_host,HAS,,,,,,h1,h2,',
      '',
    ].join('\n');

    const cases: Array<{ what: string; bytes: () => Buffer; headers: Record<string, string> }> = [
      {
        what: 'CSV (text/csv)',
        bytes: () => Buffer.from(CSV),
        headers: { 'Content-Type': 'text/csv' },
      },
      {
        what: 'gzipped CSV named by its file name',
        bytes: () => zlib.gzipSync(Buffer.from(CSV)),
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'gzip',
          'Content-Disposition': 'attachment; filename="export.csv"',
        },
      },
      {
        what: 'YAML (application/yaml)',
        bytes: () => Buffer.from(stringifyYaml(FILE)),
        headers: { 'Content-Type': 'application/yaml' },
      },
      {
        what: 'brotli YAML named by its file name (.yml)',
        bytes: () => zlib.brotliCompressSync(Buffer.from(stringifyYaml(FILE))),
        headers: {
          'Content-Encoding': 'br',
          'Content-Disposition': 'attachment; filename=graph.yml',
        },
      },
    ];
    for (const { what, bytes, headers } of cases) {
      it(`${what}: the graph holds exactly the file’s content`, async () => {
        const c = await client();
        const { id, scope, url } = await jobWithUrl(c);
        const put = await putTo(url, bytes(), headers);
        assert.equal(put.status, 200, JSON.stringify(put.body));
        const job = await c.finalize(id);
        assert.equal(job.status, 'FINISHED', JSON.stringify(job));
        assert.deepEqual(
          [job.numEntitiesUploaded, job.numEntitiesCreated, job.numRelationshipsCreated],
          [3, 3, 2],
        );
        assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
      });
    }

    it('a CSV file that breaks a rule: FAILED, the reason naming the line', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const csv = ['_key,_type,_class,name', 'a,bulk_host,Host,one', ',bulk_host,Host,two', ''];
      assert.equal(
        (await putTo(url, Buffer.from(csv.join('\n')), { 'Content-Type': 'text/csv' })).status,
        200,
      );
      const job = await c.finalize(id);
      assert.deepEqual(
        [job.status, job.error],
        ['FAILED', 'CSV line 3: /entities/1/_key is required'],
      );
      assert.deepEqual(await storedGraph(c.account.accountId, scope), {
        entities: [],
        relationships: [],
      });
    });

    it('a YAML file that does not parse: FAILED', async () => {
      const c = await client();
      const { id, url } = await jobWithUrl(c);
      const put = await putTo(url, Buffer.from('entities:\n  - _key: [unclosed\n'), {
        'Content-Type': 'application/yaml',
      });
      assert.equal(put.status, 200);
      const job = await c.finalize(id);
      assert.equal(job.status, 'FAILED', JSON.stringify(job));
      assert.match(job.error ?? '', /^The bulk file could not be parsed as YAML: YAML line \d+: /);
    });
  });

  describe('refusals', () => {
    it('one file per job: a second PUT is 409 BULK_FILE_ALREADY_UPLOADED and the first file is kept', async () => {
      const c = await client();
      const { id, scope, url } = await jobWithUrl(c);
      const first: GraphFile = { entities: [entity('first')] };
      assert.equal(
        (await putTo(url, json(first), { 'Content-Type': 'application/json' })).status,
        200,
      );
      const files = bulkFiles(blobRoot, c.account.accountId, id);
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
      assert.deepEqual(bulkFiles(blobRoot, c.account.accountId, id), files);
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
      assert.equal(bulkFiles(blobRoot, c.account.accountId, id).length, 1);
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
        assert.deepEqual(stagedFiles(blobRoot, a.account.accountId, j), [], j);
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
      assert.deepEqual(stagedFiles(blobRoot, c.account.accountId, id), []);
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
      assert.deepEqual(stagedFiles(blobRoot, c.account.accountId, id), []);
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
        assert.deepEqual(stagedFiles(blobRoot, c.account.accountId, job.id), []);
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
      assert.equal(bulkFiles(blobRoot, c.account.accountId, id).length, 1);
      assert.equal((await c.post(id, 'abort')).status, 200);
      assert.deepEqual(stagedFiles(blobRoot, c.account.accountId, id), []);
    });
  });

  describe('a file rejected at finalize: FAILED, the graph untouched', () => {
    /** A scope holding one entity from an earlier job, and a new job on it with one batch. */
    async function seeded(c: Client, start: Obj = {}) {
      const scope = `seeded-${randomUUID().slice(0, 8)}`;
      const seed = await c.start({ source: 'api', scope });
      await c.upload(seed.id, { entities: [entity('old', { v: 1 })] });
      assert.equal((await c.finalize(seed.id)).status, 'FINISHED');
      const before = await storedGraph(c.account.accountId, scope);
      const job = await c.start({ source: 'api', scope, ...start });
      await c.upload(job.id, { entities: [entity('old', { v: 2 }), entity('new')] });
      return { scope, before, id: job.id, url: (await c.uploadUrl(job.id)).uploadUrl };
    }

    async function expectFailed(
      c: Client,
      id: string,
      scope: string,
      before: GraphFile,
      error: string | RegExp,
    ) {
      const job = await c.finalize(id);
      assert.equal(job.status, 'FAILED', JSON.stringify(job));
      assert.equal(job.done, true);
      if (typeof error === 'string') assert.equal(job.error, error);
      else assert.match(job.error ?? '', error);
      assert.deepEqual(await c.job(id), job);
      assert.deepEqual(await storedGraph(c.account.accountId, scope), before);
      assert.deepEqual(stagedFiles(blobRoot, c.account.accountId, id), []);
    }

    it('a file that does not parse', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      const put = await putTo(url, Buffer.from('{"entities": [ {"_key": '), {
        'Content-Type': 'application/json',
      });
      assert.equal(put.status, 200);
      await expectFailed(c, id, scope, before, /^The bulk file could not be parsed as JSON: /);
    });

    it('a file that breaks an upload rule (JupiterOne’s message)', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      const file = { entities: [{ _type: 'bulk_host', _class: 'Host' }] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      await expectFailed(c, id, scope, before, '/entities/0/_key is required');
    });

    it('a file with a class that cannot be a Neo4j label, or an empty entities array', async () => {
      const c = await client();
      const cases: Array<[GraphFile, string]> = [
        [
          { entities: [entity('a'), entity('b', { _class: 'Host`:Injected' })] },
          "/entities/1/_class (entity key: 'b') has invalid class 'Host`:Injected': a class becomes a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not start with a digit",
        ],
        [
          {
            entities: [],
            relationships: [
              {
                _key: 'r',
                _type: 'bulk_host_has_host',
                _class: 'HAS',
                _fromEntityKey: 'old',
                _toEntityKey: 'new',
              },
            ],
          },
          'entities must have minimum 1 item',
        ],
      ];
      for (const [file, error] of cases) {
        const { scope, before, id, url } = await seeded(c);
        assert.equal(
          (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
          200,
        );
        await expectFailed(c, id, scope, before, error);
      }
    });

    it('a file that is not an upload body', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      assert.equal(
        (await putTo(url, json([1, 2]), { 'Content-Type': 'application/json' })).status,
        200,
      );
      await expectFailed(c, id, scope, before, 'The request body must be a JSON object');
    });

    it('a key that a batch of the job already uploaded (duplicates not ignored)', async () => {
      const c = await client();
      const { scope, before, id, url } = await seeded(c);
      const file = { entities: [entity('file-only'), entity('new', { from: 'file' })] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      await expectFailed(
        c,
        id,
        scope,
        before,
        "/entities/1/_key 'new' is a duplicate: an entity with this _key was already uploaded in this job",
      );
    });

    it('with ignoreDuplicates the file’s object wins over the batch’s', async () => {
      const c = await client();
      const { scope, id, url } = await seeded(c, { ignoreDuplicates: true });
      const file = { entities: [entity('new', { from: 'file' })] };
      assert.equal(
        (await putTo(url, json(file), { 'Content-Type': 'application/json' })).status,
        200,
      );
      const job = await c.finalize(id);
      assert.equal(job.status, 'FINISHED', JSON.stringify(job));
      assert.deepEqual(
        [job.numEntitiesUploaded, job.numEntitiesCreated, job.numEntitiesUpdated],
        [2, 1, 1],
      );
      assert.deepEqual(
        await storedGraph(c.account.accountId, scope),
        normalized({ entities: [entity('old', { v: 2 }), entity('new', { from: 'file' })] }),
      );
    });

    it('OVERRIDE: a file that takes the job past 10000 entities', async () => {
      const c = await client(['OVERRIDE']);
      const job = await c.start({ source: 'api', scope: 'override', syncMode: 'OVERRIDE' });
      await c.upload(job.id, { entities: [{ _type: 'bulk_host', _key: 'batch', owner: 'me' }] });
      const { uploadUrl } = await c.uploadUrl(job.id);
      const entities = Array.from({ length: 10_000 }, (_, i) => ({
        _type: 'bulk_host',
        _key: `h${i}`,
        owner: 'me',
      }));
      const file = zlib.gzipSync(json({ entities }));
      assert.ok(file.length < MAX);
      const put = await putTo(uploadUrl, file, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const done = await c.finalize(job.id);
      assert.deepEqual(
        [done.status, done.error],
        ['FAILED', 'OVERRIDE sync jobs are limited to 10000 entities per job'],
      );
    });
  });
});

describe('sync jobs: bulk upload URL expiry (injected clock, real Neo4j)', () => {
  it('issues a new URL once the current one has expired; the expired one is 403', async () => {
    const t0 = Date.now();
    let clock = t0;
    const sync = await testSync();
    const secret = Buffer.from('expiry-test-secret-0123456789abcdef0123');
    const bulkUploads = new BulkUploadService({
      jobs: sync.jobs,
      blobs: new FsBlobStore(testBlobDir),
      urls: new SignedUploadUrls({ secret, publicUrl: () => 'http://graphsync.test' }),
      maxBytes: MAX,
      now: () => clock,
    });
    const app = await testApp({ syncJobs: sync.service, bulkUploads });
    const c = new Client(app, await freshAccount());
    const scope = 'expiry';
    const job = await c.start({ source: 'api', scope });

    const first = await c.uploadUrl(job.id);
    assert.equal(first.expiresAt, t0 + HOUR);
    clock = t0 + HOUR - 1;
    assert.deepEqual(await c.uploadUrl(job.id), first);
    clock = t0 + HOUR;
    const second = await c.uploadUrl(job.id);
    assert.equal(second.expiresAt, t0 + 2 * HOUR);
    assert.notEqual(second.uploadUrl, first.uploadUrl);
    clock = t0 + HOUR + 30 * 60 * 1000;
    assert.deepEqual(await c.uploadUrl(job.id), second);

    assertError(
      await c.put(first.uploadUrl, json(FILE), { 'Content-Type': 'application/json' }),
      403,
      'INVALID_UPLOAD_URL',
      `The upload URL expired at ${new Date(t0 + HOUR).toISOString()}: ask for a new one`,
    );
    assert.deepEqual((await c.job(job.id)).bulkFile, undefined, 'the expired URL stored nothing');
    const put = await c.put(second.uploadUrl, json(FILE), { 'Content-Type': 'application/json' });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    // Past its expiry, even the URL that was used is refused.
    clock = t0 + 2 * HOUR;
    assertError(
      await c.put(second.uploadUrl, json(FILE), { 'Content-Type': 'application/json' }),
      403,
      'INVALID_UPLOAD_URL',
      /^The upload URL expired at /,
    );
    const done = await c.finalize(job.id);
    assert.equal(done.status, 'FINISHED', JSON.stringify(done));
    assert.deepEqual(await storedGraph(c.account.accountId, scope), normalized(FILE));
  });
});

describe('sync jobs: bulk file at finalize (services, real Neo4j)', () => {
  it('a finalize re-run after a crash stages the bulk file once', async () => {
    const graph = await testGraph();
    const account = await freshAccount();
    const blobs = new FsBlobStore(testBlobDir);
    // No dispatcher: finalize leaves the job FINALIZE_PENDING, as a queue would.
    const sync = await testSync({ queued: true });
    const job = await sync.service.start({
      accountId: account.accountId,
      body: { source: 'api', scope: 'rerun' },
    });
    const ref = { accountId: account.accountId, jobId: job.id };
    await uploadJson(sync, ref, { entities: [entity('batch')] });
    const url = new URL((await sync.bulkUploads.issueUrl(ref)).uploadUrl);
    await sync.bulkUploads.receive({
      jobId: job.id,
      accountId: url.searchParams.get('accountId')!,
      expiresAt: url.searchParams.get('expiresAt')!,
      signature: url.searchParams.get('signature')!,
      contentType: 'application/json',
      contentEncoding: undefined,
      contentDisposition: undefined,
      contentLength: undefined,
      body: Readable.from([json(FILE)]),
    });
    await sync.service.finalize({ ...ref, body: {} });

    // The interrupted run: it had started and staged the bulk file when its worker died.
    await sync.jobs.update(ref, { finalizeRuns: 1 });
    const staged = await stageBulkFile(
      { graph, blobs, jobs: sync.jobs, run: 1 },
      await sync.jobs.get(ref),
    );
    assert.deepEqual([staged.numEntitiesUploaded, staged.numRelationshipsUploaded], [4, 2]);

    const done = await sync.finalizer.run(ref);
    assert.equal(done.status, 'FINISHED', JSON.stringify(done));
    assert.deepEqual(
      [done.numEntitiesUploaded, done.numEntitiesCreated, done.numRelationshipsUploaded],
      [4, 4, 2],
    );
    assert.equal(done.numRelationshipsCreated, 2);
    assert.deepEqual(
      await storedGraph(account.accountId, 'rerun'),
      normalized({ ...FILE, entities: [...FILE.entities!, entity('batch')] }),
    );
  });
});

describe('sync jobs: bulk upload URL configuration (API composition root)', function () {
  this.timeout(60_000);
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  function dataDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-test-bulk-'));
    dirs.push(dir);
    return dir;
  }

  it('keeps a generated secret in DATA_DIR: a restarted API takes URLs issued before', async () => {
    const dir = dataDir();
    const first = await startTestApi({
      DATA_DIR: dir,
      PUBLIC_URL: 'https://graphsync.example.com/base/',
    });
    const account = await freshAccount();
    let issued: UploadUrl | undefined;
    let jobId = '';
    try {
      const c = new Client(first.url, account);
      const job = await c.start({ source: 'api', scope: 'restart' });
      jobId = job.id;
      issued = await c.uploadUrl(job.id);
      assert.ok(
        issued.uploadUrl.startsWith(
          `https://graphsync.example.com/base/persister/synchronization/bulk-uploads/${job.id}?`,
        ),
        issued.uploadUrl,
      );
    } finally {
      await first.close();
    }
    const secretFile = path.join(dir, UPLOAD_URL_SECRET_FILE);
    assert.equal(fs.statSync(secretFile).mode & 0o777, 0o600);
    const secret = fs.readFileSync(secretFile, 'utf8');

    const second = await startTestApi({ DATA_DIR: dir });
    try {
      const c = new Client(second.url, account);
      // The same URL again (same secret, same expiry), now on the second API's own address.
      const again = await c.uploadUrl(jobId);
      assert.equal(again.expiresAt, issued.expiresAt);
      assert.equal(new URL(again.uploadUrl).origin, second.url);
      assert.equal(new URL(again.uploadUrl).search, new URL(issued.uploadUrl).search);
      const put = await putTo(again.uploadUrl, json(FILE), { 'Content-Type': 'application/json' });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.equal(fs.readFileSync(secretFile, 'utf8'), secret, 'the secret was not replaced');
    } finally {
      await second.close();
    }
  });

  it('UPLOAD_URL_SECRET signs the URLs: another secret refuses them', async () => {
    const account = await freshAccount();
    const one = await startTestApi({ UPLOAD_URL_SECRET: 'a'.repeat(40) });
    let url = '';
    try {
      const c = new Client(one.url, account);
      const job = await c.start({ source: 'api', scope: 'secret' });
      url = (await c.uploadUrl(job.id)).uploadUrl;
      assert.equal(fs.existsSync(path.join(one.dataDir, UPLOAD_URL_SECRET_FILE)), false);
    } finally {
      await one.close();
    }
    const two = await startTestApi({ UPLOAD_URL_SECRET: 'b'.repeat(40) });
    try {
      const c = new Client(two.url, account);
      assertError(
        await c.put(url, json(FILE), { 'Content-Type': 'application/json' }),
        403,
        'INVALID_UPLOAD_URL',
      );
    } finally {
      await two.close();
    }
  });
});

describe('sync jobs: bulk upload URL in queue mode (API + worker, real Redis)', function () {
  this.timeout(90_000);
  const prefix = `gs-bulk-${randomUUID().slice(0, 8)}`;
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let worker: RunningWorker;

  before(async () => {
    api = await startTestApi({ REDIS_URL: redisUrl(), QUEUE_PREFIX: prefix });
    // The worker composition root, in this process, sharing the API's Redis, Neo4j and DATA_DIR.
    const config = loadConfig({
      NEO4J_URI: neo4jUri(),
      NEO4J_USER: process.env.NEO4J_USER,
      NEO4J_PASSWORD: process.env.NEO4J_PASSWORD,
      NEO4J_DATABASE: process.env.NEO4J_DATABASE,
      REDIS_URL: redisUrl(),
      QUEUE_PREFIX: prefix,
      DATA_DIR: api.dataDir,
      LOG_LEVEL: 'silent',
      // As every service the tests build (harness.ts): the shared database may hold secrets.
      INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
    });
    worker = await startWorker({ config, logger: silentLogger, graph: await testGraph() });
  });

  after(async () => {
    await worker?.close();
    await api?.close();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  async function finalizeAndWait(c: Client, id: string): Promise<Job> {
    const pending = await c.finalize(id);
    assert.equal(pending.status, 'FINALIZE_PENDING');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = await c.job(id);
      if (job.done) return job;
      if (Date.now() > deadline) throw new Error(`job never finished: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a worker applies the bulk file (gzip) with a batch of the same job', async () => {
    const c = new Client(api.url, await freshAccount());
    const job = await c.start({ source: 'api', scope: 'queue' });
    await c.upload(job.id, { entities: [entity('batch')] });
    const { uploadUrl } = await c.uploadUrl(job.id);
    const put = await putTo(uploadUrl, zlib.gzipSync(json(FILE)), {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const done = await finalizeAndWait(c, job.id);
    assert.equal(done.status, 'FINISHED', JSON.stringify(done));
    assert.deepEqual([done.numEntitiesUploaded, done.numEntitiesCreated], [4, 4]);
    assert.deepEqual([done.numRelationshipsUploaded, done.numRelationshipsCreated], [2, 2]);
    assert.deepEqual(
      await storedGraph(c.account.accountId, 'queue'),
      normalized({ ...FILE, entities: [...FILE.entities!, entity('batch')] }),
    );
  });

  it('a bad file makes the job FAILED through the worker, the graph untouched', async () => {
    const c = new Client(api.url, await freshAccount());
    const job = await c.start({ source: 'api', scope: 'queue-bad' });
    await c.upload(job.id, { entities: [entity('batch')] });
    const { uploadUrl } = await c.uploadUrl(job.id);
    const file = { entities: [entity('ok'), { _key: 'x', _type: 'bulk_host', _class: 7 }] };
    assert.equal(
      (await putTo(uploadUrl, json(file), { 'Content-Type': 'application/json' })).status,
      200,
    );
    const done = await finalizeAndWait(c, job.id);
    assert.deepEqual(
      [done.status, done.error],
      [
        'FAILED',
        "/entities/1/_class (entity key: 'x') has invalid type. Valid types are string or array of strings.",
      ],
    );
    assert.deepEqual(await storedGraph(c.account.accountId, 'queue-bad'), {
      entities: [],
      relationships: [],
    });
  });
});
