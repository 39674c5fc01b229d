import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { testGraph } from '../../helpers/harness';

/**
 * Shared by the semantics-*.test.ts files: drive a sync job through HTTP and read the scope back
 * from Neo4j. Not a test file itself (no `.test.ts`).
 */
export const JOBS = '/persister/synchronization/jobs';

export type Props = Record<string, unknown>;

export interface Job {
  id: string;
  status: string;
  scope?: string;
  endTimestamp?: number;
  errors?: Array<{ kind: string; key: string | null; message: string }>;
  [counter: string]: unknown;
}

/** The finalize counters; `expectCounters` asserts all of them, unspecified ones being 0. */
const FINAL_COUNTERS = [
  'numEntitiesCreated',
  'numEntitiesUpdated',
  'numEntitiesDeleted',
  'numEntityUpdateErrors',
  'numRelationshipsCreated',
  'numRelationshipsUpdated',
  'numRelationshipsDeleted',
  'numRelationshipCreateErrors',
] as const;
type FinalCounter = (typeof FINAL_COUNTERS)[number];

export function expectCounters(job: Job, expected: Partial<Record<FinalCounter, number>>): void {
  assert.equal(job.status, 'FINISHED', JSON.stringify(job));
  const actual = Object.fromEntries(FINAL_COUNTERS.map((c) => [c, job[c]]));
  const want = Object.fromEntries(FINAL_COUNTERS.map((c) => [c, expected[c] ?? 0]));
  assert.deepEqual(actual, want);
}

/** The sync job API through supertest: an app in this process, or a started API's URL. */
export class SyncClient {
  constructor(
    private readonly app: express.Express | string,
    private readonly headers: Record<string, string>,
  ) {}

  async start(body: Props): Promise<Job> {
    const res = await request(this.app).post(JOBS).set(this.headers).send(body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.job as Job;
  }

  upload(id: string, b: Props): Promise<Job> {
    return this.post(id, 'upload', b);
  }

  /** POST to one of the job's upload routes: `upload`, `entities` or `relationships`. */
  async post(id: string, route: 'upload' | 'entities' | 'relationships', b: Props): Promise<Job> {
    const res = await request(this.app).post(`${JOBS}/${id}/${route}`).set(this.headers).send(b);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.job as Job;
  }

  async finalize(id: string, body?: Props): Promise<Job> {
    const req = request(this.app).post(`${JOBS}/${id}/finalize`).set(this.headers);
    const res = await (body === undefined ? req : req.send(body));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.job as Job;
  }

  async get(id: string): Promise<Job> {
    const res = await request(this.app).get(`${JOBS}/${id}`).set(this.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.job as Job;
  }

  /** Start, upload each batch in order, finalize; returns the finalize response's job. */
  async sync(start: Props, batches: Props[], finalizeBody?: Props): Promise<Job> {
    const job = await this.start(start);
    for (const batch of batches) await this.upload(job.id, batch);
    return this.finalize(job.id, finalizeBody);
  }

  /** A DIFF job over `scope` with one batch. */
  diff(scope: string, entities: Props[], relationships: Props[] = [], finalizeBody?: Props) {
    return this.sync(
      { source: 'api', scope, syncMode: 'DIFF' },
      [body(entities, relationships)],
      finalizeBody,
    );
  }
}

/** An upload body; empty lists are left out (the API rejects an empty `entities`). */
export function body(entities: Props[], relationships: Props[] = []): Props {
  return {
    ...(entities.length > 0 ? { entities } : {}),
    ...(relationships.length > 0 ? { relationships } : {}),
  };
}

export interface StoredEntity extends Props {
  _key: string;
  _id: string;
  _deleted: boolean;
  _version: number;
  labels: string[];
}

export interface StoredRelationship extends Props {
  _key: string;
  _id: string;
  _deleted: boolean;
  _version: number;
  type: string;
  fromKey: string;
  toKey: string;
  fromId: string;
  toId: string;
}

export interface ScopeContents {
  entities: StoredEntity[];
  relationships: StoredRelationship[];
}

/** A stand-in for an earlier finalization of (account, scope): later ones wait behind it. */
export async function holdScopeLock(accountId: string, scope: string): Promise<void> {
  const graph = await testGraph();
  await graph.write('sync/test-hold-scope', {
    accountId,
    scope,
    holderId: `test-holder-${accountId}-${scope}`,
    now: Date.now(),
  });
}

export async function releaseScopeLock(accountId: string, scope: string): Promise<void> {
  const graph = await testGraph();
  await graph.write('sync/test-release-scope', {
    accountId,
    holderId: `test-holder-${accountId}-${scope}`,
  });
}

/** Every entity and relationship of (account, scope), deleted ones included, sorted by key. */
export async function scopeContents(accountId: string, scope: string): Promise<ScopeContents> {
  const graph = await testGraph();
  const [row] = await graph.read<ScopeContents>('sync/test-scope-contents', { accountId, scope });
  const byKey = (a: { _key: string }, b: { _key: string }) =>
    a._key < b._key ? -1 : a._key > b._key ? 1 : 0;
  return {
    entities: [...(row?.entities ?? [])].sort(byKey),
    relationships: [...(row?.relationships ?? [])].sort(byKey),
  };
}

export function liveKeys(objects: Array<{ _key: string; _deleted: boolean }>): string[] {
  return objects.filter((o) => o._deleted !== true).map((o) => o._key);
}

export function deletedKeys(objects: Array<{ _key: string; _deleted: boolean }>): string[] {
  return objects.filter((o) => o._deleted === true).map((o) => o._key);
}

export function find<T extends { _key: string; _deleted: boolean }>(
  objects: T[],
  key: string,
  opts: { deleted?: boolean } = {},
): T {
  const hits = objects.filter(
    (o) => o._key === key && (opts.deleted === undefined || o._deleted === opts.deleted),
  );
  assert.equal(hits.length, 1, `expected one object with _key ${key}, found ${hits.length}`);
  return hits[0]!;
}

/** The custom (non-system) properties of a stored object. */
export function custom(o: Props): Props {
  return Object.fromEntries(
    Object.entries(o).filter(
      ([k]) =>
        !k.startsWith('_') &&
        !['labels', 'type', 'fromKey', 'toKey', 'fromId', 'toId', 'fromScope', 'toScope'].includes(
          k,
        ),
    ),
  );
}

export function sortedLabels(e: { labels: string[] }): string[] {
  return [...e.labels].sort();
}

export function entity(key: string, extra: Props = {}): Props {
  return { _key: key, _type: 'host', _class: 'Host', ...extra };
}

export function rel(key: string, from: string, to: string, extra: Props = {}): Props {
  return {
    _key: key,
    _type: 'host_uses_host',
    _class: 'USES',
    _fromEntityKey: from,
    _toEntityKey: to,
    ...extra,
  };
}

export function range(n: number, from = 0): number[] {
  return Array.from({ length: n }, (_, i) => from + i);
}
