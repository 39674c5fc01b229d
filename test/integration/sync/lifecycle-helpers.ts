import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type express from 'express';
import request from 'supertest';
import type { AccountFeature } from '../../../src/accounts/account-service';
import {
  currentBlobStore,
  listBlobKeys,
  shownStagedNames,
  type TestBlobStore,
} from '../../helpers/blob-stores';
import { freshAccount, testApp, testBlobDir, testGraph } from '../../helpers/harness';

/**
 * Shared by the sync job tests that go through HTTP (lifecycle-*, validation-*, formats-*,
 * bulk-upload-*, concurrent-uploads): drive sync jobs and look at what a job left behind
 * (counters, staged blobs, staging bookkeeping, the scope in Neo4j). Not a test file itself (no
 * `.test.ts`).
 */
export const JOBS = '/persister/synchronization/jobs';

export type Body = Record<string, unknown>;

const shared = new Map<TestBlobStore, Promise<express.Express>>();

/**
 * One app (default services) per test process and blob store: the OpenAPI validator compiles its
 * schemas on first use, which costs more than most of these tests.
 */
export function sharedApp(): Promise<express.Express> {
  const store = currentBlobStore();
  let app = shared.get(store);
  if (app === undefined) {
    app = testApp();
    shared.set(store, app);
  }
  return app;
}
export type JobBody = Record<string, unknown> & { id: string; status: string };

export { ZERO_COUNTERS } from '../../helpers/job-counters';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function entity(key: string, extra: Body = {}): Body {
  return { _key: key, _type: 'test_host', _class: 'Host', ...extra };
}

export function relationship(key: string, from: string, to: string, extra: Body = {}): Body {
  return {
    _key: key,
    _type: 'test_host_uses_host',
    _class: 'USES',
    _fromEntityKey: from,
    _toEntityKey: to,
    ...extra,
  };
}

/** A supertest response, narrowed to what the tests read. */
export interface Res {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

/** HTTP calls of one account against one app; every call returns the raw response. */
export class Jobs {
  constructor(
    readonly app: express.Express,
    readonly headers: Record<string, string>,
  ) {}

  async startRaw(body: unknown): Promise<Res> {
    return request(this.app)
      .post(JOBS)
      .set(this.headers)
      .send(body as object);
  }

  async start(body: Body): Promise<JobBody> {
    const res = await this.startRaw(body);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: JobBody }).job;
  }

  async get(id: string): Promise<Res> {
    return request(this.app).get(`${JOBS}/${id}`).set(this.headers);
  }

  async job(id: string): Promise<JobBody> {
    const res = await this.get(id);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: JobBody }).job;
  }

  async post(
    id: string,
    route: string,
    body?: unknown,
    extra: { query?: string; headers?: Record<string, string> } = {},
  ): Promise<Res> {
    const req = request(this.app)
      .post(`${JOBS}/${id}/${route}${extra.query === undefined ? '' : `?${extra.query}`}`)
      .set(this.headers)
      .set(extra.headers ?? {});
    return body === undefined ? req : req.send(body as object);
  }

  /** An upload that must succeed; returns the job of the response. */
  async upload(id: string, route: string, body: Body, correlationId?: string): Promise<JobBody> {
    const res = await this.post(id, route, body, {
      headers: correlationId === undefined ? {} : { 'JupiterOne-Correlation-Id': correlationId },
    });
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: JobBody }).job;
  }

  async finalize(id: string, body?: Body): Promise<JobBody> {
    const res = await this.post(id, 'finalize', body);
    assert.equal(res.status, 200, res.text);
    return (res.body as { job: JobBody }).job;
  }
}

/** A fresh account (with these features) and its job calls, against the shared app. */
export async function client(features: AccountFeature[] = []) {
  const app = await sharedApp();
  const account = await freshAccount(features);
  return { app, account, jobs: new Jobs(app, account.headers) };
}

/** The 409 JOB_NOT_AWAITING_UPLOADS message for a job in `status`. */
export function notAwaiting(id: string, status: string): string {
  return `Sync job '${id}' is ${status}: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort`;
}

/** Asserts an error response exactly: status, code and message. */
export function assertError(res: Res, status: number, code: string, message: string): void {
  assert.deepEqual(
    { status: res.status, body: res.body },
    { status, body: { error: { code, message } } },
  );
}

/**
 * The files staged for one job in the tests' blob store (none when the folder is gone): under
 * DATA_DIR, or in the bucket inside a forEachBlobStore block's s3 run. A batch's file is named by
 * a random id (src/sync/staging/staging.ts), shown here as `batch-<id>.json.gz`.
 */
export async function stagedFiles(accountId: string, jobId: string): Promise<string[]> {
  return shownStagedNames(await listBlobKeys(testBlobDir, `staging/${accountId}/${jobId}`));
}

/** Whether the job's staging folder holds anything (fs: the folder exists; S3: any key). */
export async function stagingDirExists(accountId: string, jobId: string): Promise<boolean> {
  if (currentBlobStore() === 'fs') {
    return fs.existsSync(path.join(testBlobDir, 'staging', accountId, jobId));
  }
  return (await stagedFiles(accountId, jobId)).length > 0;
}

export interface Bookkeeping {
  jobs: number;
  batches: number;
  stagedKeys: number;
}

/** The account's number of jobs, and the batches and staged keys one job holds in Neo4j. */
export async function bookkeeping(accountId: string, jobId: string): Promise<Bookkeeping> {
  const graph = await testGraph();
  const [row] = await graph.read<Bookkeeping>('sync/test-job-bookkeeping', { accountId, jobId });
  assert.ok(row !== undefined);
  return { jobs: row.jobs, batches: row.batches, stagedKeys: row.stagedKeys };
}

export type Stored = Record<string, unknown> & { _key: string; labels: string[] };
export type StoredRelationship = Record<string, unknown> & {
  _key: string;
  type: string;
  fromKey: string;
  toKey: string;
};

/** Every entity and relationship of (account, scope), deleted ones included, sorted by `_key`. */
export async function scopeContents(
  accountId: string,
  scope: string,
): Promise<{ entities: Stored[]; relationships: StoredRelationship[] }> {
  const graph = await testGraph();
  const [row] = await graph.read<{ entities: Stored[]; relationships: StoredRelationship[] }>(
    'sync/test-scope-contents',
    { accountId, scope },
  );
  assert.ok(row !== undefined);
  const byKey = (a: { _key: string }, b: { _key: string }) => a._key.localeCompare(b._key);
  return {
    entities: [...row.entities].sort(byKey),
    relationships: [...row.relationships].sort(byKey),
  };
}

/** The `_key`s of the live (not soft-deleted) entities of a scope, sorted. */
export async function liveEntityKeys(accountId: string, scope: string): Promise<string[]> {
  const { entities } = await scopeContents(accountId, scope);
  return entities.filter((e) => e._deleted !== true).map((e) => e._key);
}

/** A job's custom properties as stored: the `_`-prefixed system properties and labels removed. */
export function customProps(stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stored).filter(
      ([name]) => !name.startsWith('_') && !['labels', 'fromScope', 'toScope'].includes(name),
    ),
  );
}
