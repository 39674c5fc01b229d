/**
 * `npm run bench:query`: the query benchmark of issue 6 (not a test).
 *
 * Part 1 (no database): parses and compiles every query of the J1QL corpus
 * (test/fixtures/corpus/j1ql-queries.json) in rounds, after warming up, and prints the median, p95 and
 * max per-query compile time against the target (median under 1 ms).
 *
 * Part 2: seeds a fresh account with a deterministic cloud-security graph of N entities (default
 * 100,000; 14 types) and about 1.45N relationships through the real sync service (a DIFF job,
 * finalized in-process as in local mode; a second DIFF leaves out 2% of the entities, so that
 * soft-deleted data is there to skip). Then it runs 10 typical rule queries, each compiled from
 * J1QL (all rows, as rule evaluation runs them) and written by hand in Cypher for the same
 * question, checks that both return the same rows, times both (median of --runs after warm-up,
 * round-robin over the queries) and prints the ratio per query against the target (within 1.5x).
 * Every statement is then PROFILEd once, for the db hits in the table; for a query above 1.5x
 * both texts and both plans are printed (--profile: for every query).
 *
 * A Neo4j of its own is started in a temporary directory unless NEO4J_URI is set. With
 * NEO4J_URI the benchmark account is deleted at the end unless --keep; --account ID reuses a
 * kept account (no seeding).
 *
 *   npm run bench:query -- [--entities N] [--runs 11] [--rounds 20] [--compile-only]
 *                          [--keep] [--account ID] [--profile] [--only 3,7]
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import neo4j from 'neo4j-driver';
import { AccountService } from '../src/accounts/account-service';
import { PropertyCatalog } from '../src/catalog/property-catalog';
import { type Config, loadConfig } from '../src/config/config';
import { AppError } from '../src/errors/app-error';
import type { Graph } from '../src/graph/graph';
import { openGraph } from '../src/graph/open-graph';
import { createLogger } from '../src/logging';
import { compileQuery, type CompileOptions } from '../src/query/j1ql/compile/compile';
import { parseQuery } from '../src/query/j1ql/parse';
import { type SyncJobs, syncJobsFromConfig } from '../src/sync/jobs/create-sync-jobs';
import { blobStoreFromConfig } from '../src/compose/blob-choice';
import type { SyncJob } from '../src/sync/jobs/job-types';
import { J1QL_CORPUS } from '../test/helpers/fixtures';

// The benchmark is a tool, not the service: it reads its own few settings and hands the service
// its configuration through loadConfig.
// eslint-disable-next-line no-restricted-syntax
const ENV: NodeJS.ProcessEnv = process.env;

// ---------------------------------------------------------------------------------------------
// Options

interface Options {
  entities: number;
  runs: number;
  warmup: number;
  rounds: number;
  seed: number;
  heap: string;
  pagecache: string;
  corpus: string;
  compileOnly: boolean;
  keep: boolean;
  account: string | undefined;
  profile: boolean;
  /** Query numbers to run (--only 3,7); all when empty. */
  only: number[];
  /** Share of the entities the second DIFF leaves out (soft-deleted); 0: one DIFF only. */
  deletedShare: number;
}

function parseOptions(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      entities: { type: 'string' },
      runs: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      seed: { type: 'string' },
      corpus: { type: 'string' },
      account: { type: 'string' },
      'deleted-percent': { type: 'string' },
      'compile-only': { type: 'boolean' },
      keep: { type: 'boolean' },
      profile: { type: 'boolean' },
      only: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    process.stdout.write(
      'npm run bench:query -- [--entities 100000] [--runs 11] [--warmup 2] [--rounds 20]\n' +
        '                       [--seed 42] [--deleted-percent 2] [--corpus FILE] [--compile-only]\n' +
        '                       [--keep] [--account ID] [--profile] [--only 3,7]\n' +
        'Env: NEO4J_URI (else a local Neo4j is started), NEO4J_USER, NEO4J_PASSWORD,\n' +
        'NEO4J_DATABASE, BENCH_NEO4J_HEAP (2g), BENCH_NEO4J_PAGECACHE (1g).\n',
    );
    process.exit(0);
  }
  const o: Options = {
    entities: num(values.entities ?? ENV.BENCH_ENTITIES, 100_000),
    runs: num(values.runs, 11),
    warmup: num(values.warmup, 2),
    rounds: num(values.rounds, 20),
    seed: num(values.seed, 42),
    heap: ENV.BENCH_NEO4J_HEAP ?? '2g',
    pagecache: ENV.BENCH_NEO4J_PAGECACHE ?? '1g',
    corpus: path.resolve(values.corpus ?? J1QL_CORPUS),
    compileOnly: values['compile-only'] === true,
    keep: values.keep === true,
    account: values.account,
    profile: values.profile === true,
    only: (values.only ?? '')
      .split(',')
      .filter((v) => v.trim() !== '')
      .map((v) => num(v, 0)),
    deletedShare:
      values['deleted-percent'] === undefined ? 0.02 : Number(values['deleted-percent']) / 100,
  };
  if (o.entities < 1000) throw new Error('--entities must be at least 1000');
  if (!(o.deletedShare >= 0 && o.deletedShare < 0.5)) {
    throw new Error('--deleted-percent must be between 0 and 50');
  }
  return o;
}

function num(v: string | undefined, dflt: number): number {
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n <= 0) throw new Error(`Not a positive integer: ${v}`);
  return n;
}

// ---------------------------------------------------------------------------------------------
// Part 1: compile time over the corpus

interface CorpusEntry {
  query: string;
}

/** Property names that hold lists in the seeded graph (what the catalog reports for it). */
const LIST_PROPERTIES: ReadonlySet<string> = new Set(['tags', 'email', 'actions']);

interface CompileReport {
  count: number;
  failures: string[];
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  slowest: string;
  rounds: number;
}

function benchCompile(opts: Options): CompileReport {
  const corpus = JSON.parse(fs.readFileSync(opts.corpus, 'utf8')) as CorpusEntry[];
  const options: CompileOptions = {
    includeDeleted: false,
    now: Date.now(),
    parameters: { longURL: 'x' },
    listProperties: LIST_PROPERTIES,
  };
  const compile = (text: string): unknown => compileQuery(parseQuery(text), options);
  const queries: string[] = [];
  const failures: string[] = [];
  for (const { query } of corpus) {
    try {
      compile(query);
      queries.push(query);
    } catch (err) {
      failures.push(`${oneLine(query, 80)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  progress(`Part 1: ${queries.length} corpus queries compile; warming up...`);
  for (let w = 0; w < 5; w++) for (const q of queries) compile(q);
  const samples = queries.map(() => new Array<number>(opts.rounds));
  for (let r = 0; r < opts.rounds; r++) {
    for (let i = 0; i < queries.length; i++) {
      const t0 = performance.now();
      compile(queries[i]!);
      samples[i]![r] = performance.now() - t0;
    }
  }
  const perQuery = samples.map(median);
  let slowest = 0;
  for (let i = 1; i < perQuery.length; i++) if (perQuery[i]! > perQuery[slowest]!) slowest = i;
  const sorted = [...perQuery].sort((a, b) => a - b);
  return {
    count: queries.length,
    failures,
    medianMs: median(perQuery),
    p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0,
    maxMs: sorted[sorted.length - 1] ?? 0,
    slowest: oneLine(queries[slowest] ?? '', 100),
    rounds: opts.rounds,
  };
}

function printCompileReport(r: CompileReport, corpusSize: number): void {
  const ms = (v: number): string => `${v.toFixed(3)} ms`;
  const rows = [
    ['Figure', 'Value', 'Target', 'Result'],
    [
      'Corpus queries compiled',
      `${r.count} of ${corpusSize}`,
      'all',
      pass(r.failures.length === 0),
    ],
    ['Compile time, median', ms(r.medianMs), '< 1 ms', pass(r.medianMs < 1)],
    ['Compile time, p95', ms(r.p95Ms), '', ''],
    ['Compile time, max', ms(r.maxMs), '', ''],
  ];
  const out = [
    '',
    `J1QL compile time (parse + compile, no database): each query's median of ${r.rounds} ` +
      `rounds after 5 warm-up rounds; Node ${process.version}`,
    '',
    ...table(rows),
    `Slowest: ${r.slowest}`,
    ...r.failures.map((f) => `FAILED TO COMPILE: ${f}`),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------
// Part 2, the data: entity i of a type and every relationship are pure functions of the seed.

type Json = Record<string, unknown>;
type Rand = () => number;

const DAY = 86_400_000;
const SCOPE = 'bench-query';

/** A small deterministic generator per (seed, stream, index): splitmix-style mixing. */
function randomFor(...parts: number[]): Rand {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ p, 0x01000193) >>> 0;
    h ^= h >>> 15;
  }
  return () => {
    h = (h + 0x9e3779b9) >>> 0;
    let z = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
/** Picks by weight: [[value, weight], ...]; weights need not sum to 1. */
function weighted<T>(r: Rand, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items[items.length - 1]![0];
}

interface GenContext {
  seed: number;
  /** Epoch ms the data is relative to (lastSeenOn and friends). */
  now: number;
  counts: Readonly<Record<string, number>>;
}

interface TypeSpec {
  type: string;
  classes: string[];
  /** How many at 100,000 entities (scaled with --entities; the last type takes the remainder). */
  per100k: number;
  props(i: number, r: Rand, ctx: GenContext): Json;
}

const REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-southeast-2'];
const ALARM_TOPICS = [
  'root account usage',
  'unauthorized api calls',
  'console sign-in without mfa',
  'iam policy changes',
  'cloudtrail configuration changes',
  'console authentication failures',
  's3 bucket policy changes',
  'security group changes',
  'network acl changes',
  'network gateway changes',
  'route table changes',
  'vpc changes',
];
const INSTANCE_TAGS = ['web', 'db', 'batch', 'cache', 'bastion', 'ci'];
const S3_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:ListBucket', 's3:DeleteObject', 's3:*'];

function hex(r: Rand, length: number): string {
  let s = '';
  while (s.length < length) s += Math.floor(r() * 0x100000000).toString(16);
  return s.slice(0, length);
}

const TYPES: readonly TypeSpec[] = [
  {
    type: 'aws_account',
    classes: ['Account'],
    per100k: 20,
    props: (i) => ({
      name: `account-${i}`,
      displayName: `AWS account ${i}`,
      accountId: String(100_000_000_000 + i),
      active: true,
    }),
  },
  {
    type: 'internet',
    classes: ['Internet', 'Network'],
    per100k: 1,
    props: () => ({ name: 'Internet', displayName: 'Internet', CIDR: '0.0.0.0/0', public: true }),
  },
  {
    type: 'aws_iam_user',
    classes: ['User'],
    per100k: 15_000,
    props: (i, r, ctx) => {
      // One root user per account: full-text noise for the "root" alarm search.
      const root = i < ctx.counts.aws_account!;
      const name = root ? 'root' : `iam-user-${i}`;
      const email = weighted<string[] | string | undefined>(r, [
        [[`${name}@example.com`, `${name}@corp.example.com`], 0.25],
        [`${name}@example.com`, 0.5],
        [undefined, 0.25],
      ]);
      const passwordEnabled = r() < 0.8;
      return {
        name,
        displayName: name,
        username: name,
        arn: `arn:aws:iam::${100_000_000_000 + (i % ctx.counts.aws_account!)}:user/${name}`,
        active: r() < 0.9,
        mfaEnabled: r() < 0.7,
        passwordEnabled,
        createdOn: ctx.now - Math.floor(r() * 3 * 365 * DAY),
        ...(passwordEnabled && r() < 0.75
          ? { passwordLastUsed: ctx.now - Math.floor(r() * 200 * DAY) }
          : {}),
        ...(email === undefined ? {} : { email }),
        ...(r() < 0.3 ? { tags: [pick(r, ['admin', 'dev', 'ops', 'finance'])] } : {}),
      };
    },
  },
  {
    type: 'okta_user',
    classes: ['User'],
    per100k: 5_000,
    props: (i, r) => ({
      name: `okta-user-${i}`,
      displayName: `Okta User ${i}`,
      login: `okta-user-${i}@example.com`,
      email: `okta-user-${i}@example.com`,
      status: r() < 0.92 ? 'ACTIVE' : 'SUSPENDED',
      active: r() < 0.92,
      mfaEnabled: r() < 0.85,
    }),
  },
  {
    type: 'user_endpoint',
    classes: ['Device'],
    per100k: 10_000,
    props: (i, r, ctx) => ({
      name: `laptop-${i}`,
      displayName: `laptop-${i}`,
      serialNumber: hex(r, 12).toUpperCase(),
      platform: pick(r, ['darwin', 'windows', 'linux']),
      encrypted: r() < 0.85,
      active: r() < 0.95,
      lastSeenOn: ctx.now - Math.floor(r() * 90 * DAY),
    }),
  },
  {
    type: 'aws_instance',
    classes: ['Host'],
    per100k: 15_000,
    props: (i, r, ctx) => {
      const state = weighted(r, [
        ['running', 0.8],
        ['stopped', 0.15],
        ['terminated', 0.05],
      ]);
      const isPublic = r() < 0.2;
      return {
        name: `instance-${i}`,
        displayName: `i-${hex(r, 17)}`,
        instanceId: `i-${i}`,
        instanceType: pick(r, ['t3.micro', 't3.large', 'm5.xlarge', 'c5.2xlarge']),
        region: pick(r, REGIONS),
        state,
        active: state === 'running',
        public: isPublic,
        ...(isPublic ? { publicIpAddress: `54.${i % 250}.${(i >> 8) % 250}.${i % 7}` } : {}),
        ...(r() < 0.7 ? { iamInstanceProfile: `profile-${i % 97}` } : {}),
        lastSeenOn: ctx.now - Math.floor(r() * 30 * DAY),
        'tag.Production': r() < 0.4,
        ...(r() < 0.5 ? { classification: pick(r, ['critical', 'internal', 'public']) } : {}),
        tags: INSTANCE_TAGS.filter(() => r() < 0.3),
      };
    },
  },
  {
    type: 'crowdstrike_sensor',
    classes: ['HostAgent'],
    per100k: 12_000,
    props: (i, r, ctx) => ({
      name: `sensor-${i}`,
      displayName: `CrowdStrike sensor ${i}`,
      agentVersion: `7.${Math.floor(r() * 10)}.${Math.floor(r() * 100)}`,
      function: weighted(r, [
        ['av', 0.4],
        ['anti-malware', 0.2],
        ['edr', 0.4],
      ]),
      active: r() < 0.9,
      lastSeenOn: ctx.now - Math.floor(r() * 14 * DAY),
    }),
  },
  {
    type: 'aws_security_group',
    classes: ['Firewall'],
    per100k: 5_000,
    props: (i, r) => ({
      name: `sg-${i}`,
      displayName: `sg-${hex(r, 8)}`,
      groupId: `sg-${i}`,
      vpcId: `vpc-${i % 300}`,
      region: pick(r, REGIONS),
      active: true,
    }),
  },
  {
    type: 'aws_s3_bucket',
    classes: ['DataStore'],
    per100k: 8_000,
    props: (i, r) => {
      const encrypted = weighted<boolean | undefined>(r, [
        [true, 0.6],
        [false, 0.3],
        [undefined, 0.1],
      ]);
      const classification = weighted<string | undefined>(r, [
        ['critical', 0.1],
        ['sensitive', 0.1],
        ['confidential', 0.1],
        ['restricted', 0.05],
        ['public', 0.15],
        ['internal', 0.3],
        [undefined, 0.2],
      ]);
      return {
        name: `bucket-${i}`,
        displayName: `bucket-${i}`,
        region: pick(r, REGIONS),
        public: r() < 0.15,
        ...(encrypted === undefined ? {} : { encrypted }),
        ...(classification === undefined ? {} : { classification }),
        'tag.Production': r() < 0.4,
        ...(r() < 0.6 ? { tags: [pick(r, ['logs', 'backup', 'data', 'web'])] } : {}),
      };
    },
  },
  {
    type: 'aws_iam_role',
    classes: ['AccessRole'],
    per100k: 8_000,
    props: (i, r, ctx) => ({
      name: `role-${i}`,
      displayName: `role-${i}`,
      arn: `arn:aws:iam::${100_000_000_000 + (i % ctx.counts.aws_account!)}:role/role-${i}`,
      createDate: ctx.now - Math.floor(r() * 700 * DAY),
    }),
  },
  {
    type: 'aws_iam_policy',
    classes: ['AccessPolicy'],
    per100k: 6_000,
    props: (i, r) => ({
      name: `policy-${i}`,
      displayName: `policy-${i}`,
      adminAccess: r() < 0.05,
      actions: S3_ACTIONS.filter(() => r() < 0.4),
    }),
  },
  {
    type: 'aws_inspector_finding',
    classes: ['Finding'],
    per100k: 12_000,
    props: (i, r, ctx) => ({
      name: `finding-${i}`,
      displayName: `CVE-2024-${10_000 + i}`,
      severity: weighted(r, [
        ['low', 0.4],
        ['medium', 0.3],
        ['high', 0.2],
        ['critical', 0.1],
      ]),
      numericSeverity: Math.round(r() * 100) / 10,
      open: r() < 0.6,
      createdOn: ctx.now - Math.floor(r() * 120 * DAY),
    }),
  },
  {
    type: 'crowdstrike_detection',
    classes: ['Finding'],
    per100k: 2_000,
    props: (i, r) => ({
      name: `detection-${i}`,
      displayName: `Detection ${i}`,
      severity: weighted(r, [
        ['low', 0.3],
        ['medium', 0.4],
        ['high', 0.3],
      ]),
      open: r() < 0.5,
    }),
  },
  {
    type: 'aws_cloudwatch_metric_alarm',
    classes: ['Resource'],
    per100k: 1_979, // the remainder
    props: (i, r) => {
      const topic = pick(r, ALARM_TOPICS);
      return {
        name: `alarm-${i}`,
        displayName: `CIS ${topic} alarm ${i}`,
        alarmName: `cis-${topic.replace(/\s+/g, '-')}-${i}`,
        metricName: `${topic.replace(/\s+/g, '')}Count`,
        namespace: 'LogMetrics',
        actionsEnabled: r() < 0.9,
      };
    },
  },
];

function typeCounts(entities: number): Record<string, number> {
  const counts: Record<string, number> = {};
  let used = 0;
  TYPES.forEach((t, k) => {
    const n =
      k === TYPES.length - 1
        ? entities - used
        : Math.max(1, Math.round((t.per100k * entities) / 100_000));
    counts[t.type] = n;
    used += n;
  });
  if (counts[TYPES[TYPES.length - 1]!.type]! < 1) throw new Error('Too few entities');
  return counts;
}

const keyOf = (type: string, i: number): string => `${type}-${i}`;

function entity(spec: TypeSpec, typeIndex: number, i: number, ctx: GenContext): Json {
  const r = randomFor(ctx.seed, typeIndex, i);
  return {
    _key: keyOf(spec.type, i),
    _type: spec.type,
    _class: spec.classes,
    ...spec.props(i, r, ctx),
  };
}

function entityProps(type: string, i: number, ctx: GenContext): Json {
  const k = TYPES.findIndex((t) => t.type === type);
  return entity(TYPES[k]!, k, i, ctx);
}

/** Every relationship of the graph, in a fixed order, with the keys of its two ends. */
function relationships(ctx: GenContext): Json[] {
  const c = ctx.counts;
  const n = (type: string): number => c[type]!;
  const out: Json[] = [];
  const seen = new Set<string>();
  const add = (
    fromType: string,
    from: number,
    cls: string,
    toType: string,
    to: number,
    props: Json = {},
    suffix = '',
  ): void => {
    const fromKey = keyOf(fromType, from);
    const toKey = keyOf(toType, to);
    const key = `${fromKey}|${cls}|${toKey}${suffix}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      _key: key,
      _type: `${fromType}_${cls.toLowerCase()}_${toType}`,
      _class: cls,
      _fromEntityKey: fromKey,
      _toEntityKey: toKey,
      ...props,
    });
  };
  let stream = 100;
  const rel = (): Rand => randomFor(ctx.seed, stream++, 0);
  // Accounts own users, instances, buckets and security groups.
  for (const t of ['aws_iam_user', 'aws_instance', 'aws_s3_bucket', 'aws_security_group']) {
    for (let i = 0; i < n(t); i++) add('aws_account', i % n('aws_account'), 'HAS', t, i);
  }
  // Users assume one role; roles carry one or two policies.
  let r = rel();
  for (let i = 0; i < n('aws_iam_user'); i++) {
    add('aws_iam_user', i, 'ASSIGNED', 'aws_iam_role', Math.floor(r() * n('aws_iam_role')));
  }
  r = rel();
  for (let i = 0; i < n('aws_iam_role'); i++) {
    add('aws_iam_role', i, 'ASSIGNED', 'aws_iam_policy', i % n('aws_iam_policy'));
    if (r() < 0.25) {
      add('aws_iam_role', i, 'ASSIGNED', 'aws_iam_policy', Math.floor(r() * n('aws_iam_policy')));
    }
  }
  // Sensors protect hosts and devices (about half of them).
  const hosts = n('aws_instance');
  const pool = hosts + n('user_endpoint');
  for (let i = 0; i < n('crowdstrike_sensor'); i++) {
    const target = (i * 7919) % pool;
    if (target < hosts) add('crowdstrike_sensor', i, 'PROTECTS', 'aws_instance', target);
    else add('crowdstrike_sensor', i, 'PROTECTS', 'user_endpoint', target - hosts);
  }
  // Each security group protects three instances and has 0-3 rules that allow the Internet.
  const PORTS: ReadonlyArray<readonly [number, number]> = [
    [22, 22],
    [80, 80],
    [443, 443],
    [3389, 3389],
    [0, 65535],
    [1024, 65535],
    [8080, 8090],
    [20, 23],
  ];
  r = rel();
  for (let i = 0; i < n('aws_security_group'); i++) {
    for (let k = 0; k < 3; k++) {
      add('aws_security_group', i, 'PROTECTS', 'aws_instance', (3 * i + k) % hosts);
    }
    const rules = Math.floor(r() * 4);
    for (let k = 0; k < rules; k++) {
      const [fromPort, toPort] = pick(r, PORTS);
      const props = { ingress: r() < 0.7, fromPort, toPort, ipProtocol: 'tcp' };
      add('aws_security_group', i, 'ALLOWS', 'internet', 0, props, `#${k}`);
    }
  }
  // Findings on instances; detections on sensors.
  r = rel();
  for (let i = 0; i < n('aws_inspector_finding'); i++) {
    add('aws_instance', Math.floor(r() * hosts), 'HAS', 'aws_inspector_finding', i);
  }
  r = rel();
  for (let i = 0; i < n('crowdstrike_detection'); i++) {
    const sensor = Math.floor(r() * n('crowdstrike_sensor'));
    add('crowdstrike_sensor', sensor, 'HAS', 'crowdstrike_detection', i);
  }
  // Instances with a profile use a role; Okta users use their laptops; policies allow buckets.
  r = rel();
  for (let i = 0; i < hosts; i++) {
    if (entityProps('aws_instance', i, ctx).iamInstanceProfile !== undefined) {
      add('aws_instance', i, 'USES', 'aws_iam_role', Math.floor(r() * n('aws_iam_role')));
    }
  }
  for (let i = 0; i < n('user_endpoint'); i++) {
    add('okta_user', i % n('okta_user'), 'USES', 'user_endpoint', i);
  }
  r = rel();
  for (let i = 0; i < n('aws_s3_bucket'); i++) {
    const permission = pick(r, ['READ', 'WRITE', 'FULL_CONTROL']);
    add('aws_iam_policy', Math.floor(r() * n('aws_iam_policy')), 'ALLOWS', 'aws_s3_bucket', i, {
      permission,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Part 2, seeding through the sync service

interface SeedResult {
  entities: number;
  relationships: number;
  jobs: SyncJob[];
  ms: number;
}

/** Entities left out of the second DIFF (so soft-deleted): every 1/share-th of each type. */
function isDropped(i: number, share: number): boolean {
  if (share === 0) return false;
  const every = Math.round(1 / share);
  return i % every === every - 1;
}

async function seed(
  sync: SyncJobs,
  accountId: string,
  opts: Options,
  ctx: GenContext,
): Promise<SeedResult> {
  const t0 = performance.now();
  const rels = relationships(ctx);
  progress(
    `Seeding ${opts.entities} entities and ${rels.length} relationships into account ` +
      `'${accountId}' through the sync service (DIFF, scope '${SCOPE}')...`,
  );
  const jobs = [await runDiff(sync, accountId, opts, ctx, rels, 'DIFF 1/2', () => true)];
  if (opts.deletedShare > 0) {
    const dropped = new Set<string>();
    const keep = (e: Json): boolean => {
      const [type, i] = [String(e._type), Number(String(e._key).split('-').pop())];
      if (type === 'internet' || type === 'aws_account') return true;
      if (!isDropped(i, opts.deletedShare)) return true;
      dropped.add(String(e._key));
      return false;
    };
    jobs.push(
      await runDiff(sync, accountId, opts, ctx, rels, 'DIFF 2/2', keep, (rel) => {
        return !dropped.has(String(rel._fromEntityKey)) && !dropped.has(String(rel._toEntityKey));
      }),
    );
  }
  return { entities: opts.entities, relationships: rels.length, jobs, ms: performance.now() - t0 };
}

async function runDiff(
  sync: SyncJobs,
  accountId: string,
  opts: Options,
  ctx: GenContext,
  rels: Json[],
  label: string,
  keepEntity: (e: Json) => boolean,
  keepRel: (r: Json) => boolean = () => true,
): Promise<SyncJob> {
  const job = await sync.service.start({
    accountId,
    body: { source: 'api', scope: SCOPE, syncMode: 'DIFF' },
  });
  const ref = { accountId, jobId: job.id };
  const BATCH = 1000;
  // Entities first (filtering decides which relationships survive), then relationships.
  const batches: Array<() => Json> = [];
  TYPES.forEach((spec, k) => {
    const count = ctx.counts[spec.type]!;
    for (let start = 0; start < count; start += BATCH) {
      const end = Math.min(count, start + BATCH);
      batches.push(() => ({
        entities: range(start, end)
          .map((i) => entity(spec, k, i, ctx))
          .filter(keepEntity),
      }));
    }
  });
  const entityBatches = batches.length;
  let uploads = 0;
  const upload = async (body: Json): Promise<void> => {
    // A correlation id per batch, so that a retried batch is never staged twice.
    const correlationId = `${job.id}-${uploads++}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await sync.service.upload({
          ...ref,
          route: 'upload',
          body,
          format: 'json',
          correlationId,
          ignoreDuplicates: false,
          ignoreIllegalProperties: false,
        });
        return;
      } catch (err) {
        // What a client retries (HTTP 503): a transient Neo4j error such as a deadlock.
        if (!(err instanceof AppError && err.retryable) || attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  };
  const t0 = performance.now();
  let last = t0;
  let done = 0;
  const report = (): void => {
    const now = performance.now();
    if (now - last < 10_000) return;
    last = now;
    progress(`  ${label}: uploaded ${done} batches (${secs(now - t0)})`);
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < entityBatches) {
      await upload(batches[next++]!());
      done++;
      report();
    }
  };
  await Promise.all(range(0, 4).map(() => worker()));
  const kept = rels.filter(keepRel);
  let nextRel = 0;
  const relWorker = async (): Promise<void> => {
    while (nextRel < kept.length) {
      const start = nextRel;
      nextRel += BATCH;
      await upload({ relationships: kept.slice(start, start + BATCH) });
      done++;
      report();
    }
  };
  await Promise.all(range(0, 4).map(() => relWorker()));
  const uploadMs = performance.now() - t0;
  progress(`  ${label}: ${done} batches uploaded in ${secs(uploadMs)}; finalizing...`);
  const f0 = performance.now();
  const poll = setInterval(() => {
    sync.service
      .get(ref)
      .then((j) =>
        progress(
          `  ${label}: finalizing for ${secs(performance.now() - f0)} (entities +${j.numEntitiesCreated} ` +
            `~${j.numEntitiesUpdated} -${j.numEntitiesDeleted}; relationships +${j.numRelationshipsCreated} ` +
            `~${j.numRelationshipsUpdated} -${j.numRelationshipsDeleted})`,
        ),
      )
      .catch(() => undefined);
  }, 15_000);
  let finished: SyncJob;
  try {
    await sync.service.finalize({ ...ref, body: {} });
    finished = await sync.service.get(ref);
  } finally {
    clearInterval(poll);
  }
  progress(
    `  ${label}: ${finished.status} in ${secs(performance.now() - f0)}: entities ` +
      `+${finished.numEntitiesCreated} ~${finished.numEntitiesUpdated} -${finished.numEntitiesDeleted}, ` +
      `relationships +${finished.numRelationshipsCreated} ~${finished.numRelationshipsUpdated} ` +
      `-${finished.numRelationshipsDeleted} (${finished.numRelationshipCreateErrors} errors)`,
  );
  if (finished.status !== 'FINISHED' || finished.numRelationshipCreateErrors > 0) {
    throw new Error(`${label}: job ended ${finished.status}: ${JSON.stringify(finished)}`);
  }
  return finished;
}

// ---------------------------------------------------------------------------------------------
// Part 2, the queries: J1QL as rules write it, and the Cypher an expert would write for the same
// question on this graph model (docs/graph-model.md): the same account and `_deleted` checks,
// the same rows (entities as `properties(n) AS entity`), directions known from the data.

interface BenchQuery {
  name: string;
  j1ql: string;
  cypher: string;
  /** Values of the hand-written Cypher besides $accountId. */
  params?: (now: number) => Record<string, unknown>;
}

const QUERIES: readonly BenchQuery[] = [
  {
    name: 'Q1 WITH booleans',
    j1ql: 'FIND aws_s3_bucket WITH public = true AND encrypted = false',
    cypher: `
MATCH (b:Entity {_accountId: $accountId, _type: 'aws_s3_bucket'})
WHERE b._deleted = false AND b.public = true AND b.encrypted = false
RETURN properties(b) AS entity`,
  },
  {
    name: 'Q2 != and = undefined',
    j1ql: "FIND aws_instance WITH state != 'terminated' AND iamInstanceProfile = undefined",
    cypher: `
MATCH (i:Entity {_accountId: $accountId, _type: 'aws_instance'})
WHERE i._deleted = false AND (i.state IS NULL OR i.state <> 'terminated')
  AND i.iamInstanceProfile IS NULL
RETURN properties(i) AS entity`,
  },
  {
    name: 'Q3 THAT !PROTECTS',
    j1ql: 'FIND (Host|Device) THAT !PROTECTS HostAgent WITH active = true',
    cypher: `
MATCH (h:Host|Device)
WHERE h._accountId = $accountId AND h._deleted = false
  AND NOT EXISTS {
    MATCH (h)<-[p:PROTECTS]-(a:HostAgent)
    WHERE p._deleted = false AND a._accountId = $accountId AND a._deleted = false
      AND a.active = true
  }
RETURN properties(h) AS entity`,
  },
  {
    name: 'Q4 2 hops, WITH on 2nd',
    j1ql:
      'FIND User WITH active = true THAT ASSIGNED AccessRole THAT ASSIGNED AccessPolicy ' +
      'WITH adminAccess = true',
    cypher: `
MATCH (u:User)-[a:ASSIGNED]->(r:AccessRole)-[b:ASSIGNED]->(p:AccessPolicy)
WHERE u._accountId = $accountId AND u._deleted = false AND u.active = true
  AND a._deleted = false AND r._accountId = $accountId AND r._deleted = false
  AND b._deleted = false AND p._accountId = $accountId AND p._deleted = false
  AND p.adminAccess = true
WITH DISTINCT u
RETURN properties(u) AS entity`,
  },
  {
    name: 'Q5 rel alias port range',
    j1ql:
      'FIND aws_security_group AS sg THAT ALLOWS AS rule Internet ' +
      'WHERE rule.ingress = true AND rule.fromPort <= 22 AND rule.toPort >= 22',
    cypher: `
MATCH (sg:Entity {_accountId: $accountId, _type: 'aws_security_group'})-[rule:ALLOWS]->(i:Internet)
WHERE sg._deleted = false AND rule._deleted = false
  AND i._accountId = $accountId AND i._deleted = false
  AND rule.ingress = true AND rule.fromPort <= 22 AND rule.toPort >= 22
WITH DISTINCT sg
RETURN properties(sg) AS entity`,
  },
  {
    name: 'Q6 optional traversal',
    j1ql: "FIND (Host|Device) (THAT PROTECTS HostAgent)? THAT HAS Finding WITH severity = 'high'",
    cypher: `
MATCH (h:Host|Device)
WHERE h._accountId = $accountId AND h._deleted = false
  AND (EXISTS {
      MATCH (h)-[r:HAS]->(f:Finding)
      WHERE r._deleted = false AND f._accountId = $accountId AND f._deleted = false
        AND f.severity = 'high'
    } OR EXISTS {
      MATCH (h)<-[p:PROTECTS]-(a:HostAgent)-[r:HAS]->(f:Finding)
      WHERE p._deleted = false AND a._accountId = $accountId AND a._deleted = false
        AND r._deleted = false AND f._accountId = $accountId AND f._deleted = false
        AND f.severity = 'high'
    })
RETURN properties(h) AS entity`,
  },
  {
    name: 'Q7 date.now - 30 days',
    j1ql: 'FIND Device WITH lastSeenOn < date.now - 30 days',
    cypher: `
MATCH (d:Device)
WHERE d._accountId = $accountId AND d._deleted = false
  AND d.lastSeenOn < $now - 30 * 86400000
RETURN properties(d) AS entity`,
    params: (now) => ({ now }),
  },
  {
    name: 'Q8 value list',
    j1ql:
      "FIND DataStore WITH classification = ('critical' OR 'sensitive' OR 'confidential' OR " +
      "'restricted') AND encrypted != true",
    cypher: `
MATCH (d:DataStore)
WHERE d._accountId = $accountId AND d._deleted = false
  AND d.classification IN ['critical', 'sensitive', 'confidential', 'restricted']
  AND (d.encrypted IS NULL OR d.encrypted <> true)
RETURN properties(d) AS entity`,
  },
  {
    name: 'Q9 RETURN COUNT',
    j1ql:
      'FIND Finding WITH open = true AS f THAT HAS << aws_instance AS h ' +
      'RETURN h.displayName AS host, COUNT(f) AS findings ORDER BY findings DESC',
    cypher: `
MATCH (h:Entity {_accountId: $accountId, _type: 'aws_instance'})-[r:HAS]->(f:Finding)
WHERE h._deleted = false AND r._deleted = false
  AND f._accountId = $accountId AND f._deleted = false AND f.open = true
RETURN h.displayName AS host, count(DISTINCT f) AS findings
ORDER BY findings DESC`,
  },
  {
    name: 'Q10 full-text search',
    j1ql: `FIND "root" WITH _type = 'aws_cloudwatch_metric_alarm'`,
    cypher: `
CALL db.index.fulltext.queryNodes('entity_search_text', '"root"') YIELD node
WHERE node._accountId = $accountId AND node._deleted = false
  AND node._type = 'aws_cloudwatch_metric_alarm'
RETURN properties(node) AS entity`,
  },
];

interface Statement {
  cypher: string;
  params: Record<string, unknown>;
}

interface Timed {
  query: BenchQuery;
  compiled: Statement;
  hand: Statement;
  rows: number;
  handRows: number;
  same: boolean;
  compiledMs: number;
  handMs: number;
  ratio: number;
  /** Total db hits of one PROFILEd run each, and the plans as text. */
  compiledProfile?: Profile;
  handProfile?: Profile;
}

async function timeQueries(
  graph: Graph,
  accountId: string,
  opts: Options,
  listProperties: ReadonlySet<string>,
): Promise<Timed[]> {
  const now = Date.now();
  const run = (s: Statement) => graph.readGenerated(s.cypher, s.params, { timeoutMs: 300_000 });
  const prepared = QUERIES.filter(
    (_, k) => opts.only.length === 0 || opts.only.includes(k + 1),
  ).map((query) => {
    const c = compileQuery(parseQuery(query.j1ql), {
      includeDeleted: false,
      now,
      parameters: {},
      listProperties,
    });
    return {
      query,
      compiled: { cypher: c.cypher, params: { ...c.params, accountId } },
      hand: { cypher: query.cypher.trim(), params: { ...query.params?.(now), accountId } },
      a: [] as number[],
      b: [] as number[],
    };
  });
  // Warm-up (plans cached, pages in memory); the first run's rows are compared.
  const checked = new Map<string, { rows: number; handRows: number; same: boolean }>();
  for (const p of prepared) {
    const compiledRows = await run(p.compiled);
    const handRows = await run(p.hand);
    for (let w = 1; w < opts.warmup; w++) {
      await run(p.compiled);
      await run(p.hand);
    }
    const same = digest(compiledRows) === digest(handRows);
    checked.set(p.query.name, { rows: compiledRows.length, handRows: handRows.length, same });
    progress(
      `  ${p.query.name}: ${compiledRows.length} rows` +
        (same ? ', same rows' : ` vs ${handRows.length} hand-written: ROWS DIFFER`),
    );
  }
  // Timed runs round-robin over the queries, compiled and hand-written in alternating order:
  // a disturbance on a shared machine (another process, a checkpoint) hits all alike.
  for (let k = 0; k < opts.runs; k++) {
    for (const p of prepared) {
      const order = k % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const which of order) {
        const t0 = performance.now();
        await run(which === 'a' ? p.compiled : p.hand);
        p[which].push(performance.now() - t0);
      }
    }
    progress(`  timed round ${k + 1}/${opts.runs}`);
  }
  return prepared.map((p) => {
    const c = checked.get(p.query.name)!;
    const compiledMs = median(p.a);
    const handMs = median(p.b);
    return {
      ...c,
      query: p.query,
      compiled: p.compiled,
      hand: p.hand,
      compiledMs,
      handMs,
      ratio: compiledMs / handMs,
    };
  });
}

/** An order-insensitive digest of rows, by their values in column order (names may differ). */
function digest(rows: ReadonlyArray<Record<string, unknown>>): string {
  const lines = rows.map((row) => canonical(Object.values(row))).sort();
  const h = createHash('sha256');
  for (const line of lines) h.update(line).update('\n');
  return h.digest('hex');
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([x], [y]) =>
      x < y ? -1 : x > y ? 1 : 0,
    );
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

function printQueryReport(results: Timed[], graphInfo: string): void {
  const rows: string[][] = [
    [
      'Query',
      'Rows',
      'Compiled ms',
      'Hand-written ms',
      'Ratio',
      'Target',
      'Result',
      'DB hits (compiled / hand-written)',
    ],
  ];
  const hits = (p: Profile | undefined): string =>
    p === undefined ? '?' : p.dbHits.toLocaleString('en-US');
  for (const t of results) {
    rows.push([
      t.query.name,
      t.same ? String(t.rows) : `${t.rows} vs ${t.handRows} DIFFER`,
      t.compiledMs.toFixed(1),
      t.handMs.toFixed(1),
      `${t.ratio.toFixed(2)}x`,
      '<= 1.5x',
      pass(t.ratio <= 1.5),
      `${hits(t.compiledProfile)} / ${hits(t.handProfile)}`,
    ]);
  }
  const geo = Math.exp(results.reduce((s, t) => s + Math.log(t.ratio), 0) / results.length);
  const passed = results.filter((t) => t.ratio <= 1.5).length;
  rows.push([
    'Geometric mean',
    '',
    '',
    '',
    `${geo.toFixed(2)}x`,
    'each <= 1.5x',
    `${pass(passed === results.length)} (${passed}/${results.length})`,
    '',
  ]);
  const out = [
    '',
    `Rule queries, compiled J1QL vs hand-written Cypher: ${graphInfo}`,
    '',
    ...table(rows),
    '',
    ...results.map((t) => `${t.query.name}: ${t.query.j1ql}`),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

// ---------------------------------------------------------------------------------------------
// PROFILE of both texts through a raw session (the Graph class does not expose plans).

interface PlanNode {
  operatorType: string;
  arguments: Record<string, unknown>;
  dbHits: number;
  rows: number;
  children: PlanNode[];
}

interface Profile {
  dbHits: number;
  plan: string[];
}

/** PROFILEs both statements of every query once (after the timed runs). */
async function profileQueries(conn: Config['neo4j'] & { uri: string }, results: Timed[]) {
  const driver = neo4j.driver(
    conn.uri,
    neo4j.auth.basic(conn.user ?? 'neo4j', conn.password ?? ''),
    { disableLosslessIntegers: true, logging: { level: 'error', logger: () => undefined } },
  );
  const profile = async (s: Statement): Promise<Profile | undefined> => {
    const session = driver.session({
      database: conn.database,
      defaultAccessMode: neo4j.session.READ,
    });
    try {
      const result = await session.run(`PROFILE ${s.cypher}`, s.params);
      const plan = result.summary.profile as unknown as PlanNode | false;
      if (plan === false) return undefined;
      const lines: string[] = [];
      planLines(plan, 0, lines);
      return { dbHits: totalDbHits(plan), plan: lines };
    } finally {
      await session.close();
    }
  };
  try {
    for (const t of results) {
      t.compiledProfile = await profile(t.compiled);
      t.handProfile = await profile(t.hand);
    }
  } finally {
    await driver.close();
  }
}

function printProfiles(results: Timed[]): void {
  for (const t of results) {
    const out = ['', `=== PROFILE ${t.query.name} (${t.ratio.toFixed(2)}x): ${t.query.j1ql}`];
    for (const [label, s, p] of [
      ['compiled', t.compiled, t.compiledProfile],
      ['hand-written', t.hand, t.handProfile],
    ] as const) {
      out.push(`--- ${label} Cypher:`, s.cypher, `--- params: ${JSON.stringify(s.params)}`);
      if (p !== undefined) out.push(`--- ${label} plan: ${p.dbHits} db hits in total`, ...p.plan);
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }
}

function totalDbHits(plan: PlanNode): number {
  return plan.dbHits + plan.children.reduce((s, c) => s + totalDbHits(c), 0);
}

function planLines(plan: PlanNode, depth: number, out: string[]): void {
  const details = plan.arguments.Details;
  const text = typeof details === 'string' ? ` ${oneLine(details, 140)}` : '';
  out.push(
    `${'  '.repeat(depth)}${plan.operatorType.replace(/@.*$/, '')}${text}  ` +
      `[rows ${plan.rows}, db hits ${plan.dbHits}]`,
  );
  for (const child of plan.children) planLines(child, depth + 1, out);
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  if (!fs.existsSync(opts.corpus)) throw new Error(`No corpus at ${opts.corpus} (--corpus FILE)`);
  progress(`bench:query: Part 1, compile time over ${opts.corpus}`);
  const corpusSize = (JSON.parse(fs.readFileSync(opts.corpus, 'utf8')) as unknown[]).length;
  const compileReport = benchCompile(opts);
  printCompileReport(compileReport, corpusSize);
  if (compileReport.failures.length > 0) process.exitCode = 1;
  if (opts.compileOnly) return;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-bench-query-'));
  const uri = ENV.NEO4J_URI === '' ? undefined : ENV.NEO4J_URI;
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: work,
    LOG_LEVEL: 'warn',
    NEO4J_LOCAL_PORT: '0',
    NEO4J_LOCAL_HEAP: opts.heap,
    NEO4J_LOCAL_PAGECACHE: opts.pagecache,
  };
  for (const name of ['NEO4J_URI', 'NEO4J_USER', 'NEO4J_PASSWORD', 'NEO4J_DATABASE']) {
    if (ENV[name] !== undefined && ENV[name] !== '') env[name] = ENV[name];
  }
  const config = loadConfig(env);
  progress(
    uri === undefined
      ? `Part 2: starting a local Neo4j (heap ${opts.heap}, page cache ${opts.pagecache})...`
      : `Part 2: using the Neo4j at ${uri}`,
  );
  const opened = await openGraph(config, { log: (l) => progress(`[neo4j] ${l}`), role: 'start' });
  const graph = opened.graph;
  const accountId = opts.account ?? `bench-query-${Date.now()}`;
  let seeded = false;
  try {
    const logger = createLogger('warn', 'bench-query');
    const accounts = new AccountService({ graph });
    const blobs = blobStoreFromConfig(config);
    const sync = syncJobsFromConfig({ config, graph, accounts, logger, blobs });
    const ctx: GenContext = { seed: opts.seed, now: Date.now(), counts: typeCounts(opts.entities) };
    let info: string;
    if (opts.account !== undefined && (await accounts.findAccount(accountId)) !== undefined) {
      progress(`Reusing account '${accountId}' (no seeding)`);
      info = `account '${accountId}' seeded earlier`;
    } else {
      await accounts.createAccount({ id: accountId });
      seeded = true;
      const s = await seed(sync, accountId, opts, ctx);
      const last = s.jobs[s.jobs.length - 1]!;
      info =
        `${s.entities.toLocaleString('en-US')} entities (${TYPES.length} types) and ` +
        `${s.relationships.toLocaleString('en-US')} relationships seeded by ${s.jobs.length} ` +
        `DIFF job(s) in ${secs(s.ms)}` +
        (s.jobs.length > 1
          ? `; ${last.numEntitiesDeleted} entities and ${last.numRelationshipsDeleted} ` +
            'relationships then soft-deleted'
          : '');
    }
    const listProperties = await new PropertyCatalog({ graph }).listProperties(accountId);
    progress(
      `List properties (catalog): ${[...listProperties].sort().join(', ') || 'none'}. ` +
        `Timing ${opts.only.length > 0 ? opts.only.length : QUERIES.length} queries (${opts.warmup} warm-up + median of ${opts.runs} runs each)...`,
    );
    const results = await timeQueries(graph, accountId, opts, listProperties);
    progress('PROFILE of every query (db hits)...');
    await profileQueries({ ...config.neo4j, uri: opened.uri }, results);
    printQueryReport(
      results,
      `${info}; median of ${opts.runs} runs after ${opts.warmup} warm-up; ` +
        `${os.cpus().length} CPUs, Node ${process.version}`,
    );
    if (results.some((t) => !t.same)) {
      process.stdout.write('ROW MISMATCH: compiled and hand-written queries differ (above)\n');
      process.exitCode = 1;
    }
    printProfiles(results.filter((t) => opts.profile || t.ratio > 1.5));
  } finally {
    if (uri !== undefined && (seeded || opts.account !== undefined) && !opts.keep) {
      progress(`Deleting the benchmark account '${accountId}' (--keep keeps it)...`);
      await graph.autoCommit('bench/query-clean-up', { accountId }).catch(warn);
      await graph.write('accounts/delete-account-data', { id: accountId }).catch(warn);
      await graph.write('accounts/delete-account', { id: accountId }).catch(warn);
    } else if (uri !== undefined) {
      progress(`Kept account '${accountId}': rerun with --account ${accountId}`);
    }
    await opened.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]): string =>
    `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ];
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function pass(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

function oneLine(text: string, max: number): string {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 3)}...` : s;
}

function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, k) => start + k);
}

function secs(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function progress(line: string): void {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
}

function warn(err: unknown): void {
  progress(`clean-up failed: ${err instanceof Error ? err.message : String(err)}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:query failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
