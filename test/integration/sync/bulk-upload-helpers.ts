import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import type express from 'express';
import request from 'supertest';
import { type AccountFeature } from '../../../src/accounts/account-service';
import { listBlobKeys, shownStagedNames } from '../../helpers/blob-stores';
import { freshAccount, startTestApi, type TestAccount } from '../../helpers/harness';
import { customProps, scopeContents } from './lifecycle-helpers';

/**
 * Shared by the bulk-upload-*.test.ts files (the bulk upload URL, docs/guide/sync-jobs.md and
 * decision 0010): the file they upload, a client of the job routes and of the URL, what a job's
 * staging folder holds, the scope read back in the file's terms, and the API server most of them
 * run against. Not a test file itself (no `.test.ts`).
 */
export const JOBS = '/persister/synchronization/jobs';
export const HOUR = 60 * 60 * 1000;
export const MAX = 1024 * 1024;

export type Obj = Record<string, unknown>;
export interface Job extends Obj {
  id: string;
  status: string;
  done: boolean;
  error?: string;
  bulkFile?: Obj;
}
export interface UploadUrl {
  uploadUrl: string;
  expiresAt: number;
}
export interface Res {
  status: number;
  body: Obj;
}

/** A graph in upload form: what a bulk file holds. */
export interface GraphFile {
  entities?: Obj[];
  relationships?: Obj[];
}

export const FILE: GraphFile = {
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

export const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

export const ENCODERS = {
  gzip: (b: Buffer) => zlib.gzipSync(b),
  br: (b: Buffer) => zlib.brotliCompressSync(b),
  deflate: (b: Buffer) => zlib.deflateSync(b),
} as const;

export function entity(key: string, extra: Obj = {}): Obj {
  return { _key: key, _type: 'bulk_host', _class: 'Host', ...extra };
}

/** Job calls of one account against one HTTP target (a listening API, or an app). */
export class Client {
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

/**
 * PUTs a file to exactly the URL given, as a client holding only the URL would: graphsync's own
 * (fs mode) answers JSON, a presigned S3 URL an empty body (or XML, kept as `text`).
 */
export async function putTo(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'PUT', body, headers });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: (json ? JSON.parse(text) : { text }) as Obj };
}

export function assertError(
  res: Res,
  status: number,
  code: string,
  message?: string | RegExp,
): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  const error = (res.body as { error: { code: string; message: string } }).error;
  assert.equal(error.code, code, JSON.stringify(res.body));
  if (typeof message === 'string') assert.equal(error.message, message);
  else if (message !== undefined) assert.match(error.message, message);
}

/**
 * Files in a job's staging folder (none when the folder is gone): under a blob store root in fs
 * mode, in the bucket inside a forEachBlobStore block's s3 run.
 */
export async function stagedFiles(
  blobRoot: string,
  accountId: string,
  jobId: string,
): Promise<string[]> {
  return shownStagedNames(await listBlobKeys(blobRoot, `staging/${accountId}/${jobId}`));
}

export async function bulkFiles(
  blobRoot: string,
  accountId: string,
  jobId: string,
): Promise<string[]> {
  return (await stagedFiles(blobRoot, accountId, jobId)).filter((f) => f.startsWith('bulk-'));
}

/** What test-scope-contents adds to a relationship besides its properties. */
export const RELATIONSHIP_ENDS = [
  'type',
  'fromKey',
  'toKey',
  'fromId',
  'toId',
  'fromScope',
  'toScope',
];

/** The scope as stored, in the file's terms: what a client would have uploaded to get it. */
export async function storedGraph(accountId: string, scope: string): Promise<GraphFile> {
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
export function normalized(file: GraphFile): GraphFile {
  const sorted = (a: Obj, b: Obj) => String(a._key).localeCompare(String(b._key));
  return {
    entities: (file.entities ?? [])
      .map((e) => ({ ...e, _class: [e._class].flat().sort() }))
      .sort(sorted),
    relationships: [...(file.relationships ?? [])].sort(sorted),
  };
}

/**
 * A real API server (BULK_UPLOAD_MAX_SIZE 1mb) for the tests of the describe block that calls this:
 * started before them, closed after them. `url` and `blobRoot` (the blob store the API writes to)
 * are read inside tests.
 */
export function bulkApiServer() {
  let api: Awaited<ReturnType<typeof startTestApi>> | undefined;
  let blobRoot = '';

  before(async () => {
    api = await startTestApi({ BULK_UPLOAD_MAX_SIZE: '1mb' });
    blobRoot = path.join(api.dataDir, 'blobs');
  });

  after(async () => {
    await api?.close();
  });

  const started = () => {
    if (api === undefined) throw new Error('bulkApiServer: the API server has not started');
    return api;
  };

  const client = async (features: AccountFeature[] = []): Promise<Client> =>
    new Client(started().url, await freshAccount(features));

  /** A DIFF job over a fresh scope and its upload URL. */
  const jobWithUrl = async (c: Client, start: Obj = {}) => {
    const scope = `bulk-${randomUUID().slice(0, 8)}`;
    const job = await c.start({ source: 'api', scope, ...start });
    return { id: job.id, scope, url: (await c.uploadUrl(job.id)).uploadUrl };
  };

  return {
    get url(): string {
      return started().url;
    },
    get blobRoot(): string {
      return blobRoot;
    },
    client,
    jobWithUrl,
  };
}
