import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/paths';
import { redisUrl } from '../helpers/harness';
import { envWithout, runBin, Watched } from '../helpers/processes';

/**
 * The traps a new user fell into, started the way the README says: `npm start` while something
 * else holds Bolt's default port 7687, then `graphsync worker` and CLI commands with the same
 * environment (queue mode), a chosen port that is taken, and Java failing. Each ends in a working
 * service or in one plain line saying what to do, never a stack trace.
 */
describe('npm start without traps (port taken, worker and CLI with the same environment)', function () {
  // Generous: a first start may build, and the local Neo4j takes 20-60 s on a busy 2-core machine.
  this.timeout(300_000);
  let dataDir: string;
  let holder: net.Server | undefined;
  let service: Watched | undefined;
  let url: string;
  let key: string;
  let boltPort: number;
  let duringStart: Promise<{ code: number | null; stdout: string; stderr: string }>;
  const prefix = `gs-start-${randomUUID().slice(0, 8)}`;

  // What the user has in the shell for `npm start`; the worker and the CLI get the same.
  const env = (): NodeJS.ProcessEnv => ({
    ...envWithout('NEO4J_URI', 'NEO4J_LOCAL_PORT', 'ADMIN_TOKEN'),
    DATA_DIR: dataDir,
    PORT: '0',
    NEO4J_LOCAL_HEAP: '512m',
    REDIS_URL: redisUrl(),
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'info',
  });
  const stateFile = (): string => path.join(dataDir, 'neo4j', 'graphsync-neo4j.json');

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-traps-'));
    // Take 7687 if nobody has it; if somebody already does, the port is taken all the same.
    holder = await listenOn(7687).catch(() => undefined);
    service = new Watched(
      spawn(process.execPath, ['scripts/start.js'], { cwd: repoRoot, env: env() }),
    );
    // A CLI command run while the service is still starting waits for it instead of failing.
    await until(() => fs.existsSync(stateFile()), 120_000, 'the service claimed no state file');
    duringStart = runBin(['account', 'list'], env());
    url = (await service.waitFor(/URL: +(http:\/\/\S+)/, 240_000))[1]!;
    key = (await service.waitFor(/API key: +(gsk_\S+)/, 30_000))[1]!;
    boltPort = Number((await service.waitFor(/Neo4j: +bolt:\/\/127\.0\.0\.1:(\d+)/, 1_000))[1]);
  });

  after(async () => {
    if (service !== undefined && service.child.exitCode === null)
      await service.stop('SIGTERM', 60_000).catch(() => service?.stop('SIGKILL', 10_000));
    await new Promise((resolve) =>
      holder === undefined ? resolve(undefined) : holder.close(resolve),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a free Bolt port when 7687 is taken and says which, instead of failing', async () => {
    assert.match(
      service!.output,
      /Port 7687 is taken; the local Neo4j takes a free port instead \(set NEO4J_LOCAL_PORT to choose one\)\./,
    );
    assert.notEqual(boltPort, 7687);
    assert.match(
      service!.output,
      new RegExp(`Local Neo4j ready at bolt://127\\.0\\.0\\.1:${boltPort}`),
    );
    const ready = await fetch(`${url}/readyz`);
    assert.deepEqual(await ready.json(), {
      status: 'ok',
      mode: 'queue',
      checks: { neo4j: 'ok', redis: 'ok' },
    });
  });

  it('a CLI command started while the service is starting waits for it, then works', async () => {
    const res = await duringStart;
    assert.equal(res.code, 0, res.stderr);
    assert.match(
      res.stderr,
      /Waiting for the local Neo4j that graphsync process \d+ is starting\.\.\./,
    );
    assert.ok(Array.isArray((JSON.parse(res.stdout) as { accounts: unknown }).accounts));
  });

  it('a worker started with the same environment uses that local Neo4j and finishes a sync job', async () => {
    const before = fs.readFileSync(stateFile(), 'utf8');
    const worker = new Watched(
      spawn(process.execPath, ['bin/graphsync.js', 'worker'], { cwd: repoRoot, env: env() }),
    );
    try {
      await worker.waitFor(/"msg":"worker started"/, 60_000);
      assert.match(
        worker.output,
        new RegExp(`Using the local Neo4j already running at bolt://127\\.0\\.0\\.1:${boltPort}`),
      );
      const job = await syncOneEntity(url, key, 'traps-worker');
      assert.equal(job.status, 'FINISHED');
      assert.equal(job.numEntitiesCreated, 1);
      assert.match(worker.output, /finalization picked up/);
    } finally {
      assert.equal(await worker.stop('SIGTERM', 60_000), 0, worker.output);
    }
    // The worker leaves the service's state file alone: the CLI still finds the local Neo4j.
    assert.equal(fs.readFileSync(stateFile(), 'utf8'), before);
    const listed = await runBin(['account', 'list'], env());
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      (JSON.parse(listed.stdout) as { accounts: Array<{ id: string }> }).accounts.map((a) => a.id),
      ['local'],
    );
    assert.match(listed.stderr, /Using the local Neo4j already running/);
  });

  it('stops with one line naming NEO4J_LOCAL_PORT when the chosen port is taken', async () => {
    const taken = await listenOn(0);
    const port = (taken.address() as net.AddressInfo).port;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-traps-'));
    try {
      const run = new Watched(
        spawn(process.execPath, ['scripts/start.js'], {
          cwd: repoRoot,
          env: { ...env(), DATA_DIR: other, NEO4J_LOCAL_PORT: String(port) },
        }),
      );
      assert.equal(await run.exited(120_000), 1);
      assert.ok(
        run.output.includes(
          `Port ${port} for the local Neo4j is taken by another process: set NEO4J_LOCAL_PORT to a free port (0 picks one), or stop that process.\n`,
        ),
        run.output,
      );
      assert.doesNotMatch(run.output, /^\s+at /m, 'no stack trace');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('a Java failure is one line naming the full log, never a stack trace', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-traps-'));
    try {
      const run = new Watched(
        spawn(process.execPath, ['scripts/start.js'], {
          cwd: repoRoot,
          // A heap too small for the JVM to start at all: a Java failure on every machine.
          env: { ...env(), DATA_DIR: other, NEO4J_LOCAL_PORT: '0', NEO4J_LOCAL_HEAP: '1m' },
        }),
      );
      assert.equal(await run.exited(120_000), 1);
      const log = path.join(other, 'logs', 'local-neo4j.log');
      const line = `The local Neo4j exited before it was ready (exit 1): `;
      const failure = run.output.split('\n').find((l) => l.startsWith(line));
      assert.ok(failure !== undefined, run.output);
      assert.ok(failure.endsWith(`. Full log: ${log}`), failure);
      assert.doesNotMatch(run.output, /^\s+at /m, 'no stack trace');
      assert.match(fs.readFileSync(log, 'utf8'), /heap/i, 'the log has what Java said');
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

async function until(condition: () => boolean, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function listenOn(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

interface JobView {
  status: string;
  numEntitiesCreated: number;
}

/** A DIFF job of one entity through the HTTP API, read until it is no longer finalizing. */
async function syncOneEntity(url: string, key: string, scope: string): Promise<JobView> {
  const headers = {
    'JupiterOne-Account': 'local',
    Authorization: `Bearer ${key}`,
    'Content-Type': 'application/json',
  };
  const jobs = `${url}/persister/synchronization/jobs`;
  const post = async (to: string, body: unknown): Promise<{ job: JobView & { id: string } }> => {
    const res = await fetch(to, { method: 'POST', headers, body: JSON.stringify(body) });
    assert.ok(res.ok, `${to}: ${res.status} ${await res.clone().text()}`);
    return (await res.json()) as { job: JobView & { id: string } };
  };
  const { id } = (await post(jobs, { source: 'api', scope })).job;
  await post(`${jobs}/${id}/upload`, {
    entities: [{ _key: `${scope}-1`, _type: 'trap_host', _class: 'Host', name: 'one' }],
  });
  await post(`${jobs}/${id}/finalize`, {});
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${jobs}/${id}`, { headers });
    const { job } = (await res.json()) as { job: JobView };
    if (!['FINALIZE_PENDING', 'AWAITING_UPLOADS'].includes(job.status) || Date.now() > deadline)
      return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}
