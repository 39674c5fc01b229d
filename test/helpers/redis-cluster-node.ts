import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './redis-server';

/**
 * A real Redis Cluster of one node: `redis-server --cluster-enabled yes` on a free loopback port,
 * owning all 16,384 hash slots. It applies Redis Cluster's rules as a bigger cluster does, above
 * all that a script or multi-key command must keep its keys in one hash slot (else CROSSSLOT); a
 * plain client reaches it (no MOVED redirects, since it owns every slot). No persistence.
 */
export class RedisClusterNode {
  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
    private readonly dir: string,
  ) {}

  static async start(): Promise<RedisClusterNode> {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graphsync-redis-cluster-'));
    const child = spawn(
      'redis-server',
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'no'],
        ...['--save', '', '--appendonly', 'no', '--dir', dir],
        ...['--cluster-enabled', 'yes', '--cluster-config-file', path.join(dir, 'nodes.conf')],
      ],
      { stdio: 'ignore' },
    );
    const node = new RedisClusterNode(port, child, dir);
    try {
      await node.assignAllSlots();
    } catch (err) {
      await node.stop();
      throw err;
    }
    return node;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A plain client on the node (close it with disconnect()). */
  client(): Redis {
    const client = new Redis(this.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    return client;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async assignAllSlots(): Promise<void> {
    const deadline = Date.now() + 30_000; // a process start: slow on a busy machine
    let assigned = false;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`redis-server on ${this.port} exited`);
      const client = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        if (!assigned) await client.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
        assigned = true;
        const info = String(await client.call('CLUSTER', 'INFO'));
        if (info.includes('cluster_state:ok')) return;
      } catch {
        // not listening yet
      } finally {
        client.disconnect();
      }
      if (Date.now() > deadline) throw new Error(`Redis Cluster node on ${this.port} never ok`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
