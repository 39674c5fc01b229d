import { performance } from 'node:perf_hooks';
import { graphsyncMetrics, type QueueDepth, queueDepths } from './metrics-registry';
import { inSpan } from './tracing';

/**
 * What the rest of graphsync calls to be observed: small functions over this process's metrics
 * (metrics-registry.ts) and spans (tracing.ts), so that neither prom-client nor OpenTelemetry is
 * imported anywhere else. Label values are bounded sets (operation ids, statuses, statement names,
 * phase ids, queue names, action types).
 */

/** Seconds since `start` (a performance.now() reading). */
function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

/** One HTTP request answered: its operation id ('unmatched' when no route), status, duration. */
export function observeHttpRequest(operation: string, status: number, seconds: number): void {
  graphsyncMetrics().httpDuration.observe({ operation, status: String(status) }, seconds);
}

/**
 * Runs one named Cypher statement observed: its duration under its name (and its failure), in a
 * span of its own named after it (never its parameters or values) while tracing.
 */
export async function observeStatement<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await inSpan(`cypher ${name}`, run, {
      kind: 'client',
      attributes: { 'db.system.name': 'neo4j', 'db.query.summary': name },
    });
  } catch (err) {
    graphsyncMetrics().statementErrors.inc({ statement: name });
    throw err;
  } finally {
    graphsyncMetrics().statementDuration.observe({ statement: name }, secondsSince(start));
  }
}

/** Runs one phase of a finalization run timed, in the span `finalize.<phase>` while tracing. */
export async function timeFinalizePhase<T>(phase: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await inSpan(`finalize.${phase}`, run, { attributes: { 'graphsync.phase': phase } });
  } finally {
    graphsyncMetrics().finalizePhase.observe({ phase }, secondsSince(start));
  }
}

/** A sync job reached `status` in this process. */
export function countSyncJob(status: string): void {
  graphsyncMetrics().syncJobs.inc({ status });
}

/** The delete guard stopped a DIFF finalization, or a stopped one was forced through. */
export function countDeleteGuard(outcome: 'stopped' | 'forced'): void {
  graphsyncMetrics().deleteGuard.inc({ outcome });
}

/** Objects new to their job were staged, by kind ('entity', 'relationship', 'mapped_relationship'). */
export function countUploaded(kind: string, n: number): void {
  if (n > 0) graphsyncMetrics().objectsUploaded.inc({ kind }, n);
}

/** Runs one rule evaluation timed; `outcome` reads the result ('success', 'failed'). */
export async function timeRuleEvaluation<T>(
  trigger: string,
  run: () => Promise<T>,
  outcome: (result: T) => string,
): Promise<T> {
  const start = performance.now();
  let result: string = 'error';
  try {
    const value = await inSpan('rule.evaluate', run, {
      attributes: { 'graphsync.rule.trigger': trigger },
    });
    result = outcome(value);
    return value;
  } finally {
    graphsyncMetrics().ruleEvaluations.observe({ trigger, outcome: result }, secondsSince(start));
  }
}

/** Runs one outbound delivery counted by action type and outcome ('success' or 'failure'). */
export async function countDelivery<T>(type: string, run: () => Promise<T>): Promise<T> {
  try {
    const value = await inSpan(`outbound ${type}`, run, { kind: 'client' });
    graphsyncMetrics().outboundDeliveries.inc({ type, outcome: 'success' });
    return value;
  } catch (err) {
    graphsyncMetrics().outboundDeliveries.inc({ type, outcome: 'failure' });
    throw err;
  }
}

/**
 * One attempt to deliver a change event to a subscription, by target kind ('webhook', 'queue',
 * 'topic') and outcome: 'delivered', 'retry' (failed, tried again later) or 'failed' (given up).
 */
export function countEventDelivery(target: string, outcome: string): void {
  graphsyncMetrics().eventDeliveries.inc({ target, outcome });
}

/** A worker found `n` jobs of `queue` stalled (their worker stopped) and put them back. */
export function countStalled(queue: string, n = 1): void {
  graphsyncMetrics().queueStalled.inc({ queue }, n);
}

/**
 * Counts `queue`'s jobs by state at each scrape, until the returned function is called (when the
 * queue closes). A later registration of the same queue name replaces an earlier one.
 */
export function registerQueueDepth(queue: string, depth: QueueDepth): () => void {
  queueDepths.set(queue, depth);
  return () => {
    if (queueDepths.get(queue) === depth) queueDepths.delete(queue);
  };
}

/** The scrape: every metric of this process in Prometheus's text format. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  const { registry } = graphsyncMetrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}
