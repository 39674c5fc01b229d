import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of the real test Neo4j that can lose one commit's reply: the server
 * commits, the client never hears so, because the connection drops. That is what a crash or a
 * network cut between COMMIT and its SUCCESS looks like to the driver, which then retries the
 * whole transaction function (neo4j-driver retries a commit that failed on a lost connection).
 * Timing a real kill into that window is luck; this makes it happen every time.
 */

/** Bolt message signatures (the byte after a struct marker). */
const BEGIN = 0x11;
const COMMIT = 0x12;

interface Armed {
  marker: Buffer;
  lost: () => void;
}

/**
 * The messages a Bolt client sends, out of the TCP stream. First the handshake: 20 bytes, and
 * when the server picks the manifest handshake (its reply 00 00 01 FF, Neo4j 5.26 with a 5.28
 * driver), the client's choice: a 4-byte version and a varint of capabilities. Then each message
 * is a run of chunks (a 2-byte size, then that many bytes) ended by an empty chunk; the driver
 * cuts chunks at its buffer size, so a statement's text may straddle two of them.
 */
class BoltMessages {
  private skip = 20;
  private manifest: 'no' | 'version' | 'capabilities' = 'no';
  private pending = Buffer.alloc(0);
  private message: Buffer[] = [];

  /** The server's first bytes: its handshake reply. */
  serverSaid(data: Buffer): void {
    if (data.length >= 4 && data.readUInt32BE(0) === 0x000001ff) {
      this.manifest = 'version';
      this.skip += 4;
    }
  }

  /** The messages completed by `data`. */
  push(data: Buffer): Buffer[] {
    let buf = Buffer.concat([this.pending, data]);
    const skipped = Math.min(this.skip, buf.length);
    this.skip -= skipped;
    buf = buf.subarray(skipped);
    if (this.skip > 0) return this.keep(buf, []);
    if (this.manifest === 'version') this.manifest = 'capabilities';
    while (this.manifest === 'capabilities' && buf.length > 0) {
      if ((buf[0]! & 0x80) === 0) this.manifest = 'no';
      buf = buf.subarray(1);
    }
    const done: Buffer[] = [];
    while (buf.length >= 2) {
      const size = buf.readUInt16BE(0);
      if (buf.length < 2 + size) break;
      if (size === 0) {
        if (this.message.length > 0) done.push(Buffer.concat(this.message));
        this.message = [];
      } else {
        this.message.push(buf.subarray(2, 2 + size));
      }
      buf = buf.subarray(2 + size);
    }
    return this.keep(buf, done);
  }

  private keep(rest: Buffer, done: Buffer[]): Buffer[] {
    this.pending = Buffer.from(rest);
    return done;
  }
}

export class BoltProxy {
  private armed: Armed | undefined;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
  ) {
    server.on('connection', (client) => this.pipe(client));
  }

  /** Listens on a free port in front of `boltUri` (bolt://host:port). */
  static async start(boltUri: string): Promise<BoltProxy> {
    const url = new URL(boltUri.replace(/^bolt:/, 'http:'));
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new BoltProxy(server, { host: url.hostname, port: Number(url.port) });
  }

  get uri(): string {
    return `bolt://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * The next transaction that sends a statement containing `marker` commits on the server, and
   * its connection drops before the reply reaches the driver. Resolves once that happened.
   */
  loseCommitReply(marker: string): Promise<void> {
    return new Promise((lost) => {
      this.armed = { marker: Buffer.from(marker, 'utf8'), lost };
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    this.sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    const messages = new BoltMessages();
    let sawMarker = false;
    let awaitingReply: Armed | undefined;
    client.on('data', (data: Buffer) => {
      for (const message of messages.push(data)) {
        const armed = this.armed;
        if (armed === undefined) continue;
        if (message[1] === BEGIN) sawMarker = false;
        sawMarker ||= message.includes(armed.marker);
        if (sawMarker && message[1] === COMMIT) {
          this.armed = undefined;
          awaitingReply = armed;
        }
      }
      upstream.write(data);
    });
    let greeted = false;
    upstream.on('data', (data: Buffer) => {
      if (!greeted) {
        greeted = true;
        messages.serverSaid(data);
      }
      if (awaitingReply === undefined) {
        client.write(data);
        return;
      }
      // The server answered the COMMIT (it is durable): the driver must not learn it.
      const lost = awaitingReply;
      awaitingReply = undefined;
      drop();
      lost.lost();
    });
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  }
}
