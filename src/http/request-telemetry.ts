import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { observeHttpRequest } from '../telemetry/metrics';
import { serverSpan } from '../telemetry/tracing';
import type { Operation } from './route-table';

/** The operation label of a request that matched no route of openapi.yaml (a 404 or 405). */
export const UNMATCHED = 'unmatched';

/**
 * Each request observed once its response is sent (or its connection closed): its operation id,
 * status and duration (graphsync_http_request_duration_seconds); and, while tracing, the rest of
 * the request runs in its server span (a caller's W3C `traceparent` honoured), named after the
 * operation's path template.
 */
export function requestTelemetry(): RequestHandler {
  return (req, res, next) => {
    const start = performance.now();
    const span = serverSpan(req, res);
    let done = false;
    const finished = (): void => {
      if (done) return;
      done = true;
      const operation = res.locals.operation as Operation | undefined;
      const status = res.headersSent || res.writableEnded ? res.statusCode : 499;
      observeHttpRequest(
        operation?.operationId ?? UNMATCHED,
        status,
        (performance.now() - start) / 1000,
      );
      span?.end({ route: operation?.path, operation: operation?.operationId, status });
    };
    res.once('finish', finished);
    res.once('close', finished);
    if (span === undefined) next();
    else span.run(() => next());
  };
}
