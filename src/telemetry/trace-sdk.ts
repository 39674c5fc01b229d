import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';

/**
 * The OpenTelemetry Node SDK, started only when tracing is configured (tracing.ts loads this file
 * then, so a process without tracing never loads the SDK). Spans go in batches to one OTLP/HTTP
 * endpoint as JSON; no automatic instrumentation is loaded: graphsync makes its own spans (the
 * request, each named statement, the queue hop, the finalize phases). The SDK's W3C trace-context
 * propagator and async-local-storage context manager are its defaults.
 */
export interface TracingSettings {
  /** Where spans are sent: an OTLP/HTTP traces URL (…/v1/traces). */
  endpoint: string;
  serviceName: string;
  /** How long spans wait in the batch before they are sent (ms). */
  exportDelayMs: number;
}

export function startTraceSdk(settings: TracingSettings): { stop(): Promise<void> } {
  const exporter = new OTLPTraceExporter({ url: settings.endpoint });
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    spanProcessors: [
      new BatchSpanProcessor({ exporter, scheduledDelayMillis: settings.exportDelayMs }),
    ],
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
    resourceDetectors: [],
  });
  sdk.start();
  // shutdown() flushes the spans still batched.
  return { stop: () => sdk.shutdown() };
}
