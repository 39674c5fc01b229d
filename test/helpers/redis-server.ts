import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';

/**
 * A private `redis-server` on a free loopback port, for tests and the chaos suite that pause, kill
 * or empty Redis (never the shared 6379 instance). No persistence: a restart comes back empty,
 * as a failover to an empty replica or a restart without persistence does.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.spawn();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** SIGSTOP: connections stay open, nothing answers (a hung or partitioned Redis). */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** SIGKILL, then a new empty server on the same port. */
  async restartEmpty(): Promise<void> {
    await this.kill();
    await this.spawn();
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  async stop(): Promise<void> {
    await this.kill();
  }

  private async spawn(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--protected-mode',
        'no',
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 30_000; // a process start: slow on a busy machine
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server on port ${this.port} exited`);
      const client = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') return;
      } catch {
        // not listening yet
      } finally {
        client.disconnect();
      }
      if (Date.now() > deadline)
        throw new Error(`redis-server on port ${this.port} never answered`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
