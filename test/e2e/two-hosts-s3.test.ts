import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { repoRoot } from '../../src/paths';
import { s3Env } from '../helpers/blob-stores';
import {
  freshAccount,
  neo4jUri,
  redisUrl,
  TEST_SECRETS_KEY,
  type TestAccount,
} from '../helpers/harness';
import { Watched } from '../helpers/processes';
import { freePort } from '../helpers/redis-server';
import { type LocalS3Mock, sharedS3Mock } from '../helpers/s3mock';
import { normalized, storedGraph } from '../integration/sync/bulk-upload-helpers';
import { scopeContents } from '../integration/sync/semantics-helpers';

const JOBS = '/persister/synchronization/jobs';

/** One "host": its own DATA_DIR, an API process and a worker process. */
interface Host {
  name: string;
  dataDir: string;
  api: Watched;
  url: string;
  worker: Watched;
}

/**
 * graphsync on two "hosts" that share only Neo4j, Redis and S3 (BLOB_STORE=s3): each host runs
 * an API process and a worker process with its own DATA_DIR. A job is started and uploaded
 * through API A and its bulk file PUT to the presigned URL; host A's worker is stopped, so host
 * B's worker finalizes (its log names the job); the raw data is read through API B. Nothing is
 * written under either DATA_DIR's blobs.
 */
describe('two hosts sharing only Neo4j, Redis and S3 (real processes, S3Mock)', function () {
  this.timeout(300_000);
  let mock: LocalS3Mock;
  const hosts: Host[] = [];
  const prefix = `gs-2h-${randomUUID().slice(0, 8)}`;
  const keyPrefix = `two-hosts-${randomUUID().slice(0, 8)}/`;

  function env(dataDir: string, port: number): NodeJS.ProcessEnv {
    return {
      ...process.env,
      ...s3Env(mock, keyPrefix),
      NEO4J_URI: neo4jUri(),
      REDIS_URL: redisUrl(),
      QUEUE_PREFIX: prefix,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '1',
      QUEUE_RECONCILE_INTERVAL: '1s',
      INTEGRATION_SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
    };
  }

  async function startHost(name: string): Promise<Host> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `graphsync-host-${name}-`));
    const run = (command: string, port: number) =>
      new Watched(
        spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', command], {
          cwd: repoRoot,
          env: env(dataDir, port),
        }),
      );
    const api = run('serve', await freePort());
    const worker = run('worker', await freePort());
    const [, url] = await api.waitFor(/URL: +(http:\/\/\S+)/, 120_000);
    await worker.waitFor(/"msg":"worker started"/, 120_000);
    return { name, dataDir, api, url: url!, worker };
  }

  before(async () => {
    mock = await sharedS3Mock();
    hosts.push(...(await Promise.all([startHost('a'), startHost('b')])));
  });

  after(async () => {
    for (const h of hosts) {
      for (const p of [h.worker, h.api]) {
        if (p.child.exitCode === null && p.child.signalCode === null) {
          await p.stop('SIGTERM', 30_000).catch(() => p.child.kill('SIGKILL'));
        }
      }
      fs.rmSync(h.dataDir, { recursive: true, force: true });
    }
  });

  it('finds a duplicate key across hosts: each API reads the batches the other staged', async () => {
    // Uploads stage no key in Neo4j (decision 0050): each API process keeps the keys of the
    // batches it knows and reads the others' back from staging (here S3) under the job's lock.
    const [a, b] = hosts as [Host, Host];
    const account: TestAccount = await freshAccount();
    const upload = (h: Host, jobId: string, keys: string[]) =>
      request(h.url)
        .post(`${JOBS}/${jobId}/upload`)
        .set(account.headers)
        .send({ entities: keys.map((_key) => ({ _key, _type: 'two_host', _class: 'Host' })) });
    const started = await request(a.url)
      .post(JOBS)
      .set(account.headers)
      .send({ source: 'api', scope: `dup-${randomUUID().slice(0, 8)}` });
    const jobId = (started.body as { job: { id: string } }).job.id;

    assert.equal((await upload(a, jobId, ['d1'])).status, 200);
    const dup = await upload(b, jobId, ['d2', 'd1']);
    assert.equal(dup.status, 400, dup.text);
    assert.match(
      dup.text,
      /\/entities\/1\/_key 'd1' is a duplicate: an entity with this _key was already uploaded in this job/,
    );
    const second = await upload(b, jobId, ['d2']);
    assert.equal(second.status, 200, second.text);
    assert.equal(
      (second.body as { job: { numEntitiesUploaded: number } }).job.numEntitiesUploaded,
      2,
    );
    // A learns of B's batch from staging, not from its own memory.
    const back = await upload(a, jobId, ['d3', 'd2']);
    assert.equal(back.status, 400, back.text);
    assert.match(back.text, /\/entities\/1\/_key 'd2' is a duplicate/);
    const job = await request(a.url).get(`${JOBS}/${jobId}`).set(account.headers);
    assert.equal((job.body as { job: { numEntitiesUploaded: number } }).job.numEntitiesUploaded, 2);
    assert.equal(
      (await request(a.url).post(`${JOBS}/${jobId}/abort`).set(account.headers)).status,
      200,
    );
  });

  it('uploads through A, finalizes on B’s worker, reads raw data through B', async () => {
    const [a, b] = hosts as [Host, Host];
    const account: TestAccount = await freshAccount();
    const scope = `two-hosts-${randomUUID().slice(0, 8)}`;
    const at = (h: Host) => ({
      post: (p: string, body: object = {}) =>
        request(h.url).post(p).set(account.headers).send(body),
      get: (p: string) => request(h.url).get(p).set(account.headers),
    });

    const started = await at(a).post(JOBS, { source: 'api', scope });
    assert.equal(started.status, 200, started.text);
    const jobId = (started.body as { job: { id: string } }).job.id;
    const batch = {
      entities: [
        {
          _key: 'h1',
          _type: 'two_host',
          _class: 'Host',
          name: 'from the batch',
          _rawData: [{ name: 'default', rawData: { seen: 'by A', n: 1 } }],
        },
      ],
    };
    assert.equal((await at(a).post(`${JOBS}/${jobId}/upload`, batch)).status, 200);
    const file = {
      entities: [
        {
          _key: 'h2',
          _type: 'two_host',
          _class: 'Host',
          name: 'from the file',
          _rawData: [{ name: 'config', rawData: { body: 'line one\nline two\n' } }],
        },
      ],
      relationships: [
        {
          _key: 'h1|has|h2',
          _type: 'two_host_has_two_host',
          _class: 'HAS',
          _fromEntityKey: 'h1',
          _toEntityKey: 'h2',
        },
      ],
    };
    const urlRes = await at(a).post(`${JOBS}/${jobId}/uploadUrl`);
    assert.equal(urlRes.status, 200, urlRes.text);
    const uploadUrl = (urlRes.body as { uploadUrl: string }).uploadUrl;
    assert.ok(uploadUrl.startsWith(`${mock.endpoint}/${mock.bucket}/${keyPrefix}`), uploadUrl);
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: zlib.gzipSync(JSON.stringify(file)),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    assert.equal(put.status, 200, await put.text());

    // Only host B's worker is left to take the finalization.
    assert.equal(await a.worker.stop('SIGTERM', 30_000), 0);
    const finalized = await at(a).post(`${JOBS}/${jobId}/finalize`);
    assert.equal(finalized.status, 200, finalized.text);
    assert.equal((finalized.body as { job: { status: string } }).job.status, 'FINALIZE_PENDING');
    let job: Record<string, unknown> = {};
    const deadline = Date.now() + 120_000;
    do {
      await new Promise((r) => setTimeout(r, 200));
      job = ((await at(b).get(`${JOBS}/${jobId}`)).body as { job: Record<string, unknown> }).job;
    } while (job.status === 'FINALIZE_PENDING' && Date.now() < deadline);
    assert.equal(job.status, 'FINISHED', JSON.stringify(job));
    assert.deepEqual(
      [job.numEntitiesCreated, job.numRelationshipsCreated, job.numRawDataVersionsCreated],
      [2, 1, 2],
    );
    assert.match(
      b.worker.output,
      new RegExp(`"jobId":"${jobId}"[^\\n]*"msg":"sync job finalized"`),
    );
    assert.doesNotMatch(a.worker.output, new RegExp(jobId));

    // The graph holds exactly the batch and the file.
    const strip = (e: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== '_rawData'));
    assert.deepEqual(
      await storedGraph(account.accountId, scope),
      normalized({
        entities: [...batch.entities, ...file.entities].map(strip),
        relationships: file.relationships,
      }),
    );
    // Raw data written by B's worker, read through API B, byte for byte.
    const ids = new Map(
      (await scopeContents(account.accountId, scope)).entities.map((e) => [e._key, e._id]),
    );
    const raw = async (key: string, name: string) => {
      const res = await at(b)
        .get(`/entities/${ids.get(key)}/raw-data/${name}/versions/latest`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      assert.equal(res.status, 200, String(res.body));
      return (res.body as Buffer).toString('utf8');
    };
    assert.equal(await raw('h1', 'default'), JSON.stringify({ seen: 'by A', n: 1 }));
    assert.equal(await raw('h2', 'config'), JSON.stringify({ body: 'line one\nline two\n' }));

    // Neither host kept a blob of its own.
    for (const h of hosts) {
      const blobs = path.join(h.dataDir, 'blobs');
      assert.deepEqual(fs.existsSync(blobs) ? fs.readdirSync(blobs) : [], [], h.name);
    }
  });
});
