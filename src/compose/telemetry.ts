import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { checkReadiness, type ReadinessDeps } from '../health/readiness';
import { startMetricsListener } from '../telemetry/metrics-listener';
import { startTracing } from '../telemetry/tracing';

/**
 * A process's telemetry (docs/operations/metrics.md, tracing.md): tracing when configured (the
 * service name defaults to the process's role), and, in a worker, the metrics and health listener
 * when WORKER_METRICS_PORT is set. `stop` closes the listener and flushes the spans still batched.
 */
export interface ProcessTelemetry {
  stop(): Promise<void>;
}

/** Tracing for a process of `role` (graphsync-api, graphsync-worker), when configured. */
export function startProcessTracing(config: Config, role: string): ProcessTelemetry {
  const tracing = config.telemetry.tracing;
  return startTracing(
    tracing === undefined ? undefined : { ...tracing, serviceName: tracing.serviceName ?? role },
  );
}

/**
 * A worker's telemetry: its tracing, and its /metrics and /healthz listener (on HOST, at
 * WORKER_METRICS_PORT; none when unset). /healthz is the worker's readiness: Neo4j and Redis.
 */
export async function startWorkerTelemetry(
  config: Config,
  readiness: ReadinessDeps,
  logger: Logger,
): Promise<ProcessTelemetry> {
  const tracing = startProcessTracing(config, 'graphsync-worker');
  const port = config.telemetry.workerMetricsPort;
  if (port === undefined) return tracing;
  const listener = await startMetricsListener({
    port,
    host: config.http.host,
    token: config.telemetry.metricsToken,
    health: () => checkReadiness(readiness),
  });
  logger.info({ port: listener.port, host: config.http.host }, 'worker metrics listening');
  return {
    stop: async () => {
      await listener.close();
      await tracing.stop();
    },
  };
}
