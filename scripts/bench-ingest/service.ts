/**
 * The service under test: the API as a child process and, in queue mode, one `graphsync worker`,
 * configured through their environment; and the bench account with its API key.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { repoRoot } from '../../src/paths';
import { Client } from './client';
import { ENV, type Options } from './options';
import { type Proc, sampleRss, startProc, stopProc, waitForOutput } from './processes';
import { progress } from './util';

export interface Service {
  api: Proc;
  /** Undefined in local mode (finalize in the API). */
  worker: Proc | undefined;
  /** An API client with the bench account's key. */
  client: Client;
  /** The finalizing process's /metrics (the worker's, else the API's), with --timings. */
  metricsUrl: string | undefined;
  accountId: string;
  /** Samples the children's RSS (called while the bench waits). */
  tick: () => void;
  stop: () => Promise<void>;
}

/** The service's command line: the build in dist/ (built if needed), or src/ with --source. */
function serviceCli(opts: Options): string[] {
  // V8 writes a profile when the process exits (the service exits on SIGTERM).
  const profile =
    opts.cpuProf === undefined
      ? []
      : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProf)}`];
  if (opts.source) return [...profile, '--require', 'tsx/cjs', 'src/cli.ts'];
  const built = spawnSync(
    process.execPath,
    ['-e', "require('./scripts/build-if-needed').buildIfNeeded((l) => console.error(l))"],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('Build failed');
  return [...profile, 'dist/src/cli.js'];
}

export async function startService(
  opts: Options,
  uri: string,
  work: string,
  redisUrl: string | undefined,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Service> {
  const cli = serviceCli(opts);
  const adminToken = randomBytes(24).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...ENV,
    ...extraEnv,
    NEO4J_URI: uri,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: 'warn',
    FINALIZE_BATCH_SIZE: String(opts.chunk),
    QUEUE_PREFIX: `bench-${process.pid}-${Date.now()}`,
  };
  if (redisUrl === undefined) delete env.REDIS_URL;
  else env.REDIS_URL = redisUrl;

  progress('Starting the API...');
  const api = startProc('API', [...cli, 'serve'], env);
  const procs = [api];
  const stop = async (): Promise<void> => {
    clearInterval(sampler);
    for (const p of [...procs].reverse()) await stopProc(p).catch(() => undefined);
  };
  const sampler = setInterval(() => sampleRss(procs), 250);
  try {
    const url = (await waitForOutput(api, /URL:\s+(http:\/\/\S+)/, 120_000))[1] ?? '';
    let worker: Proc | undefined;
    if (redisUrl !== undefined) {
      progress('Starting a worker...');
      // With --timings, its metrics listener on a free port (it logs which).
      const metrics = opts.timings ? { WORKER_METRICS_PORT: '0' } : {};
      worker = startProc('worker', [...cli, 'worker'], { ...env, ...metrics, LOG_LEVEL: 'info' });
      procs.push(worker);
      await waitForOutput(worker, /worker started/, 120_000);
    }
    const metricsUrl = !opts.timings
      ? undefined
      : worker === undefined
        ? `${url}/metrics`
        : `http://127.0.0.1:${(await waitForOutput(worker, /"port":(\d+)[^\n]*worker metrics listening/, 10_000))[1]}/metrics`;
    const { client, accountId } = await benchAccount(url, adminToken);
    return { api, worker, client, accountId, metricsUrl, tick: () => sampleRss(procs), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function benchAccount(
  url: string,
  adminToken: string,
): Promise<{ client: Client; accountId: string }> {
  const accountId = `bench-${Date.now()}`;
  const admin = new Client(url, { authorization: `Bearer ${adminToken}` });
  await admin.call('POST', '/admin/accounts', { id: accountId });
  const { key } = await admin.call<{ key: { secret: string } }>(
    'POST',
    `/admin/accounts/${accountId}/keys`,
    { name: 'bench' },
  );
  const client = new Client(url, {
    authorization: `Bearer ${key.secret}`,
    'JupiterOne-Account': accountId,
  });
  return { client, accountId };
}
