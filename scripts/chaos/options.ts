import { parseArgs } from 'node:util';

/** The faults the chaos suite knows, in the order the table lists them. */
export const FAULTS = [
  'sigkill',
  'redis-pause',
  'freeze',
  'redis-empty',
  'redis-slow',
  'neo4j-kill',
  'order',
  'uploads',
] as const;
export type FaultName = (typeof FAULTS)[number];

export interface ChaosOptions {
  /** Trials per fault (unless `trialsPerFault` says otherwise for one). */
  trials: number;
  trialsPerFault: Partial<Record<FaultName, number>>;
  faults: FaultName[];
  entities: number;
  relationships: number;
  /** No new trial starts once this much time has passed since the run began. */
  budgetMs: number;
  /** QUEUE_LOCK_DURATION of every fault but sigkill; undefined: the service's default. */
  lock: string | undefined;
  /** QUEUE_LOCK_DURATION of the sigkill fault; undefined (the default): the service's default. */
  sigkillLock: string | undefined;
  /** QUEUE_RECONCILE_INTERVAL of every worker. */
  reconcile: string;
  /** FINALIZE_BATCH_SIZE of every worker; undefined: the service's default. */
  batchSize: number | undefined;
  /** Objects per upload request. */
  uploadBatch: number;
  /** A job not final this long after its fault ended counts as stranded. */
  deadlineMs: number;
  /** After a job is final, how long no worker may touch it before the scope is checked. */
  settleMs: number;
  seed: number;
  /** Keep every trial's logs (by default only those of trials that found problems). */
  keepLogs: boolean;
  /** Heap and page cache of the Neo4j instances the suite starts. */
  neo4jHeap: string;
  neo4jPagecache: string;
}

export const DEFAULT_OPTIONS: ChaosOptions = {
  trials: 3,
  trialsPerFault: {},
  faults: [...FAULTS],
  entities: 2000,
  relationships: 4000,
  budgetMs: 40 * 60_000,
  lock: '2s',
  sigkillLock: undefined,
  reconcile: '1s',
  batchSize: 500,
  uploadBatch: 500,
  deadlineMs: 120_000,
  settleMs: 2000,
  seed: Date.now() % 1_000_000,
  keepLogs: false,
  neo4jHeap: '1g',
  neo4jPagecache: '256m',
};

export const USAGE = `npm run chaos -- [options]

  --trials N            trials per fault (default ${DEFAULT_OPTIONS.trials})
  --faults a,b,...      any of ${FAULTS.join(',')} (default: all)
  --entities N          entities per job (default ${DEFAULT_OPTIONS.entities})
  --relationships N     relationships per job (default: 2 x entities)
  --budget-min M        start no trial after M minutes (default ${DEFAULT_OPTIONS.budgetMs / 60_000})
  --lock D|default      QUEUE_LOCK_DURATION of the workers, except sigkill (default ${String(DEFAULT_OPTIONS.lock)})
  --sigkill-lock D      QUEUE_LOCK_DURATION of the sigkill fault (default: the service's default)
  --reconcile D         QUEUE_RECONCILE_INTERVAL of the workers (default ${DEFAULT_OPTIONS.reconcile})
  --batch-size N|default  FINALIZE_BATCH_SIZE of the workers (default ${String(DEFAULT_OPTIONS.batchSize)})
  --upload-batch N      objects per upload request (default ${DEFAULT_OPTIONS.uploadBatch})
  --deadline-s S        a job not final S seconds after its fault ended is stranded (default ${DEFAULT_OPTIONS.deadlineMs / 1000})
  --seed N              random seed (printed; default: time based)
  --big                 the reference figure: sigkill only, 10000 entities / 20000 relationships,
                        FINALIZE_BATCH_SIZE and QUEUE_LOCK_DURATION at the service's defaults
  --keep-logs           keep the logs of every trial (default: only of trials with problems)

Neo4j: NEO4J_URI when set (neo4j-kill always starts its own); otherwise one local Neo4j for the
run. Redis: a private redis-server per trial on a free port.`;

export function parseChaosArgs(argv: readonly string[]): ChaosOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      trials: { type: 'string' },
      faults: { type: 'string' },
      entities: { type: 'string' },
      relationships: { type: 'string' },
      'budget-min': { type: 'string' },
      lock: { type: 'string' },
      'sigkill-lock': { type: 'string' },
      reconcile: { type: 'string' },
      'batch-size': { type: 'string' },
      'upload-batch': { type: 'string' },
      'deadline-s': { type: 'string' },
      seed: { type: 'string' },
      big: { type: 'boolean' },
      'keep-logs': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help === true) return 'help';
  const o: ChaosOptions = { ...DEFAULT_OPTIONS, trialsPerFault: {} };
  if (values.big === true) {
    o.faults = ['sigkill'];
    o.entities = 10_000;
    o.relationships = 20_000;
    o.batchSize = undefined;
    o.uploadBatch = 1000;
  }
  if (values.trials !== undefined) o.trials = positive('--trials', values.trials);
  if (values.faults !== undefined) o.faults = parseFaults(values.faults);
  if (values.entities !== undefined) o.entities = positive('--entities', values.entities);
  o.relationships =
    values.relationships !== undefined
      ? positive('--relationships', values.relationships)
      : values.big === true && values.entities === undefined
        ? o.relationships
        : 2 * o.entities;
  if (o.entities < 30) throw new Error('--entities must be at least 30');
  if (values['budget-min'] !== undefined)
    o.budgetMs = positive('--budget-min', values['budget-min']) * 60_000;
  if (values.lock !== undefined) o.lock = durationOrDefault('--lock', values.lock);
  if (values['sigkill-lock'] !== undefined)
    o.sigkillLock = durationOrDefault('--sigkill-lock', values['sigkill-lock']);
  if (values.reconcile !== undefined) o.reconcile = duration('--reconcile', values.reconcile);
  if (values['batch-size'] !== undefined)
    o.batchSize =
      values['batch-size'] === 'default'
        ? undefined
        : positive('--batch-size', values['batch-size']);
  if (values['upload-batch'] !== undefined)
    o.uploadBatch = positive('--upload-batch', values['upload-batch']);
  if (values['deadline-s'] !== undefined)
    o.deadlineMs = positive('--deadline-s', values['deadline-s']) * 1000;
  if (values.seed !== undefined) o.seed = positive('--seed', values.seed);
  if (values['keep-logs'] === true) o.keepLogs = true;
  return o;
}

function parseFaults(text: string): FaultName[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const n of names) {
    if (!(FAULTS as readonly string[]).includes(n)) {
      throw new Error(`--faults: unknown fault '${n}' (known: ${FAULTS.join(', ')})`);
    }
  }
  return FAULTS.filter((f) => names.includes(f));
}

function positive(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} must be a positive number`);
  return n;
}

function duration(flag: string, text: string): string {
  if (!/^\d+(ms|s|m)?$/.test(text)) throw new Error(`${flag} must be a duration such as 2s`);
  return text;
}

function durationOrDefault(flag: string, text: string): string | undefined {
  return text === 'default' ? undefined : duration(flag, text);
}

/** Milliseconds of a duration as the service reads it ('2s', '500ms', '1m', or bare ms). */
export function durationMs(text: string): number {
  const m = /^(\d+)(ms|s|m)?$/.exec(text);
  if (m === null) throw new Error(`not a duration: ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000 }[m[2] ?? 'ms'] ?? 1;
  return Number(m[1]) * unit;
}
