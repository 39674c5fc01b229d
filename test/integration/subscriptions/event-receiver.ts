import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver got it: the raw body text, so that its signature can be checked. */
export interface ReceivedEvent {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { eventId: string; [k: string]: unknown };
}

/**
 * A real HTTP server on a random loopback port standing for a subscriber's webhook: answers the
 * queued statuses in order, then 200, and keeps every request's exact body.
 */
export class EventReceiver {
  readonly received: ReceivedEvent[] = [];
  private readonly statuses: number[] = [];
  private readonly server: http.Server;

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          headers: req.headers,
          raw,
          body: JSON.parse(raw) as ReceivedEvent['body'],
        });
        const status = this.statuses.shift() ?? 200;
        // 0: never answer (the sender dies or times out waiting).
        if (status === 0) return;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end('ok');
      });
    });
  }

  static async start(): Promise<EventReceiver> {
    const self = new EventReceiver();
    await new Promise<void>((resolve) => self.server.listen(0, '127.0.0.1', resolve));
    return self;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The next requests are answered with these statuses, in order (0: not at all). */
  answer(...statuses: number[]): this {
    this.statuses.push(...statuses);
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
