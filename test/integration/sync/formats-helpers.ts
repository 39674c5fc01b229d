import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import request from 'supertest';
import { stringify as toYaml } from 'yaml';
import { freshAccount } from '../../helpers/harness';
import {
  bookkeeping,
  type Body,
  customProps,
  entity,
  JOBS,
  Jobs,
  type JobBody,
  type Res,
  scopeContents,
  sharedApp,
  stagedFiles,
} from './lifecycle-helpers';

/**
 * Shared by the formats-*.test.ts files (upload formats through HTTP on the real Neo4j): bodies as
 * JSON, CSV or YAML bytes, plain or compressed, sent to a job; a job with one accepted batch and the
 * check that a rejected request left it as it was; the scope read back as a plain picture. Not a
 * test file itself (no `.test.ts`).
 */
export const SCOPE = 'formats';
export const YAML_TYPE = 'application/yaml';

export type Encoding = 'identity' | 'gzip' | 'deflate' | 'br';
export const ENCODE: Record<Encoding, (text: string) => Buffer> = {
  identity: (text) => Buffer.from(text),
  gzip: (text) => zlib.gzipSync(text),
  deflate: (text) => zlib.deflateSync(text),
  br: (text) => zlib.brotliCompressSync(text),
};

export interface Payload {
  type: string;
  text: string;
  encoding?: Encoding;
}

export const json = (body: Body): Payload => ({
  type: 'application/json',
  text: JSON.stringify(body),
});
export const yaml = (body: Body): Payload => ({ type: YAML_TYPE, text: toYaml(body) });
export const csv = (...lines: string[]): Payload => ({
  type: 'text/csv',
  text: `${lines.join('\n')}\n`,
});

/** POSTs a body as bytes, with its Content-Type and Content-Encoding. */
export async function send(jobs: Jobs, id: string, route: string, payload: Payload): Promise<Res> {
  const encoding = payload.encoding ?? 'identity';
  return request(jobs.app)
    .post(`${JOBS}/${id}/${route}`)
    .set(jobs.headers)
    .set('Content-Type', payload.type)
    .set(encoding === 'identity' ? {} : { 'Content-Encoding': encoding })
    .serialize((bytes: unknown) => bytes as string)
    .send(ENCODE[encoding](payload.text));
}

export async function accepted(jobs: Jobs, id: string, route: string, payload: Payload) {
  const res = await send(jobs, id, route, payload);
  assert.equal(res.status, 200, `${payload.type} ${payload.encoding ?? ''} /${route}: ${res.text}`);
  return (res.body as { job: JobBody }).job;
}

export async function startJob(scope = SCOPE) {
  const account = await freshAccount();
  const jobs = new Jobs(await sharedApp(), account.headers);
  const { id } = await jobs.start({ source: 'api', scope, syncMode: 'DIFF' });
  return { jobs, accountId: account.accountId, id };
}

/**
 * A job with one accepted JSON batch, and a check that a later rejected request left it exactly as
 * it was: same job resource, only that batch staged, and finalize applies only it.
 */
export async function jobWithBaseline() {
  const { jobs, accountId, id } = await startJob();
  await jobs.upload(id, 'upload', { entities: [entity('base')] });
  const before = await jobs.job(id);
  const assertUntouched = async () => {
    assert.deepEqual(await jobs.job(id), before, 'the rejected upload changed the job');
    assert.deepEqual(await stagedFiles(accountId, id), ['batch-<id>.json.gz']);
    assert.deepEqual(await bookkeeping(accountId, id), { jobs: 1, batches: 1, stagedKeys: 1 });
    const done = await jobs.finalize(id);
    assert.deepEqual([done.numEntitiesCreated, done.numRelationshipsCreated], [1, 0]);
    const { entities, relationships } = await scopeContents(accountId, SCOPE);
    assert.deepEqual([entities.map((e) => e._key), relationships], [['base'], []]);
  };
  return { jobs, id, assertUntouched };
}

/** A stored relationship's custom properties (its ends and Neo4j type left out). */
function relationshipProps(stored: Record<string, unknown>): Record<string, unknown> {
  const ends = ['type', 'fromKey', 'toKey', 'fromId', 'toId', 'fromScope', 'toScope'];
  return Object.fromEntries(
    Object.entries(customProps(stored)).filter(([name]) => !ends.includes(name)),
  );
}

/** The scope as a plain picture: entities and relationships with their types and properties. */
export async function graphOf(accountId: string) {
  const { entities, relationships } = await scopeContents(accountId, SCOPE);
  return {
    entities: entities.map((e) => ({
      _key: e._key,
      _type: e._type,
      labels: [...e.labels].sort(),
      props: customProps(e),
    })),
    relationships: relationships.map((r) => ({
      _key: r._key,
      _type: r._type,
      type: r.type,
      ends: [r.fromKey, r.toKey],
      props: relationshipProps(r),
    })),
  };
}

export interface ErrorBody {
  error?: { code?: string; message?: string };
}
