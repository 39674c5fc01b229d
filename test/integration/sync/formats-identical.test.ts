import assert from 'node:assert/strict';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { stringify as toYaml } from 'yaml';
import { freshAccount, startTestApi, type TestAccount } from '../../helpers/harness';
import { JOBS, scopeContents, type ScopeContents } from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * The acceptance test: the same 1,000-entity graph (with relationships) uploaded as JSON,
 * gzip JSON, brotli JSON, CSV, YAML and as a bulk file through the upload URL ends up as identical
 * graphs in Neo4j (each in its own scope, compared without the per-write system properties).
 */
const N = 1000;

type Props = Record<string, string | number | boolean | string[]>;

function graph(): { entities: Props[]; relationships: Props[] } {
  const entities: Props[] = [];
  for (let i = 0; i < N; i++) {
    entities.push({
      _key: `host-${i}`,
      _type: i % 3 === 0 ? 'aws_instance' : 'example_host',
      _class: 'Host',
      displayName: `Host ${i}, "rack" ${i % 7}`,
      cpu: i % 16,
      load: i / 8,
      active: i % 2 === 0,
      tags: [`t${i % 5}`, `shared`],
      ...(i % 10 === 0 ? { note: 'line one\nline two' } : {}),
    });
  }
  const relationships: Props[] = [];
  for (let i = 1; i < N; i += 2) {
    relationships.push({
      _key: `host-${i}|connects|host-${i - 1}`,
      _type: 'host_connects_host',
      _class: 'CONNECTS',
      _fromEntityKey: `host-${i}`,
      _toEntityKey: `host-${i - 1}`,
      port: 443,
      secure: i % 4 === 1,
    });
  }
  return { entities, relationships };
}

/**
 * CSV (docs/guide/sync-jobs.md, "Upload formats"): one header row, every cell quoted, arrays as a
 * JSON array cell.
 */
function toCsv(rows: Props[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: Props[string] | undefined) => {
    if (v === undefined) return '';
    const text = Array.isArray(v) ? JSON.stringify(v) : String(v);
    return `"${text.replace(/"/g, '""')}"`;
  };
  return [
    columns.map((c) => `"${c}"`).join(','),
    ...rows.map((r) => columns.map((c) => cell(r[c])).join(',')),
  ].join('\n');
}

/** What must be equal: everything but the system properties that differ per write. */
function comparable(c: ScopeContents) {
  const strip = (o: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(o).filter(
        ([k]) =>
          ![
            '_id',
            '_scope',
            '_createdOn',
            '_beginOn',
            '_lastSyncJobId',
            'fromId',
            'toId',
            'fromScope',
            'toScope',
          ].includes(k),
      ),
    );
  return {
    entities: c.entities.map((e): Record<string, unknown> => ({
      ...strip(e),
      labels: [...e.labels].sort(),
    })),
    relationships: c.relationships.map(strip),
  };
}

forEachBlobStore('one graph, every upload format: identical results (HTTP, real Neo4j)', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let account: TestAccount;
  const { entities, relationships } = graph();
  const json = JSON.stringify({ entities, relationships });

  before(async () => {
    api = await startTestApi();
    account = await freshAccount();
  });
  after(async () => {
    await api.close();
  });

  const start = async (scope: string) => {
    const res = await request(api.url)
      .post(JOBS)
      .set(account.headers)
      .send({ source: 'api', scope });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.job.id as string;
  };
  const post = async (
    id: string,
    route: string,
    body: string | Buffer,
    headers: Record<string, string>,
  ) => {
    // fetch sends the bytes as given (compressed bodies included).
    const res = await fetch(`${api.url}${JOBS}/${id}/${route}`, {
      method: 'POST',
      headers: { ...account.headers, ...headers },
      body,
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    return (JSON.parse(text) as { job: Record<string, unknown> }).job;
  };
  const finalize = async (id: string) => {
    const res = await request(api.url).post(`${JOBS}/${id}/finalize`).set(account.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const job = res.body.job as Record<string, unknown>;
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.equal(job.numEntitiesCreated, N);
    assert.equal(job.numRelationshipsCreated, relationships.length);
    assert.equal(job.numRelationshipCreateErrors, 0);
  };

  const ways: Array<[string, (id: string) => Promise<void>]> = [
    [
      'json',
      async (id) => {
        await post(id, 'upload', json, { 'Content-Type': 'application/json' });
      },
    ],
    [
      'gzip-json',
      async (id) => {
        await post(id, 'upload', gzipSync(json), {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
        });
      },
    ],
    [
      'br-json',
      async (id) => {
        await post(id, 'upload', brotliCompressSync(json), {
          'Content-Type': 'application/json',
          'Content-Encoding': 'br',
        });
      },
    ],
    [
      'csv',
      async (id) => {
        const job = await post(id, 'entities', toCsv(entities), { 'Content-Type': 'text/csv' });
        assert.equal(job.numEntitiesUploaded, N);
        await post(id, 'relationships', toCsv(relationships), { 'Content-Type': 'text/csv' });
      },
    ],
    [
      'csv-combined',
      async (id) => {
        await post(id, 'upload', toCsv([...entities, ...relationships]), {
          'Content-Type': 'text/csv',
        });
      },
    ],
    [
      'yaml',
      async (id) => {
        await post(id, 'upload', toYaml({ entities, relationships }), {
          'Content-Type': 'application/yaml',
        });
      },
    ],
    [
      'bulk-file',
      async (id) => {
        const res = await request(api.url).post(`${JOBS}/${id}/uploadUrl`).set(account.headers);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const put = await fetch(res.body.uploadUrl as string, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          body: gzipSync(json),
        });
        assert.equal(put.status, 200, await put.text());
      },
    ],
    [
      'bulk-csv-file',
      async (id) => {
        const res = await request(api.url).post(`${JOBS}/${id}/uploadUrl`).set(account.headers);
        const put = await fetch(res.body.uploadUrl as string, {
          method: 'PUT',
          headers: { 'Content-Type': 'text/csv' },
          body: toCsv([...entities, ...relationships]),
        });
        assert.equal(put.status, 200, await put.text());
      },
    ],
  ];

  it(`uploads ${N} entities and ${N / 2} relationships ${ways.length} ways and reads back the same graph`, async () => {
    const graphs: Array<[string, ReturnType<typeof comparable>]> = [];
    for (const [name, upload] of ways) {
      const id = await start(name);
      await upload(id);
      await finalize(id);
      graphs.push([name, comparable(await scopeContents(account.accountId, name))]);
    }
    const [first, reference] = graphs[0]!;
    assert.equal(reference.entities.length, N);
    assert.equal(reference.relationships.length, N / 2);
    // Spot checks against the source data: types survive (numbers, booleans, arrays, newlines).
    const e0 = reference.entities.find((e) => e._key === 'host-0')!;
    assert.deepEqual(
      [e0.cpu, e0.load, e0.active, e0.tags, e0.note, e0.displayName],
      [0, 0, true, ['t0', 'shared'], 'line one\nline two', 'Host 0, "rack" 0'],
    );
    for (const [name, g] of graphs.slice(1)) {
      assert.deepEqual(g, reference, `${name} differs from ${first}`);
    }
  });
});
