import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Redis } from 'ioredis';
import { repoRoot } from '../../src/paths';
import { freshAccount, redisUrl, startTestApi, type TestAccount } from '../helpers/harness';
import { runCli } from '../helpers/processes';
import { QueueCluster } from '../helpers/queue-cluster';

/**
 * `graphsync sync` when something goes wrong around a job that is fine: a finalize whose answer is
 * lost (the job finishes anyway), a progress stream the API refuses (429), and a file that turns
 * out unreadable mid-upload (the job must be aborted, not left awaiting uploads). Real CLI
 * process, real API (local or queue mode), real Neo4j; between them, where needed, a small proxy.
 */
const JOBS = '/persister/synchronization/jobs';
const graphJsonl = path.join(repoRoot, 'test', 'fixtures', 'sync-cli', 'graph.jsonl');

interface Result {
  type: string;
  exitCode: number;
  job?: { id: string; status: string };
  error?: { code: string; message: string };
}

async function syncJson(url: string, account: TestAccount, args: string[]) {
  const run = await runCli(['sync', '--json', ...args], {
    ...process.env,
    LOG_LEVEL: 'silent',
    GRAPHSYNC_URL: url,
    GRAPHSYNC_ACCOUNT: account.accountId,
    GRAPHSYNC_KEY: account.key,
  });
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  const result = (last.startsWith('{') ? JSON.parse(last) : { type: 'none' }) as Result;
  return { ...run, result };
}

async function jobStatus(url: string, account: TestAccount, jobId: string): Promise<string> {
  const res = await fetch(`${url}${JOBS}/${jobId}`, { headers: account.headers });
  return ((await res.json()) as { job: { status: string } }).job.status;
}

/** What the proxy does to the first finalize, after the API has answered it. */
type Trouble = 'drop' | '502' | '409';

/**
 * Passes every request to the API (streams included); the first finalize reaches the API, but
 * its answer is lost: the connection dropped, a 502 instead, or the 409 of the same finalize sent
 * a second time (what a client that retried it would get).
 */
async function startProxy(target: string, trouble: Trouble) {
  const upstream = new URL(target);
  let finalizes = 0;
  const send = (req: http.IncomingMessage, body: Buffer) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const headers = { ...req.headers, host: upstream.host };
      const out = http.request(target + (req.url ?? ''), { method: req.method, headers }, resolve);
      out.on('error', reject);
      out.end(body);
    });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        let answer = await send(req, body);
        if (req.method === 'POST' && req.url?.endsWith('/finalize') && ++finalizes === 1) {
          for await (const _ of answer) void _;
          if (trouble === 'drop') return req.socket.destroy();
          if (trouble === '502') return res.writeHead(502).end('Bad Gateway');
          answer = await send(req, body);
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.on('close', () => answer.destroy());
        answer.pipe(res);
      })().catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    finalizes: () => finalizes,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('graphsync sync when a finalize answer is lost or a file is cut short (local mode)', function () {
  this.timeout(120_000);
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let tmp: string;

  before(async () => {
    api = await startTestApi();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-sync-recovery-'));
  });
  after(async () => {
    await api?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  for (const trouble of ['drop', '502', '409'] as const) {
    it(`finalize answered ${trouble === 'drop' ? 'not at all' : trouble}: finalize is not sent again, the job is read and followed, exit 0 FINISHED`, async () => {
      const proxy = await startProxy(api.url, trouble);
      try {
        const account = await freshAccount();
        const run = await syncJson(proxy.url, account, [
          '--scope',
          `r-${randomUUID()}`,
          graphJsonl,
        ]);
        assert.equal(run.code, 0, run.stderr + run.stdout);
        assert.equal(run.result.job?.status, 'FINISHED', run.stdout);
        assert.equal(proxy.finalizes(), 1, 'the CLI sent finalize once');
        assert.equal(await jobStatus(api.url, account, run.result.job.id), 'FINISHED');
      } finally {
        await proxy.close();
      }
    });
  }

  it('a truncated .gz: exit 3 naming the file, the result printed, the job ABORTED', async () => {
    const account = await freshAccount();
    const file = path.join(tmp, `cut-${randomUUID()}.jsonl.gz`);
    const gz = zlib.gzipSync(fs.readFileSync(graphJsonl));
    fs.writeFileSync(file, gz.subarray(0, gz.length - 12));
    const run = await syncJson(api.url, account, ['--scope', `r-${randomUUID()}`, file]);
    assert.equal(run.code, 3, run.stderr + run.stdout);
    assert.equal(run.result.type, 'result', run.stdout);
    assert.equal(run.result.exitCode, 3);
    assert.equal(run.result.error?.code, 'INVALID_INPUT');
    assert.match(
      run.result.error.message,
      /cut-.*\.jsonl\.gz: the gzip data is corrupt or truncated/,
    );
    assert.equal(await jobStatus(api.url, account, run.result.job!.id), 'ABORTED');
  });
});

describe('graphsync sync when the progress stream is refused (queue mode, PROGRESS_MAX_STREAMS=1)', function () {
  this.timeout(120_000);
  let cluster: QueueCluster;

  before(async () => {
    cluster = await QueueCluster.start({
      redisUrl: redisUrl(),
      apiEnv: { PROGRESS_MAX_STREAMS: '1' },
    });
  });
  after(async () => {
    await cluster?.stopWorkers();
    await cluster?.close();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${cluster.prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('429 for the stream: the CLI polls the job instead and exits 0 once it is FINISHED', async () => {
    await cluster.startWorker();
    // Another job's stream takes the one slot, and stays open while that job awaits uploads.
    const other = await freshAccount();
    const otherJob = await cluster.startJob(other, `held-${randomUUID()}`);
    const holder = new AbortController();
    const held = await fetch(`${cluster.api.url}${JOBS}/${otherJob}/progress`, {
      headers: { ...other.headers, Accept: 'text/event-stream' },
      signal: holder.signal,
    });
    assert.equal(held.status, 200);
    try {
      const account = await freshAccount();
      const refused = await fetch(`${cluster.api.url}${JOBS}/${otherJob}/progress`, {
        headers: { ...other.headers, Accept: 'text/event-stream' },
      });
      assert.equal(refused.status, 429, 'the slot is taken');
      await refused.body?.cancel();
      const run = await syncJson(cluster.api.url, account, [
        '--scope',
        `q-${randomUUID()}`,
        graphJsonl,
      ]);
      assert.equal(run.code, 0, run.stderr + run.stdout);
      assert.equal(run.result.job?.status, 'FINISHED', run.stdout);
      assert.equal(await jobStatus(cluster.api.url, account, run.result.job.id), 'FINISHED');
    } finally {
      holder.abort();
    }
  });
});
