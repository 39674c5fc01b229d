import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { launcherDir } from '../paths';

/**
 * Runs a real Neo4j 5.26 community DBMS from tools/neo4j-local (a Java main over the Maven Central
 * artifacts) as a child process. The JVM watches its stdin and exits when this process goes away,
 * so a crashed or SIGKILLed parent never leaves a JVM holding the store lock.
 *
 * A small state file in the data directory ({ pid, uri }) lets a second process (the CLI while
 * `npm start` runs) use the running instance instead of failing on the store lock.
 */
export interface LocalNeo4jOptions {
  /** Neo4j home (data, logs, state file). */
  homeDir: string;
  /** Bolt port on 127.0.0.1; 0 picks a free one. */
  port: number;
  heap: string;
  pagecache: string;
  /** Progress lines for people (download and start-up). */
  log: (line: string) => void;
}

export interface LocalNeo4j {
  readonly uri: string;
  /** False when we attached to an instance another process started. */
  readonly owned: boolean;
  stop(): Promise<void>;
}

const READY_PREFIX = 'NEO4J_READY ';
const LAUNCHER_MAIN = 'graphsync.neo4jlocal.Main';
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;

const JVM_FLAGS = [
  '--add-opens=java.base/java.nio=ALL-UNNAMED',
  '--add-opens=java.base/java.io=ALL-UNNAMED',
  '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED',
  '--add-opens=java.base/java.lang=ALL-UNNAMED',
  '-Dio.netty.tryReflectionSetAccessible=true',
  '-XX:+UseG1GC',
  '-XX:-OmitStackTraceInFastThrow',
];

interface StateFile {
  pid: number;
  uri: string;
}

/**
 * Uses the instance already running on homeDir if there is one, else starts a new one. An instance
 * that is still starting is waited for; one that is shutting down (its parent died) is waited out.
 */
export async function attachOrStartLocalNeo4j(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  const running = readState(opts.homeDir);
  if (running !== undefined && isOurLauncher(running.pid)) {
    const listening = await whileLauncherLives(running.pid, () => boltListening(running.uri));
    if (listening) {
      opts.log(`Using the local Neo4j already running at ${running.uri} (pid ${running.pid})`);
      return { uri: running.uri, owned: false, stop: () => Promise.resolve() };
    }
  }
  return startLocalNeo4j(opts);
}

/**
 * Starts this process's own instance. If a CLI command's short-lived instance holds the data
 * directory, waits for it to stop first (attaching to it would lose the database when it exits).
 */
export async function startOwnLocalNeo4j(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  const running = readState(opts.homeDir);
  if (running !== undefined && isOurLauncher(running.pid)) {
    opts.log(
      `Waiting for the local Neo4j of another graphsync process (pid ${running.pid}) to stop...`,
    );
    await whileLauncherLives(running.pid, () => Promise.resolve(false));
  }
  return startLocalNeo4j(opts);
}

export async function startLocalNeo4j(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  const classpath = await buildLauncher(opts.log);
  fs.mkdirSync(opts.homeDir, { recursive: true });
  opts.log(`Starting local Neo4j 5.26 (data in ${opts.homeDir})...`);
  const child = spawn(
    'java',
    [
      `-Xms${opts.heap}`,
      `-Xmx${opts.heap}`,
      ...JVM_FLAGS,
      '-cp',
      classpath,
      LAUNCHER_MAIN,
      '--home',
      opts.homeDir,
      '--port',
      String(opts.port),
      '--pagecache',
      opts.pagecache,
      '--exit-on-stdin-eof',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const pid = child.pid ?? -1;
  // With a fixed port the URI is known now: a CLI started meanwhile waits for this instance
  // instead of failing on its store lock.
  if (opts.port !== 0) writeState(opts.homeDir, { pid, uri: `bolt://127.0.0.1:${opts.port}` });
  const uri = await waitForReady(child, opts.homeDir).catch((err: unknown) => {
    removeState(opts.homeDir, pid);
    throw err;
  });
  writeState(opts.homeDir, { pid, uri });
  opts.log(`Local Neo4j ready at ${uri} (pid ${pid})`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  return {
    uri,
    owned: true,
    stop: () => {
      stopping ??= stopChild(child, exited).finally(() => removeState(opts.homeDir, pid));
      return stopping;
    },
  };
}

/**
 * Compiles the launcher and resolves its classpath with Maven when needed (the first run downloads
 * ~150 MB of jars into ~/.m2; later runs are offline), printing progress so nobody thinks it hangs.
 * Returns the Java classpath.
 */
export async function buildLauncher(log: (line: string) => void): Promise<string> {
  const target = path.join(launcherDir, 'target');
  const classpathFile = path.join(target, 'classpath.txt');
  // Maven leaves an unchanged classpath.txt untouched, so a stamp written after a successful build
  // is what the sources are compared against.
  const stamp = path.join(target, '.launcher-built');
  if (!isStale(stamp, launcherSources())) return launcherClasspath(classpathFile, target);
  log('Building the local Neo4j launcher with Maven (first run downloads the Neo4j jars)...');
  await runMaven(
    ['-B', 'compile', 'dependency:build-classpath', `-Dmdep.outputFile=${classpathFile}`],
    log,
  );
  fs.writeFileSync(stamp, new Date().toISOString());
  return launcherClasspath(classpathFile, target);
}

function launcherClasspath(classpathFile: string, target: string): string {
  const deps = fs.readFileSync(classpathFile, 'utf8').trim();
  return [path.join(target, 'classes'), deps].join(path.delimiter);
}

function launcherSources(): string[] {
  const files = [path.join(launcherDir, 'pom.xml')];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(path.join(launcherDir, 'src'));
  return files;
}

function isStale(stamp: string, inputs: string[]): boolean {
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.some((i) => fs.statSync(i).mtimeMs > built);
}

function runMaven(args: string[], log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const mvn = spawn('mvn', args, { cwd: launcherDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let downloaded = 0;
    let lastReport = 0;
    const tail: string[] = [];
    const onLine = (line: string): void => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (line.includes('Downloaded from')) {
        downloaded += 1;
        const now = Date.now();
        if (now - lastReport > 2000) {
          lastReport = now;
          log(`  maven: ${downloaded} files downloaded so far...`);
        }
      }
    };
    readline.createInterface({ input: mvn.stdout }).on('line', onLine);
    readline.createInterface({ input: mvn.stderr }).on('line', onLine);
    mvn.on('error', (err) => reject(new Error(`Could not run Maven ('mvn'): ${err.message}`)));
    mvn.on('exit', (code) => {
      if (code === 0) {
        if (downloaded > 0) log(`  maven: done (${downloaded} files downloaded)`);
        resolve();
      } else {
        reject(new Error(`Maven failed (exit ${String(code)}):\n${tail.join('\n')}`));
      }
    });
  });
}

function waitForReady(child: ChildProcess, homeDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stderrTail: string[] = [];
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Local Neo4j did not start within ${START_TIMEOUT_MS / 1000}s`));
    }, START_TIMEOUT_MS);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith(READY_PREFIX)) {
        clearTimeout(timer);
        resolve(line.slice(READY_PREFIX.length).trim());
      }
    });
    readline.createInterface({ input: child.stderr! }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 30) stderrTail.shift();
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`Could not run 'java' for the local Neo4j: ${err.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const lockHint = stderrTail.some((l) => /lock/i.test(l))
        ? `\nAnother Neo4j seems to be using ${homeDir}: stop it, or point DATA_DIR elsewhere.`
        : '';
      reject(
        new Error(
          `Local Neo4j exited before it was ready (exit ${String(code)}):\n${stderrTail.join('\n')}${lockHint}`,
        ),
      );
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) =>
    setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref(),
  );
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

function statePath(homeDir: string): string {
  return path.join(homeDir, 'graphsync-neo4j.json');
}

function readState(homeDir: string): StateFile | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(statePath(homeDir), 'utf8')) as Partial<StateFile>;
    if (typeof parsed.pid === 'number' && typeof parsed.uri === 'string')
      return { pid: parsed.pid, uri: parsed.uri };
  } catch {
    // no state file, or an unreadable one: treat as not running
  }
  return undefined;
}

function writeState(homeDir: string, state: StateFile): void {
  fs.writeFileSync(statePath(homeDir), JSON.stringify(state));
}

function removeState(homeDir: string, pid: number): void {
  if (readState(homeDir)?.pid === pid) fs.rmSync(statePath(homeDir), { force: true });
}

/**
 * Polls `done` every 250 ms while pid is a live launcher JVM, for at most STOP_TIMEOUT_MS.
 * Resolves true as soon as `done` does, false when the launcher is gone or time is up.
 */
async function whileLauncherLives(pid: number, done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline && isOurLauncher(pid)) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** True when pid is a live launcher JVM (not a recycled pid of some other process). */
function isOurLauncher(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(LAUNCHER_MAIN);
  } catch {
    return true; // no /proc (macOS): trust the live pid
  }
}

function boltListening(uri: string): Promise<boolean> {
  const { hostname, port } = new URL(uri.replace(/^bolt:/, 'http:'));
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
