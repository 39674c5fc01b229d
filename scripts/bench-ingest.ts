/**
 * `npm run bench:ingest`: the ingest benchmark of issue 3 (not a test).
 *
 * Generates a deterministic graph of N entities (20 types, ~10 properties) and 2N relationships,
 * pushes it through the real API (a child process) in batches, and times three DIFF jobs on one
 * scope: the first (everything created), an unchanged re-run, and a 10% change. Then, against the
 * same Neo4j, times a bare `UNWIND ... CREATE` of the same rows as the floor. Prints a table with
 * the targets.
 *
 * By default it runs in queue mode (REDIS_URL, default redis://127.0.0.1:6379, with a unique queue
 * prefix and a `graphsync worker` child), so the API's and the worker's peak RSS are separate;
 * `--local` finalizes inside the API instead. A Neo4j of its own is started in a temporary
 * directory unless NEO4J_URI is set.
 *
 *   npm run bench:ingest -- --entities 5000 --batch 1000 --concurrency 4 [--local] [--source]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CypherRegistry } from '../src/graph/cypher-registry';
import { Graph } from '../src/graph/graph';
import { type LocalNeo4j, startLocalNeo4j } from '../tools/neo4j-local';
import { repoRoot } from '../src/paths';
import { testCypherRoots } from '../test/helpers/cypher-roots';
import { entityHash, relationshipHash } from '../src/sync/finalize/content-hash';

// The benchmark is a tool, not the service: it reads its own few settings and hands the service
// its configuration through the children's environment.
// eslint-disable-next-line no-restricted-syntax
const ENV: NodeJS.ProcessEnv = process.env;

// ---------------------------------------------------------------------------------------------
// Options

interface Options {
  entities: number;
  batch: number;
  concurrency: number;
  /** FINALIZE_BATCH_SIZE for the service, and the floor's rows per transaction. */
  chunk: number;
  local: boolean;
  /** Run the service from src/ with tsx instead of the compiled dist/. */
  source: boolean;
  seed: number;
  heap: string;
  pagecache: string;
  /** Each entity carries its source record as SDK-form `_rawData` (stored as versions). */
  rawData: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const o: Options = {
    entities: num(ENV.BENCH_ENTITIES, 100_000),
    batch: num(ENV.BENCH_BATCH, 1000),
    concurrency: num(ENV.BENCH_CONCURRENCY, 4),
    chunk: num(ENV.FINALIZE_BATCH_SIZE, 5000),
    local: ENV.BENCH_LOCAL === '1',
    source: ENV.BENCH_SOURCE === '1',
    seed: num(ENV.BENCH_SEED, 42),
    heap: ENV.BENCH_NEO4J_HEAP ?? '2g',
    pagecache: ENV.BENCH_NEO4J_PAGECACHE ?? '1g',
    rawData: ENV.BENCH_RAW_DATA === '1',
  };
  const { values } = parseArgs({
    args: [...argv],
    options: {
      entities: { type: 'string' },
      batch: { type: 'string' },
      concurrency: { type: 'string' },
      chunk: { type: 'string' },
      seed: { type: 'string' },
      local: { type: 'boolean' },
      source: { type: 'boolean' },
      'raw-data': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    process.stdout.write(
      'npm run bench:ingest -- [--entities N] [--batch 1000] [--concurrency 4] [--chunk 5000]\n' +
        '                        [--seed 42] [--local] [--source] [--raw-data]\n' +
        'Env: NEO4J_URI (else a local Neo4j is started), REDIS_URL (queue mode; default\n' +
        'redis://127.0.0.1:6379), BENCH_NEO4J_HEAP (2g), BENCH_NEO4J_PAGECACHE (1g).\n',
    );
    process.exit(0);
  }
  o.entities = num(values.entities, o.entities);
  o.batch = num(values.batch, o.batch);
  o.concurrency = num(values.concurrency, o.concurrency);
  o.chunk = num(values.chunk, o.chunk);
  o.seed = num(values.seed, o.seed);
  if (values.local === true) o.local = true;
  if (values.source === true) o.source = true;
  if (values['raw-data'] === true) o.rawData = true;
  if (o.entities < 10) throw new Error('--entities must be at least 10');
  return o;
}

function num(v: string | undefined, dflt: number): number {
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Not a positive integer: ${v}`);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Deterministic data: entity i and relationship j are pure functions of (seed, index, variant),
// so nothing is held in memory and every run uploads the same graph.

const TYPES = Array.from({ length: 20 }, (_, t) => `bench_type_${String(t).padStart(2, '0')}`);
const CLASSES = ['Host', 'Application', 'User', 'Account', 'DataStore', 'Firewall', 'Key'];
const REL_CLASSES = ['HAS', 'USES', 'CONTAINS', 'CONNECTS', 'OWNS'];
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rngFor(seed: number, kind: number, index: number): () => number {
  return mulberry32(Math.imul(seed, 0x9e3779b1) ^ Math.imul(kind + 1, 0x85ebca6b) ^ index);
}

type Json = Record<string, unknown>;

function entityKey(i: number): string {
  return `bench-entity-${i}`;
}

function entityType(i: number): string {
  return TYPES[i % TYPES.length]!;
}

/** Entity i as a client uploads it; variant 1 is the "10% change" (a different lastSeenOn). */
function entity(seed: number, i: number, variant: 0 | 1): Json {
  const r = rngFor(seed, 0, i);
  const t = i % TYPES.length;
  const w = (): string => WORDS[Math.floor(r() * WORDS.length)]!;
  return {
    _key: entityKey(i),
    _type: entityType(i),
    _class: [CLASSES[t % CLASSES.length]!],
    name: `${w()}-${w()}-${i}`,
    displayName: `Bench ${entityType(i)} ${i}`,
    description: `${w()} ${w()} ${w()} ${w()} ${w()}`,
    active: r() < 0.8,
    region: `region-${Math.floor(r() * 12)}`,
    sizeBytes: Math.floor(r() * 1e9),
    score: Math.round(r() * 10_000) / 100,
    createdOn: 1_600_000_000_000 + Math.floor(r() * 1e11),
    lastSeenOn: 1_700_000_000_000 + (variant === 1 ? 86_400_000 : 0),
    tags: [w(), w(), w()],
    webLink: `https://example.com/${entityType(i)}/${i}`,
  };
}

/** Relationship j: from entity j mod N to a pseudo-random other entity; 2N in all. */
function relationship(seed: number, n: number, j: number, variant: 0 | 1): Json {
  const r = rngFor(seed, 1, j);
  const from = j % n;
  let to = Math.floor(r() * n);
  if (to === from) to = (to + 1) % n;
  const cls = REL_CLASSES[j % REL_CLASSES.length]!;
  return {
    _key: `bench-rel-${j}`,
    _type: `${entityType(from)}_${cls.toLowerCase()}_${entityType(to)}`,
    _class: cls,
    _fromEntityKey: entityKey(from),
    _toEntityKey: entityKey(to),
    weight: Math.round(r() * 1000),
    enabled: r() < 0.9,
    note: `link ${j}`,
    lastSeenOn: 1_700_000_000_000 + (variant === 1 ? 86_400_000 : 0),
  };
}

/** The 10% change: every tenth entity and every tenth relationship. */
const changed = (index: number): boolean => index % 10 === 0;

function countChanged(total: number): number {
  return Math.ceil(total / 10);
}

// ---------------------------------------------------------------------------------------------
// Processes and RSS

interface Proc {
  name: string;
  child: ChildProcess;
  output: string;
  peakRssKb: number;
  exited: Promise<number | null>;
}

function startProc(name: string, args: string[], env: NodeJS.ProcessEnv): Proc {
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

async function waitForOutput(proc: Proc, pattern: RegExp, timeoutMs: number): Promise<string[]> {
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

function sampleRss(procs: Proc[]): void {
  for (const p of procs) {
    const kb = Math.max(procStatusKb(p.child.pid, 'VmHWM'), procStatusKb(p.child.pid, 'VmRSS'));
    p.peakRssKb = Math.max(p.peakRssKb, kb);
  }
}

async function stopProc(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = sleep(30_000).then(() => 'timeout' as const);
  if ((await Promise.race([proc.exited, timer])) === 'timeout') proc.child.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------
// HTTP client

class Client {
  constructor(
    readonly base: string,
    private readonly headers: Record<string, string>,
  ) {}

  async call<T>(method: string, p: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.base}${p}`, {
        method,
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.ok) return JSON.parse(text) as T;
      // 503 (Neo4j busy, a transient error) is what a client retries.
      if (res.status === 503 && attempt < 5) {
        await sleep(500 * attempt);
        continue;
      }
      throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 500)}`);
    }
  }
}

interface JobBody {
  job: Record<string, unknown> & { id: string; status: string };
}

// ---------------------------------------------------------------------------------------------
// The measured runs

interface RunResult {
  label: string;
  uploadMs: number;
  objects: number;
  finalizeMs: number;
  job: Record<string, unknown>;
}

async function runDiff(
  client: Client,
  opts: Options,
  label: string,
  variantOf: (index: number) => 0 | 1,
  tick: () => void,
): Promise<RunResult> {
  const n = opts.entities;
  const { job } = await client.call<JobBody>('POST', '/persister/synchronization/jobs', {
    source: 'api',
    scope: 'bench',
    syncMode: 'DIFF',
  });
  const jobPath = `/persister/synchronization/jobs/${job.id}`;
  // Entities first, then relationships, in batches of opts.batch objects.
  const batches: Array<() => Json> = [];
  for (let start = 0; start < n; start += opts.batch) {
    const end = Math.min(n, start + opts.batch);
    batches.push(() => ({
      entities: range(start, end).map((i) => {
        const e = entity(opts.seed, i, variantOf(i));
        // The SDK's form: the record the entity was built from (here: its own properties).
        return opts.rawData ? { ...e, _rawData: [{ name: 'default', rawData: { ...e } }] } : e;
      }),
    }));
  }
  for (let start = 0; start < 2 * n; start += opts.batch) {
    const end = Math.min(2 * n, start + opts.batch);
    batches.push(() => ({
      relationships: range(start, end).map((j) => relationship(opts.seed, n, j, variantOf(j))),
    }));
  }
  const uploadStart = performance.now();
  let next = 0;
  let done = 0;
  let lastReport = uploadStart;
  // Entities must all be uploaded before relationships only for readability of the counters:
  // the service applies entities first at finalize regardless of upload order.
  const worker = async (): Promise<void> => {
    while (next < batches.length) {
      const body = batches[next++]!();
      await client.call('POST', `${jobPath}/upload`, body);
      done++;
      tick();
      const now = performance.now();
      if (now - lastReport > 10_000) {
        lastReport = now;
        progress(
          `  ${label}: uploaded ${done}/${batches.length} batches (${rate(done * opts.batch, now - uploadStart)} objects/s)`,
        );
      }
    }
  };
  await Promise.all(range(0, opts.concurrency).map(() => worker()));
  const uploadMs = performance.now() - uploadStart;
  progress(
    `  ${label}: upload done, ${3 * n} objects in ${secs(uploadMs)} (${rate(3 * n, uploadMs)} objects/s); finalizing...`,
  );
  const finalizeStart = performance.now();
  let current = (await client.call<JobBody>('POST', `${jobPath}/finalize`, {})).job;
  let lastFinalizeReport = finalizeStart;
  while (!['FINISHED', 'FAILED', 'ERROR', 'ABORTED'].includes(current.status)) {
    await sleep(200);
    tick();
    current = (await client.call<JobBody>('GET', jobPath)).job;
    const now = performance.now();
    if (now - lastFinalizeReport > 10_000) {
      lastFinalizeReport = now;
      progress(
        `  ${label}: finalizing for ${secs(now - finalizeStart)} (entities created ${String(current.numEntitiesCreated)}, updated ${String(current.numEntitiesUpdated)}; relationships created ${String(current.numRelationshipsCreated)}, updated ${String(current.numRelationshipsUpdated)})`,
      );
    }
  }
  const finalizeMs = performance.now() - finalizeStart;
  progress(`  ${label}: ${current.status} in ${secs(finalizeMs)}`);
  if (current.status !== 'FINISHED') {
    throw new Error(`${label}: job ended ${current.status}: ${JSON.stringify(current)}`);
  }
  return { label, uploadMs, objects: 3 * n, finalizeMs, job: current };
}

/** The floor: the same rows written by bare UNWIND ... CREATE statements, same chunk size. */
async function runFloor(graph: Graph, opts: Options, accountId: string): Promise<number> {
  const n = opts.entities;
  const now = Date.now();
  const jobId = randomUUID();
  await graph.autoCommit('bench/floor-index');
  await graph.autoCommit('health/await-indexes');
  let writeMs = 0;
  for (let start = 0; start < n; start += opts.chunk) {
    const rows = range(start, Math.min(n, start + opts.chunk)).map((i) => {
      const e = entity(opts.seed, i, 0);
      const { _key, _type, _class, ...properties } = e;
      return {
        ...properties,
        _source: 'api',
        _beginOn: now,
        _deleted: false,
        _lastSyncJobId: jobId,
        _lastSyncOp: 'created',
        _accountId: accountId,
        _scope: 'bench-floor',
        _key,
        _type,
        _class,
        _id: randomUUID(),
        _createdOn: now,
        _version: 1,
        _hash: entityHash({
          type: _type as string,
          classes: _class as string[],
          properties,
        }),
      };
    });
    const t0 = performance.now();
    await graph.write('bench/floor-create-nodes', { rows });
    writeMs += performance.now() - t0;
  }
  progress(`  floor: ${n} nodes in ${secs(writeMs)}`);
  for (let start = 0; start < 2 * n; start += opts.chunk) {
    const rows = range(start, Math.min(2 * n, start + opts.chunk)).map((j) => {
      const r = relationship(opts.seed, n, j, 0);
      const { _key, _type, _class, _fromEntityKey, _toEntityKey, ...properties } = r;
      return {
        fromKey: _fromEntityKey,
        toKey: _toEntityKey,
        props: {
          ...properties,
          _source: 'api',
          _beginOn: now,
          _deleted: false,
          _lastSyncJobId: jobId,
          _lastSyncOp: 'created',
          _type,
          _class,
          _endOn: null,
          _hash: relationshipHash({
            type: _type as string,
            class: _class as string,
            fromKey: _fromEntityKey as string,
            toKey: _toEntityKey as string,
            properties,
          }),
          _fromEntityKey,
          _toEntityKey,
          _accountId: accountId,
          _scope: 'bench-floor',
          _key,
          _id: randomUUID(),
          _createdOn: now,
          _version: 1,
        },
      };
    });
    const t0 = performance.now();
    await graph.write('bench/floor-create-relationships', { rows });
    writeMs += performance.now() - t0;
  }
  progress(`  floor: ${n} nodes and ${2 * n} relationships in ${secs(writeMs)}; cleaning up...`);
  await graph.autoCommit('bench/floor-clean-up');
  await graph.autoCommit('bench/floor-drop-index');
  return writeMs;
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const n = opts.entities;
  const redisUrl = opts.local ? undefined : (ENV.REDIS_URL ?? 'redis://127.0.0.1:6379');
  progress(
    `bench:ingest: ${n} entities, ${2 * n} relationships, batches of ${opts.batch}, ` +
      `${opts.concurrency} concurrent uploads, finalize chunks of ${opts.chunk}, ` +
      `${redisUrl === undefined ? 'local mode (finalize in the API)' : 'queue mode (API + 1 worker)'}`,
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-bench-'));
  const cleanups: Array<() => Promise<void>> = [];
  let neo4j: LocalNeo4j | undefined;
  try {
    let uri = ENV.NEO4J_URI;
    if (uri === undefined || uri === '') {
      neo4j = await startLocalNeo4j({
        homeDir: path.join(work, 'neo4j'),
        port: 0,
        heap: opts.heap,
        pagecache: opts.pagecache,
        log: (line) => progress(`[neo4j] ${line}`),
      });
      uri = neo4j.uri;
    }
    const graph = Graph.connect(
      {
        uri,
        user: ENV.NEO4J_USER,
        password: ENV.NEO4J_PASSWORD,
        database: ENV.NEO4J_DATABASE ?? 'neo4j',
      },
      CypherRegistry.load(...testCypherRoots),
    );
    cleanups.push(() => graph.close());

    let cli: string[];
    if (opts.source) {
      cli = ['--require', 'tsx/cjs', 'src/cli.ts'];
    } else {
      const built = spawnSync(
        process.execPath,
        ['-e', "require('./scripts/build-if-needed').buildIfNeeded((l) => console.error(l))"],
        { cwd: repoRoot, stdio: 'inherit' },
      );
      if (built.status !== 0) throw new Error('Build failed');
      cli = ['dist/src/cli.js'];
    }
    const adminToken = randomBytes(24).toString('hex');
    const serviceEnv: NodeJS.ProcessEnv = {
      ...ENV,
      NEO4J_URI: uri,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'warn',
      FINALIZE_BATCH_SIZE: String(opts.chunk),
      QUEUE_PREFIX: `bench-${process.pid}-${Date.now()}`,
    };
    if (redisUrl === undefined) delete serviceEnv.REDIS_URL;
    else serviceEnv.REDIS_URL = redisUrl;

    progress('Starting the API...');
    const api = startProc('API', [...cli, 'serve'], serviceEnv);
    cleanups.push(() => stopProc(api));
    const url = (await waitForOutput(api, /URL:\s+(http:\/\/\S+)/, 120_000))[1] ?? '';
    const procs = [api];
    let worker: Proc | undefined;
    if (redisUrl !== undefined) {
      progress('Starting a worker...');
      worker = startProc('worker', [...cli, 'worker'], { ...serviceEnv, LOG_LEVEL: 'info' });
      cleanups.push(() => stopProc(worker!));
      await waitForOutput(worker, /worker started/, 120_000);
      procs.push(worker);
    }
    const sampler = setInterval(() => sampleRss(procs), 250);
    cleanups.push(() => Promise.resolve(clearInterval(sampler)));

    const accountId = `bench-${Date.now()}`;
    const admin = new Client(url, { authorization: `Bearer ${adminToken}` });
    await admin.call('POST', '/admin/accounts', { id: accountId });
    const { key } = await admin.call<{ key: { secret: string } }>(
      'POST',
      `/admin/accounts/${accountId}/keys`,
      { name: 'bench' },
    );
    const client = new Client(url, {
      authorization: `Bearer ${key.secret}`,
      'JupiterOne-Account': accountId,
    });
    const tick = (): void => sampleRss(procs);

    progress(`Run 1/3: first DIFF (everything new)...`);
    const first = await runDiff(client, opts, 'first DIFF', () => 0, tick);
    progress(`Run 2/3: unchanged re-run...`);
    const same = await runDiff(client, opts, 'unchanged', () => 0, tick);
    progress(`Run 3/3: 10% changed...`);
    const change = await runDiff(client, opts, '10% change', (i) => (changed(i) ? 1 : 0), tick);
    sampleRss(procs);

    progress('Floor: bare UNWIND ... CREATE of the same rows...');
    const floorMs = await runFloor(graph, opts, accountId);

    printReport(opts, { first, same, change, floorMs, api, worker });
    const failures = checkCounters(opts, first, same, change);
    if (failures.length > 0) {
      process.stdout.write(`\nCOUNTER MISMATCH:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
      process.exitCode = 1;
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    await neo4j?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function checkCounters(opts: Options, first: RunResult, same: RunResult, change: RunResult) {
  const n = opts.entities;
  const expect: Array<[RunResult, Record<string, number>]> = [
    [
      first,
      {
        numEntitiesCreated: n,
        numEntitiesUpdated: 0,
        numEntitiesDeleted: 0,
        numRelationshipsCreated: 2 * n,
        numRelationshipsUpdated: 0,
        numRelationshipsDeleted: 0,
        numRelationshipCreateErrors: 0,
        ...(opts.rawData ? { numRawDataVersionsCreated: n } : {}),
      },
    ],
    [
      same,
      {
        numEntitiesCreated: 0,
        numEntitiesUpdated: 0,
        numEntitiesDeleted: 0,
        numRelationshipsCreated: 0,
        numRelationshipsUpdated: 0,
        numRelationshipsDeleted: 0,
        ...(opts.rawData ? { numRawDataVersionsCreated: 0 } : {}),
      },
    ],
    [
      change,
      {
        numEntitiesCreated: 0,
        numEntitiesUpdated: countChanged(n),
        numEntitiesDeleted: 0,
        numRelationshipsCreated: 0,
        numRelationshipsUpdated: countChanged(2 * n),
        numRelationshipsDeleted: 0,
        ...(opts.rawData ? { numRawDataVersionsCreated: countChanged(n) } : {}),
      },
    ],
  ];
  const out: string[] = [];
  for (const [run, fields] of expect) {
    for (const [field, want] of Object.entries(fields)) {
      if (run.job[field] !== want) {
        out.push(`${run.label}: ${field} = ${String(run.job[field])}, expected ${want}`);
      }
    }
  }
  return out;
}

function printReport(
  opts: Options,
  r: {
    first: RunResult;
    same: RunResult;
    change: RunResult;
    floorMs: number;
    api: Proc;
    worker: Proc | undefined;
  },
): void {
  const n = opts.entities;
  const uploadRate = (run: RunResult): string => `${rate(run.objects, run.uploadMs)} objects/s`;
  const counters = (run: RunResult): string => {
    const j = run.job;
    return (
      `E +${String(j.numEntitiesCreated)} ~${String(j.numEntitiesUpdated)} -${String(j.numEntitiesDeleted)}, ` +
      `R +${String(j.numRelationshipsCreated)} ~${String(j.numRelationshipsUpdated)} -${String(j.numRelationshipsDeleted)}` +
      (Number(j.numRelationshipCreateErrors) > 0
        ? ` (${String(j.numRelationshipCreateErrors)} R errors)`
        : '') +
      (opts.rawData ? `, raw +${String(j.numRawDataVersionsCreated)}` : '')
    );
  };
  const ratioFirst = r.first.finalizeMs / r.floorMs;
  const speedup = r.first.finalizeMs / r.same.finalizeMs;
  const apiMb = r.api.peakRssKb / 1024;
  const pass = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
  const rows: string[][] = [
    ['Figure', 'Value', 'Target', 'Result', 'Counters (created ~updated -deleted)'],
    ['Upload rate, first DIFF', uploadRate(r.first), '', '', ''],
    ['Upload rate, unchanged', uploadRate(r.same), '', '', ''],
    ['Upload rate, 10% change', uploadRate(r.change), '', '', ''],
    ['Floor (bare UNWIND CREATE)', secs(r.floorMs), '', '', `E +${n}, R +${2 * n}`],
    [
      'Finalize, first DIFF',
      `${secs(r.first.finalizeMs)} (${ratioFirst.toFixed(2)}x floor)`,
      '<= 2x floor',
      pass(ratioFirst <= 2),
      counters(r.first),
    ],
    [
      'Finalize, unchanged re-run',
      `${secs(r.same.finalizeMs)} (${speedup.toFixed(2)}x faster)`,
      '>= 3x faster than first',
      pass(speedup >= 3),
      counters(r.same),
    ],
    [
      'Finalize, 10% change',
      `${secs(r.change.finalizeMs)} (${(r.change.finalizeMs / r.floorMs).toFixed(2)}x floor)`,
      '',
      '',
      counters(r.change),
    ],
    ['Peak RSS, API', `${apiMb.toFixed(0)} MB`, '< 400 MB', pass(apiMb < 400), ''],
    [
      'Peak RSS, worker',
      r.worker === undefined ? 'n/a (local mode)' : `${(r.worker.peakRssKb / 1024).toFixed(0)} MB`,
      '',
      '',
      '',
    ],
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]): string =>
    `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  const out = [
    '',
    `graphsync ingest benchmark: ${n} entities (20 types), ${2 * n} relationships; ` +
      `uploads of ${opts.batch} objects, ${opts.concurrency} concurrent; finalize chunks of ${opts.chunk}; ` +
      `${r.worker === undefined ? 'local mode' : 'queue mode (1 worker)'}; ${os.cpus().length} CPUs` +
      (opts.rawData ? '; every entity with SDK-form _rawData (the floor writes none)' : ''),
    '',
    line(rows[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, k) => start + k);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function secs(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function rate(objects: number, ms: number): string {
  return Math.round((objects * 1000) / Math.max(ms, 1)).toLocaleString('en-US');
}

function progress(line: string): void {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:ingest failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
