import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Prometheus metric graphsync exports (docs/operations/metrics.md), in one registry of this
 * process's own (not prom-client's global one), made on first use. Labels are low-cardinality
 * only: operation ids, statuses, statement names, phase ids, queue names, action types; never an
 * account, job or key id.
 */
export interface GraphsyncMetrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'operation' | 'status'>;
  readonly syncJobs: Counter<'status'>;
  readonly objectsUploaded: Counter<'kind'>;
  readonly deleteGuard: Counter<'outcome'>;
  readonly finalizePhase: Histogram<'phase'>;
  readonly queueJobs: Gauge<'queue' | 'state'>;
  readonly queueStalled: Counter<'queue'>;
  readonly ruleEvaluations: Histogram<'trigger' | 'outcome'>;
  readonly outboundDeliveries: Counter<'type' | 'outcome'>;
  readonly eventDeliveries: Counter<'target' | 'outcome'>;
  readonly statementDuration: Histogram<'statement'>;
  readonly statementErrors: Counter<'statement'>;
}

/** How many jobs a queue holds, per state, read from Redis at scrape time. */
export type QueueDepth = () => Promise<Partial<Record<QueueState, number>>>;
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** The queues this process can count, by name (registered by src/queue while open). */
export const queueDepths = new Map<string, QueueDepth>();

let made: GraphsyncMetrics | undefined;

/** The process's metrics, made (with Node's default process metrics) on first use. */
export function graphsyncMetrics(): GraphsyncMetrics {
  made ??= makeMetrics();
  return made;
}

function makeMetrics(): GraphsyncMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'graphsync_http_request_duration_seconds',
      help: 'HTTP requests by operation id of openapi.yaml and status, and how long they took',
      labelNames: ['operation', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    syncJobs: new Counter({
      name: 'graphsync_sync_jobs_total',
      help: 'Sync jobs that reached each status in this process',
      labelNames: ['status'],
      registers,
    }),
    deleteGuard: new Counter({
      name: 'graphsync_sync_delete_guard_total',
      help: 'DIFF finalizations the delete guard stopped, and stopped ones forced through',
      labelNames: ['outcome'],
      registers,
    }),
    objectsUploaded: new Counter({
      name: 'graphsync_sync_objects_uploaded_total',
      help: 'Objects staged by sync job uploads and bulk files, new to their job, by kind',
      labelNames: ['kind'],
      registers,
    }),
    ...workMetrics(registers),
  };
}

/** The metrics of the work behind the requests: phases, queues, rules, deliveries, statements. */
function workMetrics(registers: Registry[]) {
  return {
    finalizePhase: new Histogram({
      name: 'graphsync_finalize_phase_duration_seconds',
      help: 'How long each phase of a finalization run took',
      labelNames: ['phase'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600],
      registers,
    }),
    queueJobs: new Gauge({
      name: 'graphsync_queue_jobs',
      help: 'Jobs in each BullMQ queue by state, read from Redis when scraped',
      labelNames: ['queue', 'state'],
      registers,
      collect: collectQueueDepths,
    }),
    queueStalled: new Counter({
      name: 'graphsync_queue_stalled_total',
      help: 'Queue jobs this worker found stalled (their worker stopped) and put back',
      labelNames: ['queue'],
      registers,
    }),
    ruleEvaluations: new Histogram({
      name: 'graphsync_rule_evaluation_duration_seconds',
      help: 'Rule evaluations by trigger and outcome, and how long they took',
      labelNames: ['trigger', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    outboundDeliveries: new Counter({
      name: 'graphsync_outbound_deliveries_total',
      help: 'Outbound action deliveries by action type and outcome',
      labelNames: ['type', 'outcome'],
      registers,
    }),
    eventDeliveries: new Counter({
      name: 'graphsync_event_deliveries_total',
      help: 'Change-event delivery attempts to subscriptions by target kind and outcome',
      labelNames: ['target', 'outcome'],
      registers,
    }),
    statementDuration: new Histogram({
      name: 'graphsync_neo4j_statement_duration_seconds',
      help: 'Named Cypher statements run, by name, and how long they took',
      labelNames: ['statement'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    }),
    statementErrors: new Counter({
      name: 'graphsync_neo4j_statement_errors_total',
      help: 'Named Cypher statements that failed, by name',
      labelNames: ['statement'],
      registers,
    }),
  };
}

/** The queue gauge's values, asked of each registered queue; one that does not answer is left out. */
async function collectQueueDepths(this: Gauge<'queue' | 'state'>): Promise<void> {
  this.reset();
  await Promise.all(
    [...queueDepths].map(async ([queue, depth]) => {
      try {
        const counts = await depth();
        for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state] ?? 0);
      } catch {
        // Redis did not answer: the queue's series are absent from this scrape.
      }
    }),
  );
}
