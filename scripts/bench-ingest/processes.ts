/** The benchmark's child processes (API, worker) and their peak RSS. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { repoRoot } from '../../src/paths';
import { sleep } from './util';

export interface Proc {
  name: string;
  child: ChildProcess;
  output: string;
  peakRssKb: number;
  exited: Promise<number | null>;
}

export function startProc(name: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env });
  const proc: Proc = {
    name,
    child,
    output: '',
    peakRssKb: 0,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  const collect = (d: Buffer): void => {
    proc.output += d.toString();
    if (proc.output.length > 200_000) proc.output = proc.output.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return proc;
}

export async function waitForOutput(
  proc: Proc,
  pattern: RegExp,
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = pattern.exec(proc.output);
    if (m !== null) return [...m];
    if (proc.child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`${proc.name} did not start; its output:\n${proc.output}`);
}

/** Reads one field (kB) of /proc/<pid>/status: VmRSS now, VmHWM the peak so far. */
function procStatusKb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  if (pid === undefined) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return m === null ? 0 : Number(m[1]);
  } catch {
    return 0;
  }
}

export function sampleRss(procs: Proc[]): void {
  for (const p of procs) {
    const kb = Math.max(procStatusKb(p.child.pid, 'VmHWM'), procStatusKb(p.child.pid, 'VmRSS'));
    p.peakRssKb = Math.max(p.peakRssKb, kb);
  }
}

export async function stopProc(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = sleep(30_000).then(() => 'timeout' as const);
  if ((await Promise.race([proc.exited, timer])) === 'timeout') proc.child.kill('SIGKILL');
}
