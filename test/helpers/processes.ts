import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from '../../src/paths';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI from source (tsx) as a real process and collects its output. Like the container
 * image's `node dist/src/cli.js`, it has no local Neo4j launcher: set NEO4J_URI.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return run(['--require', 'tsx/cjs', 'src/cli.ts', ...args], env);
}

/**
 * Runs the repository's `graphsync` command (bin/graphsync.js: builds dist/ if needed, and hands
 * the CLI the local Neo4j launcher), as `npx graphsync` does.
 */
export function runBin(args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return run(['bin/graphsync.js', ...args], env);
}

function run(argv: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: repoRoot,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The environment of this test process without the variables a test wants unset. */
export function envWithout(...names: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const n of names) delete env[n];
  return env;
}

/** Collects a long-running child's stdout and waits for a line matching a pattern. */
export class Watched {
  private out = '';
  private readonly exitPromise: Promise<number | null>;

  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.out += d.toString()));
    this.exitPromise = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  get output(): string {
    return this.out;
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = pattern.exec(this.out);
      if (m !== null) return m;
      if (this.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Timed out waiting for ${String(pattern)}; output so far:\n${this.out}`);
  }

  /** The exit code once the process ends by itself; throws (and kills it) after timeoutMs. */
  async exited(timeoutMs: number): Promise<number | null> {
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
    const result = await Promise.race([this.exitPromise, timer]);
    if (result === 'timeout') {
      this.child.kill('SIGKILL');
      throw new Error(`Process did not exit within ${timeoutMs}ms; output:\n${this.out}`);
    }
    return result;
  }

  async stop(signal: NodeJS.Signals, timeoutMs: number): Promise<number | null> {
    this.child.kill(signal);
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
    const result = await Promise.race([this.exitPromise, timer]);
    if (result === 'timeout') {
      this.child.kill('SIGKILL');
      throw new Error(
        `Process did not exit within ${timeoutMs}ms of ${signal}; output:\n${this.out}`,
      );
    }
    return result;
  }
}
