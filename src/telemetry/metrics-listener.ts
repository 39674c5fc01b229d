import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsText } from './metrics';

/**
 * A worker's small HTTP listener (WORKER_METRICS_PORT): `GET /metrics`, the process's metrics in
 * Prometheus's text format, and `GET /healthz`, 200 while the worker's Neo4j and Redis answer, 503
 * (with which one is down) otherwise. Anything else is 404; a method other than GET or HEAD, 405.
 * With a token (METRICS_TOKEN), `/metrics` needs `Authorization: Bearer <token>`.
 */
export interface MetricsListener {
  readonly port: number;
  close(): Promise<void>;
}

export interface WorkerHealth {
  status: 'ok' | 'unavailable';
  [detail: string]: unknown;
}

export async function startMetricsListener(opts: {
  port: number;
  host: string;
  health: () => Promise<WorkerHealth>;
  token?: string | undefined;
}): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = (status: number, type: string, body: string): void => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const json = (status: number, body: unknown) =>
      answer(status, 'application/json', JSON.stringify(body));
    if (path !== '/metrics' && path !== '/healthz') {
      return json(404, { error: { code: 'NOT_FOUND', message: `No route for ${path}` } });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return json(405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'Use GET' } });
    }
    const work =
      path === '/healthz'
        ? opts.health().then((h) => json(h.status === 'ok' ? 200 : 503, h))
        : scrape(req.headers.authorization, opts.token).then((s) =>
            s === undefined
              ? json(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid metrics token' } })
              : answer(200, s.contentType, s.text),
          );
    work
      .catch(() => {
        // A failure after the answer began cannot become a 500: the connection is cut instead.
        if (res.headersSent) res.destroy();
        else json(500, { error: { code: 'INTERNAL', message: 'Internal error' } });
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => closeServer(server),
  };
}

/** The scrape, or undefined when a token is required and was not presented. */
async function scrape(
  authorization: string | undefined,
  token: string | undefined,
): Promise<{ contentType: string; text: string } | undefined> {
  if (token !== undefined && !bearerMatches(authorization, token)) return undefined;
  return metricsText();
}

/** Whether `Authorization: Bearer <token>` carries `token` (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
