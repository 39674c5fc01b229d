import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { repoRoot } from '../../src/paths';
import { freshAccount, neo4jUri, startTestApi, testGraph, type TestAccount } from './harness';
import { Watched } from './processes';

/**
 * Queue mode as an operator runs it, for fault tests: one API process (in this process) and real
 * `graphsync worker` processes, on the test Neo4j and a Redis of the test's choosing, with the
 * sync job calls of a client and reads of the scope and the job node from Neo4j.
 */
export const JOBS = '/persister/synchronization/jobs';

export interface Job {
  id: string;
  status: string;
  done: boolean;
  error?: string;
  numEntitiesUploaded: number;
  numEntitiesCreated: number;
  numEntitiesUpdated: number;
  numEntitiesDeleted: number;
  numRelationshipsUploaded: number;
  numRelationshipsCreated: number;
  numRelationshipsUpdated: number;
  numRelationshipsDeleted: number;
  numRelationshipCreateErrors: number;
}

export interface ScopeContents {
  entities: Array<{ _key: string; _deleted: boolean; [k: string]: unknown }>;
  relationships: Array<{ _key: string; _deleted: boolean; [k: string]: unknown }>;
}

/** The job node's finalization bookkeeping, as Neo4j holds it. */
export interface JobNode {
  status: string;
  runs: number;
  seq: number | null;
  checkpoint: { applied: { e: number; r: number } } | null;
}

export class QueueCluster {
  private readonly workers: Watched[] = [];

  private constructor(
    readonly api: Awaited<ReturnType<typeof startTestApi>>,
    readonly prefix: string,
    readonly redisUrl: string,
    private readonly workerEnv: Record<string, string>,
  ) {}

  static async start(opts: {
    redisUrl: string;
    apiEnv?: Record<string, string>;
    workerEnv?: Record<string, string>;
  }): Promise<QueueCluster> {
    const prefix = `gs-test-${randomUUID().slice(0, 8)}`;
    const api = await startTestApi({
      REDIS_URL: opts.redisUrl,
      QUEUE_PREFIX: prefix,
      ...opts.apiEnv,
    });
    return new QueueCluster(api, prefix, opts.redisUrl, opts.workerEnv ?? {});
  }

  /** A `graphsync worker` process sharing the API's Redis queue, Neo4j and data directory. */
  async startWorker(env: Record<string, string> = {}): Promise<Watched> {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', 'worker'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NEO4J_URI: neo4jUri(),
        REDIS_URL: this.redisUrl,
        QUEUE_PREFIX: this.prefix,
        DATA_DIR: this.api.dataDir,
        WORKER_CONCURRENCY: '1',
        QUEUE_RECONCILE_INTERVAL: '1s',
        LOG_LEVEL: 'info',
        ...this.workerEnv,
        ...env,
      },
    });
    const worker = new Watched(child);
    this.workers.push(worker);
    await worker.waitFor(/"msg":"worker started"/, 60_000);
    return worker;
  }

  async stopWorkers(): Promise<void> {
    await Promise.all(
      this.workers.splice(0).map(async (w) => {
        if (w.child.exitCode !== null || w.child.signalCode !== null) return;
        w.child.kill('SIGCONT');
        await w.stop('SIGTERM', 30_000).catch(() => w.child.kill('SIGKILL'));
      }),
    );
  }

  async close(): Promise<void> {
    await this.stopWorkers();
    await this.api.close();
  }

  account(): Promise<TestAccount> {
    return freshAccount();
  }

  async startJob(a: TestAccount, scope: string): Promise<string> {
    const res = await request(this.api.url)
      .post(JOBS)
      .set(a.headers)
      .send({ source: 'api', scope });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { job: Job }).job.id;
  }

  async upload(a: TestAccount, id: string, body: object): Promise<void> {
    const res = await request(this.api.url).post(`${JOBS}/${id}/upload`).set(a.headers).send(body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }

  async getJob(a: TestAccount, id: string): Promise<Job> {
    const res = await request(this.api.url).get(`${JOBS}/${id}`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { job: Job }).job;
  }

  /** POST finalize: the raw response (200 FINALIZE_PENDING, or 503 when Redis did not take it). */
  finalize(a: TestAccount, id: string): Promise<request.Response> {
    return request(this.api.url).post(`${JOBS}/${id}/finalize`).set(a.headers).send({});
  }

  async finalizePending(a: TestAccount, id: string): Promise<void> {
    const res = await this.finalize(a, id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((res.body as { job: Job }).job.status, 'FINALIZE_PENDING');
  }

  async waitForJob(
    a: TestAccount,
    id: string,
    until: (job: Job) => boolean,
    timeoutMs = 120_000,
  ): Promise<Job> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.getJob(a, id);
      if (until(job)) return job;
      if (Date.now() > deadline) throw new Error(`job never got there: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async jobNode(id: string): Promise<JobNode> {
    const graph = await testGraph();
    const [row] = await graph.read<{
      status: string;
      runs: number | null;
      seq: number | null;
      checkpoint: string | null;
    }>('sync/test-job-node', { jobId: id });
    assert.ok(row !== undefined, `no job node ${id}`);
    return {
      status: row.status,
      runs: row.runs ?? 0,
      seq: row.seq,
      checkpoint:
        row.checkpoint === null ? null : (JSON.parse(row.checkpoint) as JobNode['checkpoint']),
    };
  }

  async waitForNode(id: string, until: (n: JobNode) => boolean, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const node = await this.jobNode(id);
      if (until(node)) return node;
      if (Date.now() > deadline)
        throw new Error(`job node never got there: ${JSON.stringify(node)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async scopeContents(a: TestAccount, scope: string): Promise<ScopeContents> {
    const graph = await testGraph();
    const [c] = await graph.read<ScopeContents & Record<string, unknown>>(
      'sync/test-scope-contents',
      { accountId: a.accountId, scope },
    );
    return c!;
  }
}

/** `n` entities `e0..` and as many relationships chaining them, `variant` in each entity. */
export function chainGraph(n: number, variant = 'v1') {
  const entities = Array.from({ length: n }, (_, i) => ({
    _key: `e${i}`,
    _type: 'chaos_host',
    _class: 'Host',
    n: i,
    variant,
  }));
  const relationships = Array.from({ length: n }, (_, i) => ({
    _key: `r${i}`,
    _type: 'chaos_host_connects_host',
    _class: 'CONNECTS',
    _fromEntityKey: `e${i}`,
    _toEntityKey: `e${(i + 1) % n}`,
  }));
  return { entities, relationships };
}

/** Uploads a graph in batches of `per` objects (entities first). */
export async function uploadInBatches(
  cluster: QueueCluster,
  a: TestAccount,
  id: string,
  graph: { entities: object[]; relationships: object[] },
  per = 500,
): Promise<void> {
  for (let i = 0; i < graph.entities.length; i += per) {
    await cluster.upload(a, id, { entities: graph.entities.slice(i, i + per) });
  }
  for (let i = 0; i < graph.relationships.length; i += per) {
    await cluster.upload(a, id, { relationships: graph.relationships.slice(i, i + per) });
  }
}

/**
 * The scope holds exactly `expected`: every key live once with the uploaded `variant`, nothing
 * else live. Returns a description of what differs ('' when exact).
 */
export function scopeDiff(
  c: ScopeContents,
  expected: {
    entities: Array<{ _key: string; variant?: string }>;
    relationships: Array<{ _key: string }>;
  },
): string {
  const problems: string[] = [];
  const check = (
    kind: string,
    stored: ScopeContents['entities'],
    wanted: Array<{ _key: string; variant?: string }>,
  ) => {
    const live = stored.filter((o) => !o._deleted);
    const counts = new Map<string, number>();
    for (const o of live) counts.set(o._key, (counts.get(o._key) ?? 0) + 1);
    const want = new Map(wanted.map((w) => [w._key, w]));
    const missing = wanted.filter((w) => !counts.has(w._key)).length;
    const duplicated = [...counts.values()].filter((n) => n > 1).length;
    const extra = [...counts.keys()].filter((k) => !want.has(k)).length;
    const stale = live.filter((o) => {
      const w = want.get(o._key);
      return w?.variant !== undefined && o.variant !== w.variant;
    }).length;
    if (missing + duplicated + extra + stale > 0) {
      problems.push(
        `${kind}: ${missing} missing, ${duplicated} duplicated, ${extra} extra, ${stale} stale of ${wanted.length}`,
      );
    }
  };
  check('entities', c.entities, expected.entities);
  check('relationships', c.relationships, expected.relationships);
  return problems.join('; ');
}
