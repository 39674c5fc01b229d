/** The ingest benchmark's options: command line first, then BENCH_* environment, then defaults. */
import { parseArgs } from 'node:util';

// The benchmark is a tool, not the service: it reads its own few settings and hands the service
// its configuration through the children's environment.
// eslint-disable-next-line no-restricted-syntax
export const ENV: NodeJS.ProcessEnv = process.env;

export interface Options {
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
  /** Upload bodies gzip-compressed (Content-Encoding: gzip). */
  gzip: boolean;
  /** Where the figures go as JSON (--json FILE), if anywhere. */
  json: string | undefined;
  /** Also time `j1-integration neo4j push` (--peer), at peerEntities, for at most peerBudgetMin. */
  peer: boolean;
  peerEntities: number;
  peerBudgetMin: number;
  /** Run the service with the S3 blob store against a local S3Mock (--s3). */
  s3: boolean;
  /** Where the API and the worker write V8 CPU profiles (--cpu-prof DIR), if anywhere. */
  cpuProf: string | undefined;
  /** Print each run's finalize phases and slowest statements (--timings). */
  timings: boolean;
  /** Leave out the warm-up (--cold): the first DIFF then meets a cold Neo4j (warm-up.ts). */
  cold: boolean;
}

/** The JupiterOne SDK's upload shape: 250 objects per request, 6 in flight, gzip on. */
export const SDK_SHAPE = { batch: 250, concurrency: 6, gzip: true } as const;

const HELP =
  'npm run bench:ingest -- [--entities N] [--batch 1000] [--concurrency 4] [--chunk 5000]\n' +
  '                        [--seed 42] [--local] [--source] [--raw-data] [--json FILE]\n' +
  '                        [--sdk-shape] [--gzip] [--peer [--peer-entities 10000]\n' +
  '                        [--peer-budget 8]] [--s3] [--cpu-prof DIR]\n' +
  '                        [--timings] [--cold]\n' +
  '--sdk-shape: upload as the JupiterOne SDK does (250 objects per request, 6 in flight, gzip).\n' +
  '--peer: also time `j1-integration neo4j push` of the same graph at N = --peer-entities\n' +
  '(default: 10000, or --entities when smaller) against the same Neo4j, giving up after\n' +
  '--peer-budget minutes.\n' +
  '--cpu-prof DIR: the API and the worker write V8 CPU profiles (.cpuprofile) to DIR when they\n' +
  'stop (open them in Chrome DevTools or speedscope).\n' +
  '--timings: after each run, its finalize phases and slowest statements, from the service metrics.\n' +
  '--cold: no warm-up (a first DIFF and a 10% change of 5,000 entities in a scope of their own,\n' +
  'removed again) before the timed runs; the first DIFF then meets a cold Neo4j.\n' +
  'Env: NEO4J_URI (else a local Neo4j is started), REDIS_URL (queue mode; default\n' +
  'redis://127.0.0.1:6379), BENCH_NEO4J_HEAP (2g), BENCH_NEO4J_PAGECACHE (1g).\n';

function defaults(): Options {
  return {
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
    gzip: false,
    json: undefined,
    peer: false,
    peerEntities: 10_000,
    peerBudgetMin: 8,
    s3: false,
    cpuProf: undefined,
    timings: false,
    cold: false,
  };
}

export function parseOptions(argv: readonly string[]): Options {
  const o = defaults();
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
      json: { type: 'string' },
      'sdk-shape': { type: 'boolean' },
      gzip: { type: 'boolean' },
      peer: { type: 'boolean' },
      'peer-entities': { type: 'string' },
      'peer-budget': { type: 'string' },
      s3: { type: 'boolean' },
      'cpu-prof': { type: 'string' },
      timings: { type: 'boolean' },
      cold: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  // The SDK's shape first, so that an explicit --batch or --concurrency still wins.
  if (values['sdk-shape'] === true) Object.assign(o, SDK_SHAPE);
  o.entities = num(values.entities, o.entities);
  o.batch = num(values.batch, o.batch);
  o.concurrency = num(values.concurrency, o.concurrency);
  o.chunk = num(values.chunk, o.chunk);
  o.seed = num(values.seed, o.seed);
  if (values.local === true) o.local = true;
  if (values.source === true) o.source = true;
  if (values['raw-data'] === true) o.rawData = true;
  if (values.gzip === true) o.gzip = true;
  o.json = values.json;
  o.peer = values.peer === true;
  // The peer is timed at 10k (issue 26), or at the run's N when that is smaller.
  o.peerEntities = num(values['peer-entities'], Math.min(o.peerEntities, o.entities));
  o.peerBudgetMin = num(values['peer-budget'], o.peerBudgetMin);
  o.s3 = values.s3 === true;
  o.cpuProf = values['cpu-prof'];
  o.timings = values.timings === true;
  o.cold = values.cold === true;
  if (o.entities < 10) throw new Error('--entities must be at least 10');
  return o;
}

export function num(v: string | undefined, dflt: number): number {
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Not a positive integer: ${v}`);
  return n;
}
