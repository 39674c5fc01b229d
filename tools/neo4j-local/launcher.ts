import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from '../../src/paths';
import { LocalNeo4jError } from '../../src/graph/local-neo4j-port';

/**
 * Builds the local Neo4j's launcher (tools/neo4j-local, a Java main over the Neo4j 5.26 jars from
 * Maven Central) when its sources changed, and tees a child's output to a log file line by line:
 * the Maven side of index.ts.
 */

/** This folder in the repository (the Maven project), from tools/ or dist/tools/. */
const launcherDir = path.join(repoRoot, 'tools', 'neo4j-local');

/**
 * Compiles the launcher and resolves its classpath with Maven when needed (the first run downloads
 * ~150 MB of jars into ~/.m2; later runs are offline), printing progress so nobody thinks it hangs.
 * Maven's output goes to logFile. Returns the Java classpath.
 */
export async function buildLauncher(log: (line: string) => void, logFile: string): Promise<string> {
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
    logFile,
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

export interface Tee {
  /** The last lines, for the one-line error. */
  tail: string[];
  onLine(listener: (line: string) => void): void;
  /** Closes the log file (once the child's streams have closed). */
  end(): void;
}

/** Appends a child's output lines to the log file, keeping the last `keep` for the error line. */
export function teeLines(
  streams: NodeJS.ReadableStream[],
  logFile: string,
  header: string,
  keep = 60,
): Tee {
  const out = fs.createWriteStream(logFile, { flags: 'a' });
  out.on('error', () => undefined); // a full disk must not turn into an unhandled error
  out.write(`\n--- ${new Date().toISOString()} ${header}\n`);
  const tail: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  for (const input of streams)
    readline.createInterface({ input }).on('line', (line) => {
      out.write(`${line}\n`);
      tail.push(line);
      if (tail.length > keep) tail.shift();
      for (const l of listeners) l(line);
    });
  return { tail, onLine: (listener) => listeners.push(listener), end: () => out.end() };
}

function runMaven(args: string[], log: (line: string) => void, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const mvn = spawn('mvn', args, { cwd: launcherDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let downloaded = 0;
    let lastReport = 0;
    const output = teeLines([mvn.stdout, mvn.stderr], logFile, `mvn ${args.join(' ')}`);
    output.onLine((line) => {
      if (!line.includes('Downloaded from')) return;
      downloaded += 1;
      const now = Date.now();
      if (now - lastReport > 2000) {
        lastReport = now;
        log(`  maven: ${downloaded} files downloaded so far...`);
      }
    });
    mvn.on('error', (err) =>
      reject(
        new LocalNeo4jError(
          `Could not run Maven ('mvn': ${err.message}): install Maven 3.8+ (it fetches Neo4j from Maven Central), or set NEO4J_URI to use an existing Neo4j.`,
        ),
      ),
    );
    mvn.on('close', (code) => {
      output.end();
      if (code === 0) {
        if (downloaded > 0) log(`  maven: done (${downloaded} files downloaded)`);
        resolve();
        return;
      }
      const cause = output.tail.find((l) => l.startsWith('[ERROR]'))?.replace(/^\[ERROR\] */, '');
      reject(
        new LocalNeo4jError(
          `Building the local Neo4j launcher with Maven failed (exit ${String(code)})${cause === undefined ? '' : `: ${cause}`}. Full log: ${logFile}`,
        ),
      );
    });
  });
}
