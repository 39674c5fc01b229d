import type { Logger } from 'pino';
import { parameterKeys } from '../common/sealed-parameter';
import { AccountService } from '../accounts/account-service';
import { outboundDelivery } from '../actions/outbound-handlers';
import { AuditService } from '../audit/audit-service';
import type { Config } from '../config/config';
import { EntityService } from '../entities/entity-service';
import { HistoryService } from '../history/history-service';
import type { Graph } from '../graph/graph';
import type { BlobStore } from '../blob/blob-store';
import { IntegrationService } from '../integrations/integration-service';
import { NotificationRenderer } from '../notifications/notification-renderer';
import { ParameterService } from '../parameters/parameter-service';
import { QueryService } from '../query/query-service';
import { RawDataService } from '../rawdata/raw-data-service';
import type { FailureNotifier, OutboundActionHandler } from '../rules/evaluation/outbound-action';
import { buildRuleRunning, type RuleEngine, withRuleService } from '../rules/rule-engine';
import type { RuleSchedule } from '../rules/schedule/rule-schedule';
import { type SyncJobs, syncJobsFromConfig } from '../sync/jobs/create-sync-jobs';
import type { FinalizeDispatcher } from '../sync/finalize/finalize-dispatch';
import type { Finalizer } from '../sync/finalize/finalizer';
import type { DigestSender } from '../notifications/digest-sender';
import { blobStoreFromConfig, type ConfiguredBlobStore } from './blob-choice';
import type { Runtime } from './runtime';
import { buildNotifications, type Notifications } from './notifications';
import { buildSubscriptions, type Subscriptions } from './subscriptions';

/**
 * The services of a process, built once from the configuration and the runtime: by the API, by a
 * worker, and by the tests (test/helpers/harness.ts), so that the tests run the production wiring.
 */
export interface Services {
  accounts: AccountService;
  /** The audit trail: recorded by the HTTP edge, pruned by the API's background. */
  audit: AuditService;
  parameters: ParameterService;
  query: QueryService;
  integrations: IntegrationService;
  entities: EntityService;
  rawData: RawDataService;
  /** The change history: written by the writes themselves, listed, purged by the API's background. */
  history: HistoryService;
  /** Sync jobs, bulk uploads, the finalizer and the job store. */
  sync: SyncJobs;
  /** What the rule engine delivers outbound actions and failure notices with. */
  outbound: { outbound: OutboundActionHandler[]; notifier: FailureNotifier };
  /** Rules, questions, alerts and evaluations. */
  engine: RuleEngine;
  /** Notification layouts: the renderer messages use, and the `/notification-templates` API. */
  notifications: Notifications;
  /** Subscriptions and the dispatcher of their change events (started by the background). */
  subscriptions: Subscriptions;
  /** The alert digest: what the digest scheduler's ticks run (digest-sender.ts). */
  digests: DigestSender;
  /** The schedule the rules are kept in (the runtime's), told of every saved and deleted rule. */
  schedule: RuleSchedule;
  /**
   * Closes in order: the schedule (local mode: running evaluations finish), then the runtime (the
   * rule lock, queue and Redis connections). The process stops its own work (HTTP, background)
   * before.
   */
  close(): Promise<void>;
}

export interface ServiceDeps {
  graph: Graph;
  logger: Logger;
  /**
   * The address the process serves HTTP on, once it listens (the API): the base of bulk upload
   * URLs and alert links unless PUBLIC_URL is set. Without it (a worker): http://HOST:PORT.
   */
  listening?: () => string | undefined;
  /**
   * The blob store, built (and checked) by the process before: see blob-choice.ts. Unset: built
   * from the configuration here, and closed with the services.
   */
  blobStore?: ConfiguredBlobStore;
  /** Replacements for tests, each explicit; a process passes none. */
  overrides?: ServiceOverrides;
}

export interface ServiceOverrides {
  /** Instead of the runtime's: e.g. one that leaves finalizations pending for the test to run. */
  dispatcher?: (finalizer: Finalizer) => FinalizeDispatcher;
  /** Instead of the runtime's schedule (the runtime opens none then). */
  schedule?: RuleSchedule;
  /** The rule engine's clock. */
  now?: () => number;
}

/** The change history, over the sync jobs' blob store (purged raw data lives there). */
function historyService(
  config: Config,
  deps: { graph: Graph; blobs: BlobStore; now: (() => number) | undefined },
): HistoryService {
  return new HistoryService({ ...deps, retentionMs: config.history.retentionMs });
}

export function buildServices(config: Config, runtime: Runtime, deps: ServiceDeps): Services {
  const { graph, logger, listening, overrides = {} } = deps;
  const baseUrl = () => config.http.publicUrl ?? listening?.() ?? ownAddress(config);
  const blobStore = deps.blobStore ?? blobStoreFromConfig(config);
  const { accounts, parameters, query, integrations, renderer } = baseServices(config, graph);
  const sync = syncJobsFromConfig({
    config,
    graph,
    accounts,
    logger,
    blobs: blobStore,
    dispatcher: overrides.dispatcher ?? runtime.dispatcher,
    ownUrl: listening === undefined ? undefined : () => listening() ?? failNotListening(),
  });
  const outbound = outboundDelivery({
    integrations,
    config: config.outbound,
    logger,
    accounts,
    renderer,
    baseUrl,
  });
  // The rule schedule and the engine need each other (ticks run evaluations, the rule service
  // tells the schedule of every change): construction order breaks the cycle, nothing is bound
  // late: what runs rules, the schedule opened with it, the rule service (rule-engine.ts).
  const running = buildRuleRunning({
    graph,
    query,
    parameters,
    ...outbound,
    lock: runtime.ruleLock,
    evaluationsKept: config.rules.evaluationsKept,
    baseUrl,
    now: overrides.now,
  });
  const schedule = overrides.schedule ?? runtime.openRuleSchedule(running.evaluations);
  const engine = withRuleService(running, { graph, schedule, now: overrides.now });
  return {
    accounts,
    audit: new AuditService({ graph, retentionMs: config.audit.retentionMs }),
    parameters,
    query,
    integrations,
    entities: new EntityService({ graph }),
    rawData: new RawDataService({ graph, blobs: sync.blobs }),
    history: historyService(config, { graph, blobs: sync.blobs, now: overrides.now }),
    sync,
    outbound,
    engine,
    ...buildNotifications(config, { ...deps, accounts, renderer, engine, baseUrl }),
    subscriptions: buildSubscriptions({ config, graph, logger, integrations }),
    schedule,
    close: async () => {
      await schedule.close();
      await runtime.close();
      if (deps.blobStore === undefined) blobStore.close();
    },
  };
}

function ownAddress(config: Config): string {
  return `http://${config.http.host}:${config.http.port}`;
}

function failNotListening(): never {
  throw new Error('The API is not listening yet');
}

/**
 * What the other services are built over: accounts, parameters, J1QL, integration instances, and
 * the renderer of notification messages.
 */
function baseServices(config: Config, graph: Graph) {
  const accounts = new AccountService({ graph });
  const parameters = parameterService(graph, config);
  const query = QueryService.onGraph(graph, parameters, config.query);
  const integrations = new IntegrationService({ graph, secretsKey: config.outbound.secretsKey });
  const renderer = new NotificationRenderer({ graph });
  return { accounts, parameters, query, integrations, renderer };
}

/** Secret values sealed with INTEGRATION_SECRETS_KEY, or DATA_DIR's generated key without one. */
function parameterService(graph: Graph, config: Config): ParameterService {
  const keys = parameterKeys({ configured: config.outbound.secretsKey, dataDir: config.dataDir });
  return new ParameterService({ graph, secretsKey: keys.current });
}
