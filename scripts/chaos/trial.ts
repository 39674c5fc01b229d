import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AccountService } from '../../src/accounts/account-service';
import { loadConfig } from '../../src/config/config';
import { PrivateRedis } from '../../test/helpers/redis-server';
import { type ChaosApi, startChaosApi } from './chaos-api';
import { track } from './cleanup';
import { expectedCounters, type GraphDoc, uploadBodies } from './graph-data';
import { type JobView, JobsClient } from './jobs-client';
import { workersInJobs } from './locate';
import type { Neo4jTarget } from './neo4j-target';
import { durationMs, type FaultName } from './options';
import { emptyOutcome, type TrialOutcome } from './outcome';
import { sleep } from './random';
import type { RunContext } from './run-context';
import { checkScope, counterMismatches } from './verify';
import { WorkerProcess } from './worker-process';

/**
 * One trial's world: a fresh account, a private Redis, the API in queue mode and real worker
 * processes, all on one Neo4j; plus the moves every fault makes (upload a graph, finalize, wait for
 * the job's run to begin, strike at a random point of it, wait for the end) and the checks after.
 */
export interface TrialSetup {
  target: Neo4jTarget;
  workers: number;
  concurrency: number;
  /** QUEUE_LOCK_DURATION; undefined: the service's default. */
  lock: string | undefined;
}

/** A job struck at a random point of its run: when it began, and the worker running it. */
export interface Strike {
  id: string;
  runningAt: number;
  /** Known when the strike asked to locate it. */
  worker: WorkerProcess | undefined;
}

/** What `graph-job` reads of a job straight from Neo4j (status and run count). */
interface GraphJob {
  status: string;
  finalizeRuns: number;
}

const FINAL = new Set(['FINISHED', 'ERROR', 'FAILED', 'ABORTED']);
/** Jobs a fault is tried on before the trial counts it as missed (the runs ended first). */
export const MAX_ATTEMPTS = 3;
/** Service variables a worker must not inherit from the shell that runs the suite. */
const SERVICE_VARS =
  /^(NEO4J_|REDIS_|QUEUE_|FINALIZE_|WORKER_|SYNC_|RULE_|DATA_DIR$|PORT$|HOST$|LOG_LEVEL$|INTEGRATION_SECRETS_KEY$|PUBLIC_URL$)/;

export class Trial {
  readonly outcome: TrialOutcome;
  readonly workers: WorkerProcess[] = [];
  private readonly spawning: Array<Promise<unknown>> = [];
  private workerSeq = 0;
  private redisUntrack: () => void = () => undefined;

  private constructor(
    readonly ctx: RunContext,
    readonly fault: FaultName,
    readonly index: number,
    readonly setup: TrialSetup,
    readonly dir: string,
    readonly redis: PrivateRedis,
    readonly prefix: string,
    readonly started: number,
  ) {
    this.outcome = emptyOutcome(fault, index);
  }

  private api: ChaosApi | undefined;
  private readonly accountId = `chaos-${randomUUID()}`;
  private accountUntrack: () => void = () => undefined;
  private clientOf: JobsClient | undefined;

  static async open(
    ctx: RunContext,
    fault: FaultName,
    index: number,
    setup: TrialSetup,
  ): Promise<Trial> {
    const dir = path.join(ctx.runDir, `${fault}-${index}`);
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
    const redis = await PrivateRedis.start();
    const t = new Trial(
      ctx,
      fault,
      index,
      setup,
      dir,
      redis,
      `chaos-${randomUUID().slice(0, 8)}`,
      Date.now(),
    );
    // Registered first, so that an interrupted run deletes the account last.
    t.accountUntrack = track(`account ${t.accountId}`, () => t.deleteAccount());
    t.redisUntrack = track(`redis-server :${redis.port}`, () => redis.stop());
    try {
      const workers = Array.from({ length: setup.workers }, () => t.startWorker());
      for (const w of workers) w.catch(() => undefined); // awaited below
      t.api = await startChaosApi({
        target: setup.target,
        env: t.serviceEnv(),
        logFile: path.join(dir, 'api.log'),
      });
      const accounts = new AccountService({ graph: setup.target.graph });
      await accounts.createAccount({ id: t.accountId, features: [] });
      const key = await accounts.createApiKey({ accountId: t.accountId, name: 'chaos' });
      t.clientOf = new JobsClient(t.api.url, {
        'JupiterOne-Account': t.accountId,
        Authorization: `Bearer ${key.secret}`,
      });
      await Promise.all(workers);
    } catch (err) {
      await t.close(true);
      throw err;
    }
    return t;
  }

  get client(): JobsClient {
    if (this.clientOf === undefined) throw new Error('trial not open');
    return this.clientOf;
  }

  get graph(): Neo4jTarget['graph'] {
    return this.setup.target.graph;
  }

  /** The lock duration the workers run with, in ms (the service default when not set). */
  get lockMs(): number {
    return this.setup.lock === undefined
      ? loadConfig({}).queue.lockDurationMs
      : durationMs(this.setup.lock);
  }

  note(line: string): void {
    this.outcome.notes.push(line);
    this.ctx.log(`  ${this.fault} #${this.index}: ${line}`);
  }

  /** The configuration the API and the workers share. */
  serviceEnv(): Record<string, string> {
    const o = this.ctx.options;
    return {
      REDIS_URL: this.redis.url,
      QUEUE_PREFIX: this.prefix,
      DATA_DIR: path.join(this.dir, 'data'),
      INTEGRATION_SECRETS_KEY: this.ctx.secretsKey,
      QUEUE_RECONCILE_INTERVAL: o.reconcile,
      WORKER_CONCURRENCY: String(this.setup.concurrency),
      ...(this.setup.lock === undefined ? {} : { QUEUE_LOCK_DURATION: this.setup.lock }),
      ...(o.batchSize === undefined ? {} : { FINALIZE_BATCH_SIZE: String(o.batchSize) }),
    };
  }

  /** Starts one more worker process (and waits for it to be ready). */
  async startWorker(): Promise<WorkerProcess> {
    const name = `w${++this.workerSeq}`;
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(this.ctx.baseEnv)) if (!SERVICE_VARS.test(k)) env[k] = v;
    const { target } = this.setup;
    Object.assign(env, this.serviceEnv(), {
      NEO4J_URI: target.uri,
      NEO4J_DATABASE: target.auth.database,
      LOG_LEVEL: 'info',
      ...(target.auth.user === undefined ? {} : { NEO4J_USER: target.auth.user }),
      ...(target.auth.password === undefined ? {} : { NEO4J_PASSWORD: target.auth.password }),
    });
    const w = await WorkerProcess.start({
      name,
      env,
      logFile: path.join(this.dir, `worker-${name}.log`),
    });
    this.workers.push(w);
    return w;
  }

  /** SIGKILLs a worker and starts a replacement in the background, as a supervisor would. */
  async killWorker(w: WorkerProcess): Promise<number> {
    w.signal('SIGKILL');
    const at = Date.now();
    await w.kill();
    const replacing = this.startWorker();
    replacing.catch(() => undefined);
    this.spawning.push(replacing);
    return at;
  }

  /** Waits for replacement workers still starting. */
  async workersReady(): Promise<void> {
    await Promise.all(this.spawning.splice(0));
  }

  /** Starts a DIFF job on `scope` and uploads `g` (requests of options.uploadBatch objects). */
  async newJob(scope: string, g: GraphDoc): Promise<string> {
    const id = await this.client.start(scope);
    for (const body of uploadBodies(g, this.ctx.options.uploadBatch)) {
      const res = await this.client.upload(id, body);
      if (res.status !== 200) {
        this.outcome.httpErrors++;
        throw new Error(`upload: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      }
    }
    return id;
  }

  /** Finalize, which in queue mode must answer 200 with FINALIZE_PENDING (or already final). */
  async finalize(id: string): Promise<void> {
    const res = await this.client.finalize(id);
    const status = (res.body as { job?: JobView } | null)?.job?.status;
    if (res.status !== 200 || (status !== 'FINALIZE_PENDING' && !FINAL.has(status ?? ''))) {
      this.outcome.httpErrors++;
      throw new Error(`finalize: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
  }

  /** The job as stored, read from Neo4j; undefined while Neo4j cannot answer. */
  async graphJob(id: string): Promise<GraphJob | undefined> {
    try {
      const [row] = await this.graph.read<{ job: Record<string, unknown> }>('sync/get-job', {
        accountId: this.accountId,
        jobId: id,
      });
      if (row === undefined) return undefined;
      return {
        status: String(row.job.status),
        finalizeRuns: Number(row.job.finalizeRuns ?? 0),
      };
    } catch {
      return undefined;
    }
  }

  /**
   * Waits until one of `ids` has a finalization run under way (finalizeRuns above `runsBefore`,
   * still FINALIZE_PENDING). Returns that job's id and when the run was seen to begin; undefined
   * when they all ended first or `timeoutMs` passed.
   */
  async waitRunning(
    ids: readonly string[],
    timeoutMs = 60_000,
    runsBefore = 0,
  ): Promise<{ id: string; at: number } | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      let allFinal = true;
      for (const id of ids) {
        const j = await this.graphJob(id);
        if (j === undefined || !FINAL.has(j.status)) allFinal = false;
        if (j?.status === 'FINALIZE_PENDING' && j.finalizeRuns > runsBefore) {
          return { id, at: Date.now() };
        }
      }
      if (allFinal) return undefined;
      await sleep(20);
    }
    return undefined;
  }

  /**
   * Waits for `id`'s run to begin, then for a random point of it (a uniform fraction of the run
   * time this kind of job took lately), and returns then, with the worker running the job if
   * `locate` asks for it. Undefined when the job ended first (the fault would miss it); the run's
   * time then refines the estimate.
   */
  async strike(
    id: string,
    kind: 'first' | 'diff',
    locate: boolean,
  ): Promise<{ worker: WorkerProcess | undefined; runningAt: number } | undefined> {
    const running = await this.waitRunning([id]);
    if (running === undefined) {
      const j = await this.graphJob(id);
      this.note(`no run of job ${id} seen (${j?.status ?? '?'}, runs ${j?.finalizeRuns ?? '?'})`);
      return undefined;
    }
    // The worker is looked for from the start of the run: SHOW TRANSACTIONS sees it only while
    // one of its statements is in flight.
    const found: { worker?: WorkerProcess; stop: boolean } = { stop: !locate };
    const finder = (async () => {
      while (!found.stop && found.worker === undefined) {
        const busy = await workersInJobs(
          this.setup.target,
          { jobIds: [id], accountId: this.accountId },
          this.workers,
        ).catch(() => []);
        if (busy.length === 1) found.worker = busy[0];
        else await sleep(15);
      }
    })();
    const { entities } = this.ctx.options;
    const fraction = this.ctx.rnd.between(0.05, 0.8);
    await sleep(fraction * this.ctx.estimates.get(kind, entities));
    // The worker must be known before striking; keep looking while the job runs.
    for (;;) {
      const j = await this.graphJob(id);
      if (j !== undefined && FINAL.has(j.status)) {
        found.stop = true;
        await finder;
        this.ctx.estimates.record(kind, entities, Date.now() - running.at);
        this.note(`job ${id} ended (${j.status}) before the fault; trying again`);
        return undefined;
      }
      if (!locate || found.worker !== undefined) break;
      await sleep(10);
    }
    found.stop = true;
    await finder;
    return { worker: found.worker, runningAt: running.at };
  }

  /**
   * A job uploading `next` over `prev` on `scope`, struck at a random point of its run (strike)
   * and hit by `fault`, then checked (verify). When the run ends before the strike, the job is
   * checked as a clean one and the next attempt tries again (at most MAX_ATTEMPTS; after that the
   * trial counts the fault as missed). Returns whether the fault landed, the scope, and what it
   * holds after the last job (when that job finished).
   */
  async faulted(input: {
    kind: 'first' | 'diff';
    /** The scope, the graph before and the graph to upload of attempt `n` (1-based). */
    attempt: (n: number) => { scope: string; prev: GraphDoc; next: GraphDoc };
    locate: boolean;
    /** The fault: returns when it is over (the job then has options.deadlineMs to end). */
    fault: (strike: Strike) => Promise<void>;
    /** Called with the end of the struck job (e.g. to take the time from a kill to FINISHED). */
    ended?: (end: { job: JobView; at: number } | undefined) => void;
  }): Promise<{ landed: boolean; finished: boolean; scope: string; holds: GraphDoc | undefined }> {
    let scope = '';
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      const attempt = input.attempt(n);
      const { prev, next } = attempt;
      scope = attempt.scope;
      const id = await this.newJob(scope, next);
      await this.finalize(id);
      const strike = await this.strike(id, input.kind, input.locate);
      if (strike !== undefined && (!input.locate || strike.worker !== undefined)) {
        await input.fault({ ...strike, id });
      }
      const end = await this.verify(
        id,
        scope,
        prev,
        next,
        Date.now() + this.ctx.options.deadlineMs,
      );
      const finished = end?.job.status === 'FINISHED';
      if (strike !== undefined) {
        input.ended?.(end);
        return { landed: true, finished, scope, holds: finished ? next : undefined };
      }
      if (!finished) return { landed: false, finished, scope, holds: undefined };
      if (n === MAX_ATTEMPTS) {
        this.outcome.missed++;
        this.note(`the fault missed ${MAX_ATTEMPTS} runs in a row`);
        return { landed: false, finished, scope, holds: next };
      }
      // The next attempt of a DIFF builds on what this one applied.
    }
    return { landed: false, finished: false, scope, holds: undefined };
  }

  /** Polls until the job is final; undefined (stranded) when it is not by `deadline`. */
  async waitFinal(id: string, deadline: number): Promise<{ job: JobView; at: number } | undefined> {
    for (;;) {
      const j = await this.graphJob(id);
      if (j !== undefined && FINAL.has(j.status)) {
        const at = Date.now();
        const job = await this.client.tryGet(id);
        if (job !== undefined) return { job, at };
      }
      if (Date.now() >= deadline) return undefined;
      await sleep(50);
    }
  }

  /** Waits until every job of `ids` is final or `deadline` passed, then for them to settle. */
  async waitAllSettled(ids: readonly string[], deadline: number): Promise<void> {
    for (const id of ids) await this.waitFinal(id, deadline);
    await this.settle(ids);
  }

  /**
   * Waits until no worker has touched `ids` for options.settleMs (a run that lost its job may still
   * be writing), at most 30 s.
   */
  async settle(ids: readonly string[]): Promise<void> {
    const quietMs = this.ctx.options.settleMs;
    const until = Date.now() + 30_000;
    let quietSince = Date.now();
    while (Date.now() < until) {
      const busy = await workersInJobs(
        this.setup.target,
        { jobIds: ids, accountId: this.accountId },
        this.workers,
      ).catch(() => []);
      if (busy.length > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await sleep(50);
    }
    this.note(`a worker still touched job(s) ${ids.join(', ')} 30 s after they were final`);
  }

  /**
   * A job run without fault (a baseline, or the calibration of the strike points): must finish
   * exactly; its run time becomes an estimate for the strikes.
   */
  async applyClean(
    scope: string,
    prev: GraphDoc,
    next: GraphDoc,
    kind: 'first' | 'diff',
  ): Promise<boolean> {
    const id = await this.newJob(scope, next);
    await this.finalize(id);
    const running = await this.waitRunning([id]);
    const end = await this.verify(id, scope, prev, next, Date.now() + this.ctx.options.deadlineMs, {
      what: `clean ${kind} sync`,
    });
    if (running !== undefined && end?.job.status === 'FINISHED') {
      this.ctx.estimates.record(kind, this.ctx.options.entities, end.at - running.at);
    }
    return end?.job.status === 'FINISHED';
  }

  /**
   * Waits for the job to be final (else stranded) and checks it: FINISHED with the counters a job
   * uploading `next` over `prev` must have, and (unless checkScope is false) the scope holding
   * exactly `next`. A job that ends ERROR or FAILED is counted apart; the scope must then still
   * hold `prev` (else errorPartial).
   */
  async verify(
    id: string,
    scope: string,
    prev: GraphDoc,
    next: GraphDoc,
    deadline: number,
    opts: { checkScope?: boolean; settle?: boolean; what?: string } = {},
  ): Promise<{ job: JobView; at: number } | undefined> {
    const what = opts.what ?? 'job';
    const end = await this.waitFinal(id, deadline);
    if (end === undefined) {
      this.outcome.stranded++;
      const j = await this.graphJob(id);
      this.note(
        `${what} ${id} stranded: still ${j?.status ?? '?'} (runs ${j?.finalizeRuns ?? '?'})`,
      );
      return undefined;
    }
    if (opts.settle !== false) await this.settle([id]);
    const { job } = end;
    if (job.status === 'FINISHED') {
      const wrong = counterMismatches(job, expectedCounters(prev, next));
      if (wrong.length > 0) {
        this.outcome.countersWrong++;
        this.note(`${what} ${id} counters wrong: ${wrong.join(', ')}`);
      }
      if (opts.checkScope !== false) await this.checkScopeHolds(scope, next, what);
    } else {
      // ERROR / FAILED: not a loss if the scope is as it was before the job.
      this.outcome.errors++;
      this.note(`${what} ${id} ended ${job.status}: ${job.error ?? '(no message)'}`);
      const before = await checkScope(this.graph, this.accountId, scope, prev);
      if (before.lost + before.duplicated + before.stale > 0) {
        this.outcome.errorPartial++;
        const after = await checkScope(this.graph, this.accountId, scope, next);
        if (after.lost + after.duplicated + after.stale === 0) {
          this.note(`${what} ${id} ended ${job.status} but the scope holds its upload exactly`);
        } else {
          this.outcome.lost += before.lost;
          this.outcome.duplicated += before.duplicated;
          this.outcome.stale += before.stale;
          this.note(
            `${what} ${id} ended ${job.status} and changed the scope (against its state before): ${before.details.join('; ')}`,
          );
        }
      }
    }
    return end;
  }

  /** Counts what differs between the scope and `g` as lost / duplicated / stale. */
  async checkScopeHolds(scope: string, g: GraphDoc, what = 'scope'): Promise<void> {
    const c = await checkScope(this.graph, this.accountId, scope, g);
    this.outcome.lost += c.lost;
    this.outcome.duplicated += c.duplicated;
    this.outcome.stale += c.stale;
    if (c.details.length > 0) this.note(`${what}: scope '${scope}': ${c.details.join('; ')}`);
  }

  /** Deletes the trial's account and all its data (nothing if it was never created). */
  private async deleteAccount(): Promise<void> {
    for (const name of ['accounts/delete-account-data', 'accounts/delete-account']) {
      await this.graph.write(name, { id: this.accountId }).catch(() => undefined);
    }
  }

  /** Stops everything the trial started and deletes its account; keeps its logs if asked. */
  async close(keepLogs: boolean): Promise<void> {
    await Promise.allSettled(this.spawning.splice(0));
    await Promise.allSettled(this.workers.map((w) => w.stop()));
    this.redis.resume();
    await this.api?.close().catch(() => undefined);
    await this.redis.stop();
    this.redisUntrack();
    await this.deleteAccount();
    this.accountUntrack();
    this.outcome.ms = Date.now() - this.started;
    if (keepLogs) fs.rmSync(path.join(this.dir, 'data'), { recursive: true, force: true });
    else fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
