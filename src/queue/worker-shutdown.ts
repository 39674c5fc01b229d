import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A BullMQ worker's close, shared by the finalize and rule-evaluation workers: idempotent; a
 * worker that never got ready closes at once (its close would wait for a Redis that may never
 * answer); otherwise running jobs get `timeoutMs` to finish, after which the connection is
 * dropped and they are left to other workers (`leftBehind` is logged as a warning).
 */
export function gracefulClose(opts: {
  worker: Worker;
  connection: Redis;
  logger: Logger;
  timeoutMs: number;
  leftBehind: string;
  /** Closed with the worker, before the connection (e.g. a Queue sharing it). */
  also?: { close(): Promise<void> };
}): () => Promise<void> {
  const { worker, connection, logger, timeoutMs } = opts;
  let ready = false;
  worker.once('ready', () => (ready = true));

  const close = async (): Promise<void> => {
    if (!ready) {
      await worker.close(true);
      await opts.also?.close().catch(() => undefined);
      connection.disconnect();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const result = await Promise.race([worker.close(), timedOut]).finally(() =>
      clearTimeout(timer),
    );
    if (result === 'timeout') {
      // Dropping the connection stops the lock renewals: once a job's lock expires another
      // worker takes it over. The abandoned run goes on here until it ends or the process exits.
      logger.warn({ timeoutMs }, opts.leftBehind);
      connection.disconnect();
      return;
    }
    await opts.also?.close().catch(() => undefined);
    await connection.quit().catch(() => connection.disconnect());
  };

  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
