import { z } from 'zod';
import { blankAsUnset, httpUrl } from './schema-parts';

/**
 * The settings of metrics and tracing (docs/operations/metrics.md, docs/operations/tracing.md).
 * The OTEL_* names are OpenTelemetry's standard ones; tracing is on when an endpoint is set.
 */
export const telemetrySchema = {
  METRICS_TOKEN: z.preprocess(
    blankAsUnset,
    z.string().trim().min(16, 'must be at least 16 characters when set').optional(),
  ),
  WORKER_METRICS_PORT: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .optional(),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(blankAsUnset, httpUrl.optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(blankAsUnset, httpUrl.optional()),
  OTEL_SERVICE_NAME: z.preprocess(blankAsUnset, z.string().trim().min(1).optional()),
  OTEL_BSP_SCHEDULE_DELAY: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a number of milliseconds')
      .min(1, 'must be at least 1')
      .max(600_000, 'must be at most 600000')
      .default(5000),
  ),
};

type TelemetryEnv = z.infer<z.ZodObject<typeof telemetrySchema>>;

export interface TelemetryConfig {
  /** Set: GET /metrics (API and worker) needs `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined;
  /** A worker's /metrics and /healthz listener: unset, none; 0, a free port. */
  readonly workerMetricsPort: number | undefined;
  /** Unset: tracing is off (no SDK started). */
  readonly tracing:
    | {
        /** The OTLP/HTTP traces URL. */
        readonly endpoint: string;
        /** Unset: graphsync-api or graphsync-worker, by process. */
        readonly serviceName: string | undefined;
        readonly exportDelayMs: number;
      }
    | undefined;
}

export function telemetryConfig(e: TelemetryEnv): TelemetryConfig {
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT;
  const endpoint =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base === undefined ? undefined : `${base}/v1/traces`);
  return {
    metricsToken: e.METRICS_TOKEN,
    workerMetricsPort: e.WORKER_METRICS_PORT,
    tracing:
      endpoint === undefined
        ? undefined
        : { endpoint, serviceName: e.OTEL_SERVICE_NAME, exportDelayMs: e.OTEL_BSP_SCHEDULE_DELAY },
  };
}
