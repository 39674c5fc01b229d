import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { repoRoot } from '../../src/paths';
import { track } from './cleanup';

/**
 * One real `graphsync worker` process (src/cli.ts through tsx, as the e2e tests run it), its
 * output written to a log file and kept (the tail) for pattern matching.
 */
const KEEP_CHARS = 2_000_000;
const START_TIMEOUT_MS = 90_000;

export class WorkerProcess {
  private out = '';
  private readonly exited: Promise<void>;
  private readonly untrack: () => void;
  paused = false;

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
    logFile: string,
  ) {
    const log = fs.createWriteStream(logFile, { flags: 'a' });
    const onData = (d: Buffer): void => {
      log.write(d);
      this.out += d.toString();
      if (this.out.length > KEEP_CHARS) this.out = this.out.slice(-KEEP_CHARS / 2);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        log.end();
        resolve();
      }),
    );
    this.untrack = track(`worker ${name} (pid ${String(child.pid)})`, () => this.stop());
  }

  /** Starts a worker and waits for its "worker started" line. */
  static async start(opts: {
    name: string;
    env: NodeJS.ProcessEnv;
    logFile: string;
  }): Promise<WorkerProcess> {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', 'worker'], {
      cwd: repoRoot,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = new WorkerProcess(opts.name, child, opts.logFile);
    try {
      await worker.waitFor(/"msg":"worker started"/, START_TIMEOUT_MS);
    } catch (err) {
      await worker.stop();
      throw err;
    }
    return worker;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get output(): string {
    return this.out;
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = pattern.exec(this.out);
      if (m !== null) return m;
      if (!this.alive) throw new Error(`worker ${this.name} exited:\n${this.out.slice(-3000)}`);
      if (Date.now() > deadline) {
        throw new Error(`worker ${this.name}: no ${String(pattern)} within ${timeoutMs} ms`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  signal(sig: NodeJS.Signals): void {
    if (!this.alive) return;
    this.child.kill(sig);
    if (sig === 'SIGSTOP') this.paused = true;
    if (sig === 'SIGCONT') this.paused = false;
  }

  /** SIGKILL; resolves once the process is gone. */
  async kill(): Promise<void> {
    if (this.alive) {
      this.child.kill('SIGCONT');
      this.child.kill('SIGKILL');
    }
    await this.exited;
    this.untrack();
  }

  /** SIGTERM (after SIGCONT if paused), SIGKILL after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.alive) {
      this.child.kill('SIGCONT');
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
      await this.exited;
      clearTimeout(timer);
    }
    this.untrack();
  }
}
