import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { AccountService } from './accounts/account-service';
import type { Config } from './config/config';
import { EntityService } from './entities/entity-service';
import type { Graph } from './graph/graph';
import { buildApp } from './http/build-app';
import { outboundDelivery } from './actions/outbound-handlers';
import { assertSecretsReadable } from './integrations/assert-secrets-readable';
import { IntegrationService } from './integrations/integration-service';
import { RawDataService } from './rawdata/raw-data-service';
import { ParameterService } from './parameters/parameter-service';
import { QueryService } from './query/query-service';
import { buildRuleEngine, engineRunner, type RuleEngine } from './rules/rule-engine';
import { openRuleScheduling } from './rules/schedule/rule-scheduling';
import { startScheduleReconciler } from './rules/schedule/schedule-reconciler';
import { openFinalizeQueue } from './queue/finalize-queue';
import { connectRedis, type RedisHandle } from './queue/redis';
import {
  resumePendingFinalizations,
  type SyncJobs,
  startSyncReaper,
  syncJobsFromConfig,
} from './sync/jobs/create-sync-jobs';

const SHUTDOWN_GRACE_MS = 10_000;

/** Composition root of the API process: builds services from config and serves HTTP. */
export interface RunningApi {
  url: string;
  accounts: AccountService;
  sync: SyncJobs;
  close(): Promise<void>;
}

export async function startApi(input: {
  config: Config;
  logger: Logger;
  graph: Graph;
}): Promise<RunningApi> {
  const { config, logger, graph } = input;
  // Stored integration secrets need INTEGRATION_SECRETS_KEY: refuse to start without it.
  await assertSecretsReadable(graph, config.outbound.secretsKey);
  const redis: RedisHandle | undefined =
    config.redisUrl === undefined ? undefined : connectRedis(config.redisUrl);
  const accounts = new AccountService({ graph });
  // Queue mode: finalize enqueues and workers apply; local mode: the API applies in-process.
  const queue =
    config.redisUrl === undefined
      ? undefined
      : openFinalizeQueue({
          redisUrl: config.redisUrl,
          prefix: config.queue.prefix,
          attempts: config.queue.finalizeAttempts,
          logger,
        });
  // The address bulk upload URLs point at (unless PUBLIC_URL is set) is known once listening.
  let url: string | undefined = undefined;
  const sync = syncJobsFromConfig({
    config,
    graph,
    accounts,
    logger,
    dispatcher: queue === undefined ? undefined : () => ({ dispatch: (ref) => queue.enqueue(ref) }),
    ownUrl: () => {
      if (url === undefined) throw new Error('The API is not listening yet');
      return url;
    },
  });
  // In queue mode the workers reap; in local mode this process is the only one.
  const reaper = queue === undefined ? startSyncReaper(sync, config, logger) : undefined;
  // Local mode: finalizations this process was running when it stopped are finished now (in
  // queue mode the workers' reconciler does this).
  if (queue === undefined) resumePendingFinalizations(sync, logger);
  const parameters = new ParameterService({ graph });
  const query = QueryService.onGraph(graph, parameters, config.query);
  // Local mode: this process's timers run the rules; queue mode: workers do, on the schedulers
  // kept here. The schedule calls the engine, which tells the schedule of every rule change.
  let engine: RuleEngine | undefined = undefined;
  const scheduling = openRuleScheduling({
    config,
    logger,
    runner: engineRunner(() => engine),
  });
  const integrations = new IntegrationService({ graph, secretsKey: config.outbound.secretsKey });
  const baseUrl = () =>
    config.http.publicUrl ?? url ?? `http://${config.http.host}:${config.http.port}`;
  const rules = buildRuleEngine({
    graph,
    query,
    parameters,
    ...outboundDelivery({ integrations, config: config.outbound, logger, accounts, baseUrl }),
    lock: scheduling.lock,
    schedule: scheduling.schedule,
    evaluationsKept: config.rules.evaluationsKept,
    baseUrl,
  });
  engine = rules;
  const app = buildApp({
    logger,
    accounts,
    syncJobs: sync.service,
    bulkUploads: sync.bulkUploads,
    entities: new EntityService({ graph }),
    rawData: new RawDataService({ graph, blobs: sync.blobs }),
    parameters,
    query,
    rules: rules.rules,
    alerts: rules.alerts,
    questions: rules.questions,
    integrations,
    evaluations: rules.evaluations,
    adminToken: config.adminToken,
    maxBodySize: config.http.maxBodySize,
    readiness: {
      mode: config.mode,
      pingNeo4j: () => graph.ping(),
      pingRedis: redis === undefined ? undefined : () => redis.ping(),
    },
  });
  const reconciler = startScheduleReconciler({
    schedule: scheduling.schedule,
    scheduledRules: () => rules.rules.scheduledRules(),
    logger,
  });
  const server = await listen(app, config.http.port, config.http.host);
  const address = server.address() as AddressInfo;
  const host =
    config.http.host === '0.0.0.0' || config.http.host === '::' ? '127.0.0.1' : config.http.host;
  url = `http://${host}:${address.port}`;
  return {
    url,
    accounts,
    sync,
    close: async () => {
      reaper?.stop();
      // Finish requests in flight, but not forever: after the grace period, cut connections.
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(forced);
      reconciler.stop();
      await scheduling.close();
      await queue?.close();
      await redis?.close();
    },
  };
}

function listen(app: ReturnType<typeof buildApp>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}
