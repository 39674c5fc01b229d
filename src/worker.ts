import type { Logger } from 'pino';
import type { Config } from './config/config';
import { ConfigError } from './config/config';
import type { Graph } from './graph/graph';
import { AccountService } from './accounts/account-service';
import { outboundDelivery } from './actions/outbound-handlers';
import { IntegrationService } from './integrations/integration-service';
import { assertSecretsReadable } from './integrations/assert-secrets-readable';
import { openFinalizeQueue } from './queue/finalize-queue';
import { startFinalizeReconciler } from './queue/finalize-reconciler';
import { startFinalizeWorker } from './queue/finalize-worker';
import { connectRedis } from './queue/redis';
import { startSyncReaper, syncJobsFromConfig } from './sync/jobs/create-sync-jobs';
import { ParameterService } from './parameters/parameter-service';
import { QueryService } from './query/query-service';
import { buildRuleEngine, engineRunner, type RuleEngine } from './rules/rule-engine';
import {
  startRuleEvaluationWorker,
  startRuleScheduleHealer,
} from './rules/schedule/rule-scheduling';

/**
 * Composition root of a worker process (queue mode): connects to Redis and Neo4j and runs the
 * queue processors. Any number of workers may run, on any host.
 */
export interface RunningWorker {
  close(): Promise<void>;
}

export async function startWorker(input: {
  config: Config;
  logger: Logger;
  graph: Graph;
}): Promise<RunningWorker> {
  const { config, logger, graph } = input;
  if (config.redisUrl === undefined) {
    throw new ConfigError([
      'REDIS_URL is required to run a worker: workers take their jobs from Redis (queue mode)',
    ]);
  }
  // Stored integration secrets need INTEGRATION_SECRETS_KEY: refuse to start without it.
  await assertSecretsReadable(graph, config.outbound.secretsKey);
  const redis = connectRedis(config.redisUrl);
  await graph.ping();
  const sync = syncJobsFromConfig({
    config,
    graph,
    accounts: new AccountService({ graph }),
    logger,
  });
  const finalizeWorker = startFinalizeWorker({
    redisUrl: config.redisUrl,
    prefix: config.queue.prefix,
    concurrency: config.queue.concurrency,
    lockDurationMs: config.queue.lockDurationMs,
    logger,
    run: async (task) => {
      const outcome = await sync.finalizer.attempt(task);
      if (outcome.status === 'waiting' || outcome.status === 'failed') return outcome;
      return { status: 'done' };
    },
    onGaveUp: (task, err, _reason, run) => sync.finalizer.giveUp(task, err, run),
  });
  // Accepted finalizations that Redis lost (or never got) are queued again.
  const finalizeQueue = openFinalizeQueue({
    redisUrl: config.redisUrl,
    prefix: config.queue.prefix,
    attempts: config.queue.finalizeAttempts,
    logger,
  });
  const reconciler = startFinalizeReconciler({
    queue: finalizeQueue,
    pending: async (limit) =>
      (await sync.jobs.findFinalizePending(Date.now(), limit)).map((j) => ({
        accountId: j.accountId,
        jobId: j.jobId,
        seq: j.finalizeSeq,
      })),
    intervalMs: config.queue.reconcileIntervalMs,
    logger,
  });
  const reaper = startSyncReaper(sync, config, logger);
  // Scheduled rule evaluations: the API keeps one job scheduler per rule, workers run the ticks.
  let engine: RuleEngine | undefined = undefined;
  const ruleWorker = startRuleEvaluationWorker({
    config,
    logger,
    runner: engineRunner(() => engine),
  });
  const parameters = new ParameterService({ graph });
  const baseUrl = () => config.http.publicUrl ?? `http://${config.http.host}:${config.http.port}`;
  engine = buildRuleEngine({
    graph,
    ...outboundDelivery({
      integrations: new IntegrationService({ graph, secretsKey: config.outbound.secretsKey }),
      config: config.outbound,
      logger,
      accounts: new AccountService({ graph }),
      baseUrl,
    }),
    query: QueryService.onGraph(graph, parameters, config.query),
    parameters,
    lock: ruleWorker.lock,
    evaluationsKept: config.rules.evaluationsKept,
    baseUrl,
  });
  // Rule schedulers Redis lost (restarted empty, failed over) are put back; present ones untouched.
  const ruleService = engine.rules;
  const scheduleHealer = startRuleScheduleHealer({
    config,
    logger,
    scheduledRules: () => ruleService.scheduledRules(),
    intervalMs: config.rules.scheduleHealIntervalMs,
  });
  logger.info({ mode: config.mode, concurrency: config.queue.concurrency }, 'worker started');
  return {
    close: async () => {
      reaper.stop();
      reconciler.stop();
      // Finishes the running finalizations (or, past a timeout, leaves them to another worker).
      await Promise.all([finalizeWorker.close(), ruleWorker.close(), scheduleHealer.close()]);
      await finalizeQueue.close();
      await redis.close();
      logger.info('worker stopped');
    },
  };
}
