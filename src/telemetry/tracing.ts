import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import type * as TraceSdk from './trace-sdk';
import type { TracingSettings } from './trace-sdk';

/**
 * OpenTelemetry tracing (docs/operations/tracing.md), off unless configured: while it is off every
 * function here runs its work directly, and the SDK is never loaded. On, spans nest through
 * async-local storage: the HTTP request (server span, a caller's W3C `traceparent` honoured), each
 * named Cypher statement, the finalize queue hop (the context travels in the queue job's data)
 * and the worker's finalize phases.
 */
export type { TracingSettings };

export type SpanKindName = 'internal' | 'client' | 'producer' | 'consumer';

const KINDS: Record<SpanKindName, SpanKind> = {
  internal: SpanKind.INTERNAL,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
};

let tracer: Tracer | undefined;
let running: { stop(): Promise<void> } | undefined;

/**
 * Starts the SDK when `settings` is given (once per process); `stop` flushes the spans still
 * batched and stops it. Without settings, nothing is started and `stop` does nothing.
 */
export function startTracing(settings: TracingSettings | undefined): { stop(): Promise<void> } {
  if (settings === undefined || running !== undefined) return { stop: () => Promise.resolve() };
  // Loaded only now: a process without tracing never loads the SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load
  const { startTraceSdk } = require('./trace-sdk') as typeof TraceSdk;
  const mine = startTraceSdk(settings);
  running = mine;
  tracer = trace.getTracer('graphsync');
  return {
    stop: async () => {
      if (running !== mine) return;
      tracer = undefined;
      running = undefined;
      await mine.stop();
    },
  };
}

/** `work` inside a child span of the active one (or directly, while tracing is off). */
export function inSpan<T>(
  name: string,
  work: () => Promise<T>,
  options: { kind?: SpanKindName; attributes?: Attributes } = {},
): Promise<T> {
  if (tracer === undefined) return work();
  const spanOptions = { kind: KINDS[options.kind ?? 'internal'], attributes: options.attributes };
  return tracer.startActiveSpan(name, spanOptions, (span) => ended(span, work));
}

/** The active trace context as queue job data carries it; undefined while tracing is off. */
export function traceCarrier(): Record<string, string> | undefined {
  if (tracer === undefined) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/** `work` in a consumer span continuing the trace of `carrier` (from traceCarrier, elsewhere). */
export function inContinuedSpan<T>(
  carrier: Record<string, string> | undefined,
  name: string,
  work: () => Promise<T>,
  attributes: Attributes = {},
): Promise<T> {
  if (tracer === undefined) return work();
  const parent = carrier === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, carrier);
  const options = { kind: SpanKind.CONSUMER, attributes };
  return tracer.startActiveSpan(name, options, parent, (span) => ended(span, work));
}

/** An incoming request's server span: the rest of the request runs in it, then it ends. */
export interface ServerSpan {
  run(next: () => void): void;
  end(done: { route?: string; operation?: string; status: number }): void;
}

/**
 * The server span of an HTTP request (undefined while tracing is off), a child of the caller's
 * `traceparent` if it sent one. The request and response emitters are bound to its context, so
 * work resumed from their events (the body arriving) stays in the trace.
 */
export function serverSpan(
  req: EventEmitter & { method?: string; headers: IncomingHttpHeaders },
  res: EventEmitter,
): ServerSpan | undefined {
  if (tracer === undefined) return undefined;
  const method = req.method ?? 'GET';
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer.startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
    parent,
  );
  const active = trace.setSpan(parent, span);
  context.bind(active, req);
  context.bind(active, res);
  return {
    run: (next) => context.with(active, next),
    end: ({ route, operation, status }) => {
      if (route !== undefined) {
        span.updateName(`${method} ${route}`);
        span.setAttribute('http.route', route);
      }
      if (operation !== undefined) span.setAttribute('graphsync.operation', operation);
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

async function ended<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // The error's code or class only: a message may quote the data.
    const type = errorType(err);
    span.setAttribute('error.type', type);
    span.setStatus({ code: SpanStatusCode.ERROR, message: type });
    throw err;
  } finally {
    span.end();
  }
}

function errorType(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return err instanceof Error ? err.name : 'Error';
}
