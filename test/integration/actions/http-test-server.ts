import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the test server received it. */
export interface Received {
  method: string;
  /** Path and query. */
  path: string;
  /** Header names in lower case. */
  headers: http.IncomingHttpHeaders;
  /** Parsed when it is JSON, else the text ('' for none). */
  body: unknown;
}

/** How to answer one request: a status with a body (objects as JSON), or never ('hang'). */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP server on a random local port that records every request exactly and answers the
 * queued replies in order (then `fallback`): the far end of WEBHOOK, Slack and Jira in tests.
 */
export class HttpTestServer {
  readonly received: Received[] = [];
  /** TCP connections accepted, requests or not. */
  connections = 0;
  private readonly replies: Reply[] = [];

  private readonly server: http.Server;
  private port_ = 0;

  private constructor(private fallback: Reply) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.answer(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    this.server.on('connection', () => {
      this.connections += 1;
    });
  }

  /** `host`: where to listen (`0.0.0.0`: every IPv4 address of this host). */
  static async start(
    fallback: Reply = { status: 200, body: { ok: true } },
    host = '127.0.0.1',
  ): Promise<HttpTestServer> {
    const self = new HttpTestServer(fallback);
    await new Promise<void>((resolve) => self.server.listen(0, host, resolve));
    self.port_ = (self.server.address() as AddressInfo).port;
    return self;
  }

  get port(): number {
    return this.port_;
  }

  /** `http://127.0.0.1:<port><path>`. */
  url(path = ''): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Answers the next requests with `replies`, in order. */
  reply(...replies: Reply[]): this {
    this.replies.push(...replies);
    return this;
  }

  /** Forgets what was received and queued; answers `fallback` from now on. */
  reset(fallback: Reply = { status: 200, body: { ok: true } }): void {
    this.received.length = 0;
    this.replies.length = 0;
    this.fallback = fallback;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: http.IncomingMessage, text: string, res: http.ServerResponse): void {
    let body: unknown = text;
    if (text !== '' && (req.headers['content-type'] ?? '').includes('json')) {
      body = JSON.parse(text) as unknown;
    }
    this.received.push({ method: req.method!, path: req.url!, headers: req.headers, body });
    const reply = this.replies.shift() ?? this.fallback;
    if (reply === 'hang') return;
    const json = typeof reply.body !== 'string' && reply.body !== undefined;
    res.writeHead(reply.status, {
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...reply.headers,
    });
    res.end(json ? JSON.stringify(reply.body) : ((reply.body as string | undefined) ?? ''));
  }
}

/** A local port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
