import fs from 'node:fs';
import path from 'node:path';

/**
 * The state file of a local Neo4j (`<home>/graphsync-neo4j.json`): how graphsync processes started
 * with the same DATA_DIR find the instance one of them runs. Exactly one process owns it: the one
 * whose claim created the file (an atomic link, so two starters cannot both win). Only the owner
 * updates it (atomic renames, so a reader never sees half a file) or removes it.
 */
export interface LocalNeo4jState {
  /** The graphsync process that claimed the file and starts (then runs) the instance. */
  owner: number;
  /** The launcher JVM, once spawned. */
  pid?: number;
  /** Bolt URI, once the instance answers. */
  uri?: string;
  /** True once the instance answers and its owner has applied the schema: attach only then. */
  ready?: boolean;
}

const FILE = 'graphsync-neo4j.json';

/** The launcher's main class, which names a JVM as ours in the process table. */
export const LAUNCHER_MAIN = 'graphsync.neo4jlocal.Main';

export function readState(homeDir: string): LocalNeo4jState | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(homeDir, FILE), 'utf8')) as Partial<
      LocalNeo4jState & { pid: number }
    >;
    if (typeof parsed.owner !== 'number') return undefined; // absent, or an older format
    return {
      owner: parsed.owner,
      ...(typeof parsed.pid === 'number' ? { pid: parsed.pid } : {}),
      ...(typeof parsed.uri === 'string' ? { uri: parsed.uri } : {}),
      ...(parsed.ready === true ? { ready: true } : {}),
    };
  } catch {
    return undefined; // no state file, or an unreadable one: nothing runs
  }
}

/**
 * True while the instance the state describes can still come to answer: its JVM runs (checked to
 * be this home's launcher, not a recycled pid), or before the JVM exists, its owner does (it may be
 * building the launcher with Maven).
 */
export function stateLive(homeDir: string, state: LocalNeo4jState): boolean {
  return state.pid !== undefined ? isLauncherOf(homeDir, state.pid) : isAlive(state.owner);
}

/**
 * Makes this process the owner, unless a live instance has one already (then false: attach to
 * it). A stale file (its owner and JVM gone) is replaced.
 */
export function claimState(homeDir: string): boolean {
  fs.mkdirSync(homeDir, { recursive: true });
  const file = path.join(homeDir, FILE);
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, JSON.stringify({ owner: process.pid } satisfies LocalNeo4jState));
  try {
    for (let tries = 0; tries < 3; tries += 1) {
      try {
        fs.linkSync(draft, file); // fails with EEXIST when the file exists: one winner
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const current = readState(homeDir);
      if (current !== undefined && stateLive(homeDir, current)) return false;
      fs.rmSync(file, { force: true });
    }
    return false;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** The owner's update of its own file (atomically replaced). */
export function updateState(homeDir: string, state: LocalNeo4jState): void {
  const file = path.join(homeDir, FILE);
  const draft = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(draft, JSON.stringify(state));
  fs.renameSync(draft, file);
}

/** Removes the file if this process owns it. */
export function releaseState(homeDir: string): void {
  if (readState(homeDir)?.owner === process.pid)
    fs.rmSync(path.join(homeDir, FILE), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/** True when pid is a live launcher JVM of this home (not a recycled pid of another process). */
export function isLauncherOf(homeDir: string, pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const home = args.indexOf('--home');
    return args.includes(LAUNCHER_MAIN) && home >= 0 && args[home + 1] === homeDir;
  } catch {
    return true; // no /proc (macOS): trust the live pid
  }
}
