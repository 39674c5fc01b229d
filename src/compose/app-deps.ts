import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Graph } from '../graph/graph';
import type { AppDeps } from '../http/build-app';
import type { Services } from './build-services';
import type { Runtime } from './runtime';

/** What the HTTP app serves (buildApp): the built services, readiness and the HTTP settings. */
export function appDeps(input: {
  config: Config;
  logger: Logger;
  graph: Graph;
  runtime: Runtime;
  services: Services;
}): AppDeps {
  const { config, runtime, services } = input;
  return {
    logger: input.logger,
    accounts: services.accounts,
    syncJobs: services.sync.service,
    safeSync: services.sync.safeSync,
    bulkUploads: services.sync.bulkUploads,
    progress: services.sync.progress,
    entities: services.entities,
    rawData: services.rawData,
    history: services.history,
    parameters: services.parameters,
    query: services.query,
    rules: services.engine.rules,
    alerts: services.engine.alerts,
    questions: services.engine.questions,
    integrations: services.integrations,
    subscriptions: services.subscriptions.service,
    evaluations: services.engine.evaluations,
    notificationTemplates: services.notifications.templates,
    audit: services.audit,
    adminToken: config.adminToken,
    metricsToken: config.telemetry.metricsToken,
    maxBodySize: config.http.maxBodySize,
    limits: config.limits,
    rateLimiters: runtime.rateLimiters,
    readiness: {
      mode: runtime.kind,
      pingNeo4j: () => input.graph.ping(),
      pingRedis: runtime.pingRedis,
    },
  };
}
