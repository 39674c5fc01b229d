import assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataRejectedError, UnavailableError } from '../../../src/errors/app-error';
import { repoRoot } from '../../../src/paths';
import {
  type FinalizeQueue,
  type FinalizeTask,
  openFinalizeQueue,
  queueJobId,
} from '../../../src/queue/finalize-queue';
import {
  type GaveUpReason,
  startFinalizeWorker,
  type TaskOutcome,
} from '../../../src/queue/finalize-worker';
import { redisUrl, silentLogger } from '../../helpers/harness';

const PREFIX = 'graphsync-test';

interface GaveUp {
  task: FinalizeTask;
  err: unknown;
  reason: GaveUpReason;
}

describe('finalize queue and worker (real Redis)', () => {
  let queueName: string;
  let cleanups: Array<() => Promise<void>>;

  beforeEach(() => {
    queueName = `finalize-${randomUUID()}`;
    cleanups = [];
  });

  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    const admin = adminQueue();
    await admin.obliterate({ force: true });
    await admin.close();
  });

  /** A plain BullMQ handle on the test's queue, to look at job states and remove the queue. */
  function adminQueue(): Queue {
    const admin = new Queue(queueName, { connection: { url: redisUrl() }, prefix: PREFIX });
    cleanups.push(() => admin.close());
    return admin;
  }

  function openQueue(attempts = 3): FinalizeQueue {
    const queue = openFinalizeQueue({
      redisUrl: redisUrl(),
      prefix: PREFIX,
      attempts,
      queueName,
      backoffMs: 50,
    });
    cleanups.push(() => queue.close());
    return queue;
  }

  /** A worker whose runs and gave-ups are recorded; `run` defaults to succeeding at once. */
  function startWorker(
    opts: {
      run?: (task: FinalizeTask) => Promise<void>;
      concurrency?: number;
      lockDurationMs?: number;
      closeTimeoutMs?: number;
    } = {},
  ) {
    const runs: FinalizeTask[] = [];
    const gaveUp: GaveUp[] = [];
    const handle = startFinalizeWorker({
      redisUrl: redisUrl(),
      prefix: PREFIX,
      queueName,
      concurrency: opts.concurrency ?? 1,
      lockDurationMs: opts.lockDurationMs ?? 5000,
      closeTimeoutMs: opts.closeTimeoutMs,
      logger: silentLogger,
      run: async (task): Promise<TaskOutcome> => {
        runs.push(task);
        try {
          await opts.run?.(task);
          return { status: 'done' };
        } catch (error) {
          return { status: 'failed', error };
        }
      },
      onGaveUp: async (task, err, reason) => {
        gaveUp.push({ task, err, reason });
        await Promise.resolve();
      },
    });
    cleanups.push(() => handle.close());
    return { handle, runs, gaveUp };
  }

  const newTask = (): FinalizeTask => ({
    accountId: `t-${randomUUID()}`,
    jobId: randomUUID(),
    seq: 1,
  });

  // Waits are generous for a busy 2-core machine; the assertions after them say what must hold
  // (the takeover test still asserts its own bound on how long the takeover took).
  async function waitFor(
    what: string,
    check: () => boolean | Promise<boolean>,
    timeoutMs = 20_000,
  ) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms waiting: ${what}`);
      await sleep(25);
    }
  }

  async function waitForState(admin: Queue, jobId: string, state: string, timeoutMs = 20_000) {
    await waitFor(
      `job ${jobId} ${state}`,
      async () => (await admin.getJobState(jobId)) === state,
      timeoutMs,
    );
  }

  it('runs a task once however often it is enqueued, under the id of its accepted finalize', async () => {
    const admin = adminQueue();
    const queue = openQueue();
    const task = newTask();
    await Promise.all([queue.enqueue(task), queue.enqueue(task)]);
    await queue.enqueue(task);
    assert.equal(await admin.getJobState(queueJobId(task)), 'waiting');

    const { runs } = startWorker();
    await waitForState(admin, queueJobId(task), 'completed');
    await queue.enqueue(task);
    await sleep(300);

    assert.deepEqual(runs, [task]);
    assert.equal(await admin.getJobCountByTypes('waiting', 'active', 'delayed'), 0);
  });

  it('retries retryable errors with backoff, then succeeds', async () => {
    const admin = adminQueue();
    const queue = openQueue(3);
    const task = newTask();
    const failures: Error[] = [new UnavailableError('Neo4j is down'), new Error('socket hang up')];
    const { runs, gaveUp } = startWorker({
      run: async () => {
        const failure = failures.shift();
        if (failure !== undefined) throw failure;
        await Promise.resolve();
      },
    });

    await queue.enqueue(task);
    await waitForState(admin, queueJobId(task), 'completed');

    assert.equal(runs.length, 3);
    assert.deepEqual(gaveUp, []);
  });

  it('gives up once, as attempts-exhausted, when the attempts run out', async () => {
    const admin = adminQueue();
    const queue = openQueue(3);
    const task = newTask();
    const { runs, gaveUp } = startWorker({
      run: () => Promise.reject(new UnavailableError('Neo4j is down')),
    });

    await queue.enqueue(task);
    await waitForState(admin, queueJobId(task), 'failed');
    await sleep(300);

    assert.equal(runs.length, 3);
    assert.equal(gaveUp.length, 1);
    assert.deepEqual(gaveUp[0]!.task, task);
    assert.equal(gaveUp[0]!.reason, 'attempts-exhausted');
    assert.ok(gaveUp[0]!.err instanceof UnavailableError);
    assert.equal((await admin.getJob(queueJobId(task)))?.failedReason, 'Neo4j is down');
  });

  it('does not retry an AppError that is not retryable', async () => {
    const admin = adminQueue();
    const queue = openQueue(3);
    const task = newTask();
    const { runs, gaveUp } = startWorker({
      run: () => Promise.reject(new DataRejectedError('line 3 is not JSON')),
    });

    await queue.enqueue(task);
    await waitForState(admin, queueJobId(task), 'failed');
    await sleep(300);

    assert.equal(runs.length, 1);
    assert.equal(gaveUp.length, 1);
    assert.equal(gaveUp[0]!.reason, 'unrecoverable');
    assert.ok(gaveUp[0]!.err instanceof DataRejectedError);
  });

  it('gives up a task whose workers kept dying instead of running it again', async () => {
    const admin = adminQueue();
    const queue = openQueue(3);
    const task = newTask();
    await queue.enqueue(task);
    // What six stalled-job recoveries leave behind (BullMQ's stalled counter on the job hash).
    const redis = new Redis(redisUrl());
    await redis.hset(`${PREFIX}:${queueName}:${queueJobId(task)}`, 'stc', 6);
    redis.disconnect();

    const { runs, gaveUp } = startWorker();
    await waitForState(admin, queueJobId(task), 'failed');

    assert.equal(runs.length, 0);
    assert.equal(gaveUp.length, 1);
    assert.equal(gaveUp[0]!.reason, 'attempts-exhausted');
  });

  it('never runs one task on two workers at once', async () => {
    const admin = adminQueue();
    const queue = openQueue();
    const running = new Set<string>();
    const overlaps: string[] = [];
    const run = async (task: FinalizeTask) => {
      if (running.has(task.jobId)) overlaps.push(task.jobId);
      running.add(task.jobId);
      await sleep(20 + Math.random() * 30);
      running.delete(task.jobId);
    };
    const a = startWorker({ run, concurrency: 3 });
    const b = startWorker({ run, concurrency: 3 });

    const tasks = Array.from({ length: 30 }, newTask);
    await Promise.all(tasks.flatMap((t) => [queue.enqueue(t), queue.enqueue(t)]));
    await waitFor('all tasks completed', async () => (await admin.getCompletedCount()) === 30);
    await sleep(200);

    assert.deepEqual(overlaps, []);
    const ran = [...a.runs, ...b.runs].map((t) => t.jobId).sort();
    assert.deepEqual(ran, tasks.map((t) => t.jobId).sort());
  });

  it('close() waits for the running task to finish', async () => {
    const admin = adminQueue();
    const queue = openQueue();
    const task = newTask();
    let finished = false;
    const { handle, runs } = startWorker({
      run: async () => {
        await sleep(500);
        finished = true;
      },
    });
    await queue.enqueue(task);
    await waitFor('the task to start', () => runs.length === 1);

    await handle.close();

    assert.ok(finished, 'close() returned before the task finished');
    assert.equal(await admin.getJobState(queueJobId(task)), 'completed');
  });

  it('close() leaves a task that outlasts its timeout to another worker', async () => {
    const admin = adminQueue();
    const queue = openQueue();
    const task = newTask();
    let release: () => void = () => undefined;
    const first = startWorker({
      lockDurationMs: 1000,
      closeTimeoutMs: 300,
      run: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await queue.enqueue(task);
    await waitFor('the task to start', () => first.runs.length === 1);

    const closing = Date.now();
    await first.handle.close();
    assert.ok(Date.now() - closing < 1000, 'close() did not stop at its timeout');

    const second = startWorker({ lockDurationMs: 1000 });
    await waitForState(admin, queueJobId(task), 'completed', 30_000);
    assert.deepEqual(second.runs, [task]);
    release();
  });

  it('a worker killed mid-task leaves it to another worker once its lock expires', async () => {
    const admin = adminQueue();
    const queue = openQueue();
    const task = newTask();
    const lockDurationMs = 2000;
    const child = forkChild({ redisUrl: redisUrl(), prefix: PREFIX, queueName, lockDurationMs });
    cleanups.push(() => Promise.resolve(void child.kill('SIGKILL')));
    await child.message((m) => m === 'ready');

    await queue.enqueue(task);
    const started = await child.message((m) => typeof m === 'object' && m !== null);
    assert.deepEqual(started, { started: task });
    child.process.kill('SIGKILL');
    await child.exited;
    const killedAt = Date.now();

    const survivor = startWorker({ lockDurationMs });
    await waitForState(admin, queueJobId(task), 'completed', 30_000);
    const takeoverMs = Date.now() - killedAt;

    assert.deepEqual(survivor.runs, [task]);
    assert.ok(takeoverMs < 10_000, `took ${takeoverMs} ms`);
  });

  it('puts a task that must wait for its scope back as delayed, without spending an attempt', async () => {
    const admin = adminQueue();
    const queue = openQueue(1);
    const task = newTask();
    const outcomes: TaskOutcome[] = [{ status: 'waiting' }, { status: 'waiting' }];
    let runs = 0;
    const gaveUp: unknown[] = [];
    const worker = startFinalizeWorker({
      redisUrl: redisUrl(),
      prefix: PREFIX,
      queueName,
      concurrency: 1,
      lockDurationMs: 5000,
      scopeWaitMs: 100,
      logger: silentLogger,
      run: () => {
        runs++;
        return Promise.resolve(outcomes.shift() ?? { status: 'done' });
      },
      onGaveUp: (t, err) => {
        gaveUp.push(err);
        return Promise.resolve();
      },
    });
    cleanups.push(() => worker.close());
    await queue.enqueue(task);
    await waitForState(admin, queueJobId(task), 'completed');
    // One attempt allowed, two waits: waiting is not a failed attempt.
    assert.equal(runs, 3);
    assert.deepEqual(gaveUp, []);
  });

  it('ensure() queues a task whose queue job is missing or finished, and only then', async () => {
    const admin = adminQueue();
    const queue = openQueue();
    const task = newTask();
    const id = queueJobId(task);
    assert.equal(await queue.ensure(task), true, 'missing: queued');
    assert.equal(await queue.ensure(task), false, 'waiting: left alone');
    assert.equal(await admin.getJobState(id), 'waiting');

    const { runs } = startWorker();
    await waitForState(admin, id, 'completed');
    assert.equal(await queue.ensure(task), true, 'finished while its job is pending: queued again');
    await waitFor('the second run', () => runs.length === 2);
    await waitForState(admin, id, 'completed');

    // Redis lost it (restarted empty, evicted).
    await admin.remove(id);
    assert.equal(await admin.getJobState(id), 'unknown');
    assert.equal(await queue.ensure(task), true, 'lost: queued again');
    await waitFor('the third run', () => runs.length === 3);
    // A later acceptance of the same sync job (a new seq) is a new queue job of its own.
    const again = { ...task, seq: 2 };
    await queue.enqueue(again);
    await waitFor('the run of the second acceptance', () => runs.length === 4);
    assert.deepEqual(runs, [task, task, task, again]);
  });

  it('close() returns at once when Redis was never reachable', async () => {
    const worker = startFinalizeWorker({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: PREFIX,
      queueName,
      concurrency: 1,
      lockDurationMs: 1000,
      logger: silentLogger,
      run: () => Promise.resolve({ status: 'done' } as const),
      onGaveUp: () => Promise.resolve(),
    });
    await sleep(300);
    const closing = Date.now();
    await worker.close();
    assert.ok(Date.now() - closing < 1000, `close() took ${Date.now() - closing} ms`);
  });

  it('fails an enqueue with UnavailableError when Redis cannot be reached', async () => {
    const queue = openFinalizeQueue({
      redisUrl: 'redis://127.0.0.1:1',
      prefix: PREFIX,
      attempts: 3,
      queueName,
    });
    cleanups.push(() => queue.close());
    await assert.rejects(
      queue.enqueue(newTask()),
      (err: unknown) => err instanceof UnavailableError && err.retryable,
    );
  });
});

/** test/helpers/finalize-worker-child.ts in its own process, with IPC. */
function forkChild(options: object) {
  const child: ChildProcess = fork(
    path.join(repoRoot, 'test/helpers/finalize-worker-child.ts'),
    [JSON.stringify(options)],
    { cwd: repoRoot, execArgv: ['--require', 'tsx/cjs'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    exited,
    kill: (signal: NodeJS.Signals) => child.exitCode === null && child.kill(signal),
    // The child is a fresh Node process compiling TypeScript (tsx): slow to start on a busy machine.
    message: (match: (m: unknown) => boolean, timeoutMs = 40_000) =>
      new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error(`child sent no matching message within ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const onMessage = (m: unknown) => {
          if (!match(m)) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(m);
        };
        child.on('message', onMessage);
      }),
  };
}
