import { pino } from 'pino';
import { startFinalizeWorker } from '../../src/queue/finalize-worker';

/**
 * A finalize worker in its own process, for tests that kill it mid-job. Forked with IPC and one
 * JSON argument ({ redisUrl, prefix, queueName, lockDurationMs }); it reports 'ready' once started
 * and { started: task } when a finalization begins, which then never ends.
 */
interface ChildOptions {
  redisUrl: string;
  prefix: string;
  queueName: string;
  lockDurationMs: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;

startFinalizeWorker({
  ...options,
  concurrency: 1,
  logger: pino({ level: 'silent' }),
  run: (task) => {
    process.send?.({ started: task });
    return new Promise<never>(() => undefined);
  },
  onGaveUp: () => Promise.resolve(),
});
process.send?.('ready');
