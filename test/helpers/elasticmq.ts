import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../src/paths';

/**
 * A real ElasticMQ (an SQS-compatible server) for the SQS tests, from the Maven Central jars that
 * tools/elasticmq-local/pom.xml names: the first use copies them to tools/elasticmq-local/target/lib
 * with Maven (~40 MB, once), later uses start at once. Runs on a free loopback port with a generated
 * config; the JVM is ended when stop() is called or when this process goes away (a small shell
 * watches our end of its stdin).
 */
export interface LocalElasticMq {
  /** http://127.0.0.1:<port>, the SQS endpoint. */
  readonly endpoint: string;
  /** The URL of queue `name` (created at start-up or with CreateQueue). */
  queueUrl(name: string): string;
  stop(): Promise<void>;
}

/** The account id ElasticMQ puts in queue URLs. */
export const ELASTICMQ_ACCOUNT = '000000000000';

const toolDir = path.join(repoRoot, 'tools', 'elasticmq-local');
const libDir = path.join(toolDir, 'target', 'lib');
const MAIN = 'org.elasticmq.server.Main';
const DOWNLOAD_TIMEOUT_MS = 600_000;
const START_TIMEOUT_MS = 60_000;

export async function startElasticMq(queues: readonly string[] = []): Promise<LocalElasticMq> {
  await ensureJars();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-elasticmq-'));
  const configFile = path.join(dir, 'elasticmq.conf');
  fs.writeFileSync(configFile, config(port, queues));
  // sh keeps our stdin on fd 3 and execs java; a background reader kills java at its EOF.
  const child = spawn(
    'sh',
    [
      '-c',
      'exec 3<&0; (cat <&3 >/dev/null; kill $$ 2>/dev/null) & exec java "$@" 3<&- </dev/null',
      'elasticmq',
      '-Xmx256m',
      `-Dconfig.file=${configFile}`,
      '-cp',
      path.join(libDir, '*'),
      MAIN,
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
    await waitForHttp(endpoint, child, output);
  } catch (err) {
    await stopChild(child, exited);
    throw err;
  }
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    queueUrl: (name) => `${endpoint}/${ELASTICMQ_ACCOUNT}/${name}`,
    stop: () => {
      stopping ??= stopChild(child, exited).finally(() =>
        fs.rmSync(dir, { recursive: true, force: true }),
      );
      return stopping;
    },
  };
}

function config(port: number, queues: readonly string[]): string {
  return [
    'include classpath("application.conf")',
    `node-address { protocol = http, host = "127.0.0.1", port = ${port}, context-path = "" }`,
    `rest-sqs { enabled = true, bind-port = ${port}, bind-hostname = "127.0.0.1", sqs-limits = strict }`,
    'rest-stats { enabled = false }',
    `aws { region = "us-east-1", accountId = "${ELASTICMQ_ACCOUNT}" }`,
    `queues { ${queues.map((q) => `"${q}" { }`).join(', ')} }`,
    '',
  ].join('\n');
}

/** Copies the ElasticMQ jars with Maven when they are not there yet (a fresh clone, CI). */
async function ensureJars(): Promise<void> {
  const stamp = path.join(libDir, '.copied');
  const pom = path.join(toolDir, 'pom.xml');
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= fs.statSync(pom).mtimeMs) return;
  process.stderr.write('[elasticmq] copying the ElasticMQ jars with Maven (first run downloads)\n');
  fs.rmSync(libDir, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) => {
    const mvn = spawn(
      'mvn',
      ['-B', '-q', '-f', pom, 'dependency:copy-dependencies', `-DoutputDirectory=${libDir}`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
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
  fs.writeFileSync(stamp, new Date().toISOString());
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls ListQueues until ElasticMQ answers, failing early when the JVM exits. */
async function waitForHttp(endpoint: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`ElasticMQ exited before it was ready:\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${endpoint}/?Action=ListQueues`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `ElasticMQ did not start within ${START_TIMEOUT_MS / 1000}s:\n${output.join('')}`,
  );
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
