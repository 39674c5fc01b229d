import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/paths';
import { registerSecret } from './log-capture';
import { freePort } from './redis-server';

/**
 * A real S3-protocol server for the tests that keep blobs in S3: Adobe's S3Mock (file-backed,
 * path-style, http), the executable jar that tools/s3mock-local/pom.xml names on Maven Central.
 * The first use copies it to tools/s3mock-local/target with Maven (~60 MB, once); later uses start
 * at once. It runs on free loopback ports with a temporary root and one bucket, and is started
 * once per test process and reused (sharedS3Mock); the root hooks stop it after the run, and the
 * JVM also ends when this process goes away (a small shell watches our end of its stdin).
 */
export interface LocalS3Mock {
  /** http://127.0.0.1:<port>: S3_ENDPOINT, path-style. */
  readonly endpoint: string;
  /** The bucket created at start-up. */
  readonly bucket: string;
  /** The directory S3Mock keeps its objects in. */
  readonly root: string;
  /** The java process (the two-host test sees it stop). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export const S3MOCK_BUCKET = 'graphsync-test';
/** What the SDK's default chain finds in the test process and the processes it starts. */
export const S3MOCK_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'graphsync-test-key',
  AWS_SECRET_ACCESS_KEY: 'graphsync-test-secret-0123456789',
  AWS_REGION: 'us-east-1',
} as const;
registerSecret(S3MOCK_CREDENTIALS.AWS_SECRET_ACCESS_KEY, 'AWS_SECRET_ACCESS_KEY');

const toolDir = path.join(repoRoot, 'tools', 's3mock-local');
const jar = path.join(toolDir, 'target', 's3mock-exec.jar');
const DOWNLOAD_TIMEOUT_MS = 600_000;
const START_TIMEOUT_MS = 90_000;

let shared: Promise<LocalS3Mock> | undefined;

/**
 * The run's S3Mock, started on first use; it also puts S3MOCK_CREDENTIALS in this process's
 * environment (unless set), where the AWS SDK's default chain reads them.
 */
export function sharedS3Mock(): Promise<LocalS3Mock> {
  for (const [name, value] of Object.entries(S3MOCK_CREDENTIALS)) process.env[name] ??= value;
  shared ??= startS3Mock();
  return shared;
}

/** Stops the run's S3Mock, if one was started (root hooks, after the run). */
export async function stopSharedS3Mock(): Promise<void> {
  const running = shared;
  shared = undefined;
  if (running !== undefined) await (await running).stop();
}

export async function startS3Mock(): Promise<LocalS3Mock> {
  await ensureJar();
  const [port, httpsPort] = [await freePort(), await freePort()];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-s3mock-'));
  // sh keeps our stdin on fd 3 and execs java; a background reader kills java at its EOF.
  const child = spawn(
    'sh',
    [
      '-c',
      'exec 3<&0; (cat <&3 >/dev/null; kill $$ 2>/dev/null) & exec java "$@" 3<&- </dev/null',
      's3mock',
      '-Xmx384m',
      '-XX:TieredStopAtLevel=1',
      '-jar',
      jar,
      `--com.adobe.testing.s3mock.http-port=${port}`,
      `--server.port=${httpsPort}`,
      '--server.address=127.0.0.1',
      `--com.adobe.testing.s3mock.store.root=${root}`,
      `--com.adobe.testing.s3mock.store.initial-buckets=${S3MOCK_BUCKET}`,
      '--com.adobe.testing.s3mock.store.retain-files-on-exit=false',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer): void => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitForBucket(endpoint, child, output);
  } catch (err) {
    await stopChild(child, exited);
    throw err;
  }
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    bucket: S3MOCK_BUCKET,
    root,
    pid: child.pid,
    stop: () => {
      stopping ??= stopChild(child, exited).finally(() =>
        fs.rmSync(root, { recursive: true, force: true }),
      );
      return stopping;
    },
  };
}

/** Copies the S3Mock jar with Maven when it is not there yet (a fresh clone, CI). */
async function ensureJar(): Promise<void> {
  const pom = path.join(toolDir, 'pom.xml');
  if (fs.existsSync(jar) && fs.statSync(jar).mtimeMs >= fs.statSync(pom).mtimeMs) return;
  process.stderr.write('[s3mock] copying the S3Mock jar with Maven (first run downloads ~60 MB)\n');
  await new Promise<void>((resolve, reject) => {
    const mvn = spawn('mvn', ['-B', '-q', '-f', pom, 'dependency:copy', '-Doverwrite=true'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    const keep = (chunk: Buffer): void => {
      tail.push(chunk.toString());
      if (tail.length > 40) tail.shift();
    };
    mvn.stdout.on('data', keep);
    mvn.stderr.on('data', keep);
    const timer = setTimeout(() => mvn.kill('SIGKILL'), DOWNLOAD_TIMEOUT_MS);
    mvn.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`Could not run Maven ('mvn'): ${err.message}`));
    });
    mvn.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`Maven failed (${String(code ?? signal)}):\n${tail.join('')}`));
    });
  });
  if (!fs.existsSync(jar)) throw new Error(`Maven ran but ${jar} is not there`);
  // dependency:copy keeps the jar's own date: mark it as copied after the pom.
  const now = new Date();
  fs.utimesSync(jar, now, now);
}

/** Polls HEAD of the bucket until S3Mock answers 200, failing early when the JVM exits. */
async function waitForBucket(
  endpoint: string,
  child: ChildProcess,
  output: string[],
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`S3Mock exited before it was ready:\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${endpoint}/${S3MOCK_BUCKET}`, { method: 'HEAD' });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`S3Mock did not start within ${START_TIMEOUT_MS / 1000}s:\n${output.join('')}`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin?.end();
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) =>
    setTimeout(() => resolve('timeout'), 10_000).unref(),
  );
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
