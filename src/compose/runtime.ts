import type { RateLimiterFactory } from '../http/rate-limits';
import type { DigestRunner } from '../notifications/digest-sender';
import type { FinalizeQueue } from '../queue/finalize-queue';
import type { RedisHandle } from '../queue/redis';
import type {
  RuleLock,
  RuleSchedule,
  ScheduledRule,
  ScheduledRunner,
} from '../rules/schedule/rule-schedule';
import type { SyncJobs } from '../sync/jobs/create-sync-jobs';
import type { FinalizeDispatcher } from '../sync/finalize/finalize-dispatch';
import type { Finalizer } from '../sync/finalize/finalizer';

/**
 * Where a process's work runs: the only place outside src/queue/ that knows queue mode exists.
 * Opened once per process from the configuration (open-runtime.ts, by runtime-choice.ts's
 * choice); the services (build-services.ts) and the process roots (src/api.ts, src/worker.ts) use
 * what it offers and never ask which one it is.
 *
 * - `local` (no REDIS_URL): the API is the only process. Finalizations run in it, its timers run
 *   the rules, an in-process lock keeps two evaluations of a rule apart, and it reaps stale jobs.
 * - `queue` (REDIS_URL): the API enqueues finalizations and keeps one job scheduler per rule in
 *   Redis; `graphsync worker` processes finalize, run the ticks, reap and reconcile; the rule
 *   lock is a Redis key shared by every process.
 */
export type Runtime = LocalRuntime | QueueRuntime;

export interface LocalRuntime extends RuntimeBase {
  readonly kind: 'local';
}

export interface QueueRuntime extends RuntimeBase {
  readonly kind: 'queue';
  /** The connection readiness pings. */
  readonly redis: RedisHandle;
  /** Where accepted finalizations go (the API) and are put back when Redis lost them (workers). */
  readonly finalizeQueue: FinalizeQueue;
  /**
   * A worker's sync work: the finalize worker, the reconciler of finalizations Redis lost, and the
   * reaper of stale jobs.
   */
  startSyncWorkers(sync: SyncJobs): Background;
  /**
   * A worker's rule work: the ticks the API's schedulers produce, run through `runner`
   * (`config.queue.concurrency` at once), and the healing of schedulers Redis lost, through
   * `schedule` every `config.rules.scheduleHealIntervalMs`.
   */
  startRuleWorkers(work: RuleWork): Background;
}

export interface RuntimeBase {
  /** Keeps evaluations of one rule (scheduled or on request) from overlapping. */
  readonly ruleLock: RuleLock;
  /** Who runs the finalizations sync jobs accept: this process, or a worker behind the queue. */
  readonly dispatcher: (finalizer: Finalizer) => FinalizeDispatcher;
  /**
   * Where the API's rate limits count (docs/security.md, "Limits"): this process's memory (local),
   * or Redis, shared by every API process (queue).
   */
  readonly rateLimiters: RateLimiterFactory;
  /** Readiness's check of Redis; undefined when there is none to check. */
  readonly pingRedis: (() => Promise<void>) | undefined;
  /**
   * The schedule rules are kept in. `runner` is what a tick runs when ticks run in this process
   * (local mode's timers); queue mode's schedule only writes the schedulers (workers run ticks).
   */
  openRuleSchedule(runner: ScheduledRunner): RuleSchedule;
  /**
   * The API process's share of background work: local mode reaps stale jobs and finishes the
   * finalizations this process was running when it last stopped; queue mode leaves both to the
   * workers.
   */
  startApiBackground(sync: SyncJobs): Background;
  /**
   * The API's share of the alert digest's schedule: local mode runs `runner` on a timer every
   * DIGEST_TICK; queue mode writes the `digest` job scheduler, whose ticks workers run.
   */
  startDigestSchedule(runner: DigestRunner): Background;
  /** Closes what the runtime opened (the rule lock, and the queue and Redis connections). */
  close(): Promise<void>;
}

/** What a worker's rule work runs on (from the built services). */
export interface RuleWork {
  runner: ScheduledRunner;
  schedule: RuleSchedule;
  /** The stored rules the schedule is made of (RuleService.scheduledRules). */
  scheduledRules: () => Promise<ScheduledRule[]>;
  /** What the digest scheduler's ticks run; with it the worker also restores a lost scheduler. */
  digests?: DigestRunner;
}

/** Work running in the background until stopped. */
export interface Background {
  /** Stops it; running work finishes (or, past its timeout, is left to another process). */
  stop(): Promise<void>;
}
