import assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../../src/paths';
import { freshAccount, type TestAccount, testConfig, testServices } from '../../helpers/harness';
import { EventReceiver } from './event-receiver';
import { deliveries, dispatchUntil, eventStack, SECRET, subscribe } from './subscription-helpers';
import type { Services } from '../../../src/compose/build-services';

/**
 * The outbox survives its worker: a worker process (finalize-child.ts) is killed (SIGKILL) right
 * after it made a job FINISHED, or in the middle of delivering its event, and another process's
 * dispatcher still delivers the event: exactly once in the first case, and once more after the
 * claim's lease in the second (at-least-once: the same eventId twice).
 */
describe('subscriptions: a worker killed after FINISHED', function () {
  this.timeout(120_000);
  let receiver: EventReceiver;
  let child: ChildProcess | undefined;
  beforeEach(async () => {
    receiver = await EventReceiver.start();
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    child = undefined;
    await receiver.close();
  });

  /** A FINALIZE_PENDING job of `a` (queued: nobody in this process finalizes it). */
  async function pendingJob(services: Services, a: TestAccount): Promise<string> {
    const sync = services.sync.service;
    const job = await sync.start({
      accountId: a.accountId,
      body: { source: 'api', scope: 'killed' },
    });
    const ref = { accountId: a.accountId, jobId: job.id };
    await sync.upload({
      ...ref,
      body: { entities: [{ _key: 'k', _type: 'test_thing', _class: 'Resource' }] },
      format: 'json',
      route: 'upload',
      correlationId: undefined,
      ignoreDuplicates: false,
      ignoreIllegalProperties: false,
    });
    const accepted = await sync.finalize({ ...ref, body: {} });
    assert.equal(accepted.status, 'FINALIZE_PENDING');
    return job.id;
  }

  function startChild(job: { accountId: string; jobId: string; dispatch: boolean }) {
    const options = { ...job, blobDir: testConfig().sync.blobDir };
    const proc = fork(
      path.join(repoRoot, 'test/integration/subscriptions/finalize-child.ts'),
      [JSON.stringify(options)],
      {
        cwd: repoRoot,
        execArgv: ['--require', 'tsx/cjs'],
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    child = proc;
    let output = '';
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const message = (want: (m: unknown) => boolean) =>
      new Promise<unknown>((resolve, reject) => {
        proc.on('message', (m) => want(m) && resolve(m));
        proc.once('exit', (code) => reject(new Error(`child exited (${code}): ${output}`)));
      });
    const kill = async () => {
      proc.kill('SIGKILL');
      await exited;
    };
    return { message, kill };
  }

  /** Sync services that leave an accepted finalize pending, as a queue would. */
  const queuedSync = () =>
    testServices({ overrides: { dispatcher: () => ({ dispatch: () => Promise.resolve() }) } });

  it('delivers the event of a job whose worker died right after FINISHED, once', async () => {
    const { app, services } = await eventStack();
    const a = await freshAccount();
    const id = await subscribe(app, a, {
      name: 'survivor',
      target: { kind: 'webhook', url: receiver.url(), secret: SECRET },
    });
    const jobId = await pendingJob(await queuedSync(), a);
    const worker = startChild({ accountId: a.accountId, jobId, dispatch: false });
    assert.deepEqual(await worker.message((m) => typeof m === 'object'), { finished: 'FINISHED' });
    await worker.kill();
    assert.equal(receiver.received.length, 0);

    await dispatchUntil(
      services,
      async () => (await deliveries(app, a, id))[0]?.status === 'DELIVERED',
    );
    for (let i = 0; i < 3; i++) await services.subscriptions.dispatcher.runOnce();
    assert.equal(receiver.received.length, 1);
    assert.equal((receiver.received[0]!.body.job as { id: string }).id, jobId);
    const [log] = await deliveries(app, a, id);
    assert.equal(log!.attempts, 1);
  });

  it('delivers again after the lease when the worker died during the delivery', async () => {
    const { app, services } = await eventStack();
    const a = await freshAccount();
    const id = await subscribe(app, a, {
      name: 'mid-flight',
      target: { kind: 'webhook', url: receiver.url(), secret: SECRET },
    });
    const jobId = await pendingJob(await queuedSync(), a);
    receiver.answer(0);
    const worker = startChild({ accountId: a.accountId, jobId, dispatch: true });
    await worker.message((m) => m === 'dispatching');
    const until = Date.now() + 30_000;
    while (receiver.received.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await worker.kill();
    assert.equal(receiver.received.length, 1, 'the dying worker sent it');
    const [claimed] = await deliveries(app, a, id);
    assert.equal(claimed!.status, 'PENDING');
    assert.equal(claimed!.attempts, 1);

    await dispatchUntil(
      services,
      async () => (await deliveries(app, a, id))[0]?.status === 'DELIVERED',
      30_000,
    );
    assert.equal(receiver.received.length, 2);
    assert.equal(receiver.received[0]!.body.eventId, receiver.received[1]!.body.eventId);
    const [log] = await deliveries(app, a, id);
    assert.equal(log!.attempts, 2);
    assert.equal(log!.lastStatus, 200);
  });
});
