/**
 * `npm run bench:sync-cli`: the sync CLI's benchmark (issue 24: "a 1M-entity file syncs with the
 * CLI under 200 MB RSS"). Not a test.
 *
 * Writes a file of N entities (and M relationships) in the chosen format, starts the API as a
 * child process (local mode: finalize runs in the API) on NEO4J_URI, creates a throw-away account
 * and key with the CLI, runs `graphsync sync --json` on the file as its own process, sampling its
 * peak RSS (/proc/<pid>/status VmHWM), and prints a table. The account's data is deleted after.
 *
 *   npm run bench:sync-cli -- [--entities 1000000] [--relationships 0] [--format json]
 *                             [--batch 1000] [--concurrency 4] [--source]
 *
 * The CLI runs from dist/ (bin/graphsync.js builds it when needed) unless --source (tsx).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { CypherRegistry } from '../src/graph/cypher-registry';
import { Graph } from '../src/graph/graph';
import { repoRoot } from '../src/paths';
import { testCypherRoots } from '../test/helpers/cypher-roots';

// The benchmark is a tool, not the service: it reads its own few settings.
// eslint-disable-next-line no-restricted-syntax
const ENV: NodeJS.ProcessEnv = process.env;
const TARGET_MB = 200;

interface Options {
  entities: number;
  relationships: number;
  format: 'json' | 'jsonl' | 'csv';
  batch: number;
  concurrency: number;
  source: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      entities: { type: 'string', default: '1000000' },
      relationships: { type: 'string', default: '0' },
      format: { type: 'string', default: 'json' },
      batch: { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '4' },
      source: { type: 'boolean', default: false },
    },
  });
  const int = (v: string): number => {
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`Not a whole number: ${v}`);
    return n;
  };
  const format = values.format;
  if (format !== 'json' && format !== 'jsonl' && format !== 'csv') {
    throw new Error('--format is json, jsonl or csv');
  }
  return {
    entities: int(values.entities),
    relationships: int(values.relationships),
    format,
    batch: int(values.batch),
    concurrency: int(values.concurrency),
    source: values.source,
  };
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// The input file

function entity(i: number): Record<string, unknown> {
  return {
    _key: `bench-${i}`,
    _type: `bench_type_${i % 20}`,
    _class: 'Host',
    displayName: `host ${i}`,
    region: `region-${i % 12}`,
    active: i % 5 !== 0,
    sizeBytes: (i * 7919) % 1_000_000_007,
    tags: ['alpha', `t${i % 100}`],
  };
}

function relationship(j: number, n: number): Record<string, unknown> {
  return {
    _key: `bench-rel-${j}`,
    _type: 'bench_host_connects_host',
    _class: 'CONNECTS',
    _fromEntityKey: `bench-${j % n}`,
    _toEntityKey: `bench-${(j * 31 + 1) % n}`,
  };
}

const CSV_HEADER =
  '_key,_type,_class,displayName,region,active,sizeBytes,tags.0,tags.1,_fromEntityKey,_toEntityKey';

function csvRow(o: Record<string, unknown>): string {
  const tags = (o.tags as string[] | undefined) ?? [];
  return [
    o._key,
    o._type,
    o._class,
    o.displayName,
    o.region,
    o.active,
    o.sizeBytes,
    tags[0],
    tags[1],
    o._fromEntityKey,
    o._toEntityKey,
  ]
    .map((v) => (v === undefined ? '' : String(v as string | number | boolean)))
    .join(',');
}

/** Writes the file as a stream (never whole in memory); returns its size in bytes. */
async function writeInput(file: string, o: Options): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  const n = o.entities;
  const objects = function* (): Generator<Record<string, unknown>> {
    for (let i = 0; i < n; i++) yield entity(i);
    for (let j = 0; j < o.relationships; j++) yield relationship(j, n);
  };
  if (o.format === 'csv') {
    await write(`${CSV_HEADER}\n`);
    for (const obj of objects()) await write(`${csvRow(obj)}\n`);
  } else if (o.format === 'jsonl') {
    for (const obj of objects()) await write(`${JSON.stringify(obj)}\n`);
  } else {
    await write('{"entities":[\n');
    for (let i = 0; i < n; i++) await write(`${i === 0 ? '' : ',\n'}${JSON.stringify(entity(i))}`);
    await write('\n]');
    if (o.relationships > 0) {
      await write(',"relationships":[\n');
      for (let j = 0; j < o.relationships; j++) {
        await write(`${j === 0 ? '' : ',\n'}${JSON.stringify(relationship(j, n))}`);
      }
      await write('\n]');
    }
    await write('}\n');
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return fs.statSync(file).size;
}

// ---------------------------------------------------------------------------------------------
// Processes

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): { code: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, args, { cwd: repoRoot, env, encoding: 'utf8' });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

function peakRssKb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function startApi(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', 'serve'], {
    cwd: repoRoot,
    env,
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  for (let waited = 0; waited < 120_000; waited += 100) {
    const m = /URL:\s+(http:\/\/\S+)/.exec(output);
    if (m !== null) return { child, url: m[1]!, output: () => output };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`The API did not start:\n${output}`);
}

interface CliRun {
  code: number | null;
  seconds: number;
  uploadSeconds: number;
  peakKb: number;
  result: Record<string, unknown> | undefined;
  stderr: string;
}

async function runSyncCli(cli: string[], args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [...cli, 'sync', ...args], { cwd: repoRoot, env });
  let peakKb = 0;
  let uploadSeconds = 0;
  let result: Record<string, unknown> | undefined;
  let stderr = '';
  let pending = '';
  let lastNote = 0;
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => {
    pending += d.toString();
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const event = JSON.parse(pending.slice(0, nl)) as Record<string, unknown>;
      pending = pending.slice(nl + 1);
      if (event.type === 'upload' && event.done === true)
        uploadSeconds = (performance.now() - started) / 1000;
      if (event.type === 'result') result = event;
      if (Date.now() - lastNote > 10_000 && event.type !== 'result') {
        lastNote = Date.now();
        log(`  cli: ${JSON.stringify(event).slice(0, 160)}`);
      }
    }
  });
  const timer = setInterval(() => (peakKb = Math.max(peakKb, peakRssKb(child.pid))), 100);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(timer);
  return {
    code,
    seconds: (performance.now() - started) / 1000,
    uploadSeconds,
    peakKb,
    result,
    stderr,
  };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  const uri = ENV.NEO4J_URI;
  if (uri === undefined || uri === '')
    throw new Error('Set NEO4J_URI (a running Neo4j 5) for the API');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-bench-sync-cli-'));
  const file = path.join(work, `bench.${o.format}`);
  const objects = o.entities + o.relationships;
  log(
    `bench:sync-cli: writing ${o.entities} entities and ${o.relationships} relationships as ${o.format}...`,
  );
  const size = await writeInput(file, o);
  log(`  ${(size / 1024 / 1024).toFixed(1)} MB in ${file}`);

  let cli = ['--require', 'tsx/cjs', 'src/cli.ts'];
  if (!o.source) {
    log('  building dist/ if needed...');
    const built = run(
      ['-e', "require('./scripts/build-if-needed').buildIfNeeded(console.error)"],
      ENV,
    );
    if (built.code !== 0) throw new Error(`build failed:\n${built.stderr}`);
    cli = [path.join('dist', 'src', 'cli.js')];
  }
  const env = {
    ...ENV,
    NEO4J_URI: uri,
    DATA_DIR: path.join(work, 'data'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const accountId = `bench-cli-${randomUUID().slice(0, 8)}`;
  const created = run([...cli, 'account', 'create', '--id', accountId], env);
  if (created.code !== 0) throw new Error(created.stderr);
  const key = run(
    [...cli, 'key', 'create', '--account', accountId, '--secret-only'],
    env,
  ).stdout.trim();
  const graph = Graph.connect(
    {
      uri,
      user: ENV.NEO4J_USER,
      password: ENV.NEO4J_PASSWORD,
      database: ENV.NEO4J_DATABASE ?? 'neo4j',
    },
    CypherRegistry.load(...testCypherRoots),
  );
  const api = await startApi(env);
  try {
    log(`  API at ${api.url}; running the CLI...`);
    const args = [
      '--url',
      api.url,
      '--account',
      accountId,
      '--key',
      key,
      '--scope',
      'bench',
      '--json',
      '--batch-size',
      String(o.batch),
      '--concurrency',
      String(o.concurrency),
      file,
    ];
    const r = await runSyncCli(cli, args, { ...ENV });
    const job = r.result?.job as Record<string, unknown> | undefined;
    if (r.code !== 0) {
      log(`  the CLI exited ${String(r.code)}: ${JSON.stringify(r.result)}\n${r.stderr}`);
      log(`  the API's log (its end):\n${api.output().slice(-3000)}`);
    }
    printTable(o, size, r, job);
  } finally {
    api.child.kill('SIGTERM');
    log('  deleting the bench account...');
    await graph.autoCommit('bench/sync-cli-clean-up', { id: accountId });
    await graph.write('accounts/delete-account-data', { id: accountId });
    await graph.write('accounts/delete-account', { id: accountId });
    await graph.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  void objects;
}

function printTable(
  o: Options,
  size: number,
  r: CliRun,
  job: Record<string, unknown> | undefined,
): void {
  const objects = o.entities + o.relationships;
  const peakMb = r.peakKb / 1024;
  const rows: Array<[string, string, string]> = [
    [
      'Objects in the file',
      `${objects.toLocaleString('en')} (${o.format}, ${(size / 1024 / 1024).toFixed(1)} MB)`,
      '',
    ],
    [
      'Job status',
      typeof job?.status === 'string' ? job.status : JSON.stringify(r.result?.error ?? null),
      'FINISHED',
    ],
    ['Upload (start to last batch)', `${r.uploadSeconds.toFixed(1)} s`, ''],
    [
      'Upload rate',
      `${Math.round(objects / Math.max(r.uploadSeconds, 0.001)).toLocaleString('en')} objects/s`,
      '',
    ],
    ['Whole run (start to exit)', `${r.seconds.toFixed(1)} s`, ''],
    ['Whole-run rate', `${Math.round(objects / r.seconds).toLocaleString('en')} objects/s`, ''],
    ['CLI peak RSS (VmHWM)', `${peakMb.toFixed(1)} MB`, `< ${TARGET_MB} MB`],
    ['Ratio to the RSS target', `${(peakMb / TARGET_MB).toFixed(2)}`, '< 1'],
  ];
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  process.stdout.write(`\n| ${'Measure'.padEnd(w0)} | ${'Value'.padEnd(w1)} | Target |\n`);
  process.stdout.write(`| ${'-'.repeat(w0)} | ${'-'.repeat(w1)} | ------ |\n`);
  for (const [a, b, c] of rows)
    process.stdout.write(`| ${a.padEnd(w0)} | ${b.padEnd(w1)} | ${c} |\n`);
  process.stdout.write(
    `\nbatches of ${o.batch}, ${o.concurrency} in flight; CLI from ${o.source ? 'src (tsx)' : 'dist'}; API in local mode\n`,
  );
}

main().catch((err: unknown) => {
  log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
