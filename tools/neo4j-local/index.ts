import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  claimState,
  LAUNCHER_MAIN,
  readState,
  releaseState,
  stateLive,
  updateState,
} from './state';
import {
  type LocalNeo4j,
  LocalNeo4jError,
  type LocalNeo4jLauncher,
  type LocalNeo4jOptions,
} from '../../src/graph/local-neo4j-port';
import { buildLauncher, type Tee, teeLines } from './launcher';
import { boltListening, choosePort, portTaken } from './ports';

/**
 * Runs a real Neo4j 5.26 community DBMS from tools/neo4j-local (a Java main over the Maven Central
 * artifacts) as a child process: the development Neo4j of `npm start` and of the tests. It lives
 * outside src/, so the production build (the container image) has none of it; the repository's
 * entry points (scripts/start.js, bin/graphsync.js) hand `localNeo4jLauncher` to the CLI. The JVM watches its stdin and exits when this process goes away,
 * so a crashed or SIGKILLed parent never leaves a JVM holding the store lock.
 *
 * A small state file in the data directory ({ pid, uri }) lets other processes started with the
 * same DATA_DIR (the CLI, workers, a second API) use the running instance: only the process that
 * started it ever writes or removes that file.
 *
 * Failures reach people as one line (LocalNeo4jError); Maven's and the JVM's full output goes to
 * a log file the line names.
 */
const READY_PREFIX = 'NEO4J_READY ';
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

/** How long an attacher waits for an instance that is starting (a first start builds with Maven). */
const ATTACH_TIMEOUT_MS = 600_000;
/** How long an instance whose state says ready may take to answer before it counts as hung. */
const ANSWER_TIMEOUT_MS = 10_000;

/**
 * The instance another process runs on homeDir, waiting while it is still starting; undefined when
 * none runs (or it went away while we waited). Never starts Java, never writes the state file.
 */
export async function attachLocalNeo4j(
  homeDir: string,
  log: (line: string) => void,
): Promise<LocalNeo4j | undefined> {
  const deadline = Date.now() + ATTACH_TIMEOUT_MS;
  let said = false;
  let silentSince: number | undefined;
  for (;;) {
    const state = readState(homeDir);
    if (state === undefined || !stateLive(homeDir, state)) return undefined;
    if (state.ready === true && state.uri !== undefined) {
      if (await boltListening(state.uri)) {
        log(`Using the local Neo4j already running at ${state.uri} (pid ${String(state.pid)})`);
        return {
          uri: state.uri,
          owned: false,
          ready: () => undefined,
          stop: () => Promise.resolve(),
        };
      }
      silentSince ??= Date.now();
      if (Date.now() - silentSince > ANSWER_TIMEOUT_MS)
        throw new LocalNeo4jError(
          `The local Neo4j at ${state.uri} (pid ${String(state.pid)}) is running but does not answer: stop graphsync (npm start) and start it again. Its log: ${logFileOf(homeDir)}`,
        );
    } else if (!said) {
      log(`Waiting for the local Neo4j that graphsync process ${state.owner} is starting...`);
      said = true;
    }
    if (Date.now() > deadline)
      throw new LocalNeo4jError(
        `The local Neo4j that graphsync process ${state.owner} is starting was not ready within ${ATTACH_TIMEOUT_MS / 60_000} minutes. Its log: ${logFileOf(homeDir)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Uses the instance running (or starting) on homeDir if there is one, else starts one and owns
 * it. Two processes doing this at once end with one instance: one claims the state file, the other
 * attaches.
 */
export async function attachOrStartLocalNeo4j(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  for (let tries = 0; tries < 3; tries += 1) {
    const attached = await attachLocalNeo4j(opts.homeDir, opts.log);
    if (attached !== undefined) return attached;
    if (claimState(opts.homeDir)) return startClaimed(opts);
  }
  throw new LocalNeo4jError(
    `Could not start or use the local Neo4j of ${opts.homeDir}: another graphsync process keeps starting and stopping it.`,
  );
}

/** Starts this process's own instance on a home no other process is using. */
export async function startLocalNeo4j(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  if (!claimState(opts.homeDir))
    throw new LocalNeo4jError(
      `Another graphsync process runs a local Neo4j on ${opts.homeDir}: stop it, or set DATA_DIR to another directory.`,
    );
  return startClaimed(opts);
}

/** Where Maven's and the JVM's output goes: `DATA_DIR/logs/local-neo4j.log` for home `DATA_DIR/neo4j`. */
function logFileOf(homeDir: string): string {
  return path.join(path.dirname(homeDir), 'logs', 'local-neo4j.log');
}

/** Starts the instance whose state file this process has claimed; releases the claim on failure. */
async function startClaimed(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  const home = opts.homeDir;
  const owner = process.pid;
  try {
    const logFile = logFileOf(home);
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    const port = await choosePort(opts);
    const classpath = await buildLauncher(opts.log, logFile);
    opts.log(`Starting local Neo4j 5.26 (data in ${home})...`);
    const child = spawnNeo4j(opts, classpath, port);
    const pid = child.pid ?? -1;
    if (pid > 0) updateState(home, { owner, pid });
    let stopping: Promise<void> | undefined;
    const output = teeLines([child.stdout, child.stderr], logFile, 'local Neo4j (java)');
    const uri = await waitForReady(child, output, { homeDir: home, port, logFile });
    updateState(
      home,
      opts.readyAfterSchema === true ? { owner, pid, uri } : { owner, pid, uri, ready: true },
    );
    opts.log(`Local Neo4j ready at ${uri} (pid ${pid})`);
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    void exited.then(() => {
      output.end();
      if (stopping === undefined)
        opts.log(
          `The local Neo4j (pid ${pid}) stopped unexpectedly (exit ${String(child.exitCode ?? child.signalCode)}). Its log: ${logFile}`,
        );
    });
    return {
      uri,
      owned: true,
      ready: () => updateState(home, { owner, pid, uri, ready: true }),
      stop: () => {
        stopping ??= stopChild(child, exited).finally(() => releaseState(home));
        return stopping;
      },
    };
  } catch (err) {
    releaseState(home);
    throw err;
  }
}

/** The Bolt URI the JVM announces on `output` (its stdout and stderr, which also go to the log). */
function waitForReady(
  child: ChildProcess,
  output: Tee,
  where: { homeDir: string; port: number; logFile: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new LocalNeo4jError(
          `The local Neo4j did not start within ${START_TIMEOUT_MS / 1000} s. Full log: ${where.logFile}`,
        ),
      );
    }, START_TIMEOUT_MS);
    output.onLine((line) => {
      if (line.startsWith(READY_PREFIX)) {
        clearTimeout(timer);
        resolve(line.slice(READY_PREFIX.length).trim());
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(
        new LocalNeo4jError(
          `Could not run Java ('java': ${err.message}): install Java 17 or later, or set NEO4J_URI to use an existing Neo4j.`,
        ),
      );
    });
    // 'close', not 'exit': by then every line the JVM wrote has been read, its last words too.
    child.once('close', (code) => {
      clearTimeout(timer);
      output.end();
      reject(startFailure(output.tail, code, where));
    });
  });
}

/** One line saying why the JVM exited before it was ready. */
function startFailure(
  tail: readonly string[],
  code: number | null,
  where: { homeDir: string; port: number; logFile: string },
): LocalNeo4jError {
  if (where.port !== 0 && tail.some((l) => /BindException|Address already in use/i.test(l)))
    return portTaken(where.port);
  if (tail.some((l) => /StoreLockException|FileLockException|Unable to obtain lock/.test(l)))
    return new LocalNeo4jError(
      `Another Neo4j holds the store lock of ${where.homeDir}: stop it, or set DATA_DIR to another directory. Full log: ${where.logFile}`,
    );
  // The innermost "Caused by" names the real problem; else the first exception line; else the
  // JVM's last words (a heap it could not reserve, say).
  const first = tail.findIndex((l) => /Exception|Error/.test(l) && !/^\s+at /.test(l));
  const found =
    [...tail].reverse().find((l) => l.startsWith('Caused by:')) ??
    // The JVM's own start-up errors say what went wrong on the next line.
    (/initialization of VM/.test(tail[first] ?? '') && tail[first + 1] !== undefined
      ? `${tail[first]}: ${tail[first + 1]}`
      : tail[first]) ??
    [...tail].reverse().find((l) => l.trim() !== '');
  const cause = found === undefined ? undefined : found.trim().slice(0, 300);
  return new LocalNeo4jError(
    `The local Neo4j exited before it was ready (exit ${String(code)})${cause === undefined ? '' : `: ${cause}`}. Full log: ${where.logFile}`,
  );
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

/** The launcher's JVM, in its own process group, exiting when its stdin closes. */
function spawnNeo4j(
  opts: LocalNeo4jOptions,
  classpath: string,
  port: number,
): ChildProcessWithoutNullStreams {
  return spawn(
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
      String(port),
      '--pagecache',
      opts.pagecache,
      '--exit-on-stdin-eof',
    ],
    // Its own process group: Ctrl-C in the terminal reaches this process, which finishes the
    // requests in flight and then stops the JVM; a killed parent still stops it (stdin EOF).
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
}

/** What the CLI's entry points hand in (src/graph/local-neo4j-port.ts). */
export const localNeo4jLauncher: LocalNeo4jLauncher = {
  attach: attachLocalNeo4j,
  attachOrStart: attachOrStartLocalNeo4j,
};

export type { LocalNeo4j, LocalNeo4jOptions };
