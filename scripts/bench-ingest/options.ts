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
}

const HELP =
  'npm run bench:ingest -- [--entities N] [--batch 1000] [--concurrency 4] [--chunk 5000]\n' +
  '                        [--seed 42] [--local] [--source] [--raw-data]\n' +
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
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    process.stdout.write(HELP);
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

export function num(v: string | undefined, dflt: number): number {
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Not a positive integer: ${v}`);
  return n;
}
