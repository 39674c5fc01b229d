import { testConfig, testServices } from '../../helpers/harness';

/**
 * A worker in its own process, for the tests that kill one: it finalizes the job named by its
 * JSON argument ({ accountId, jobId, dispatch, blobDir }), reports { finished: status }, then, with
 * `dispatch`, runs one dispatcher round (reporting 'dispatching'), and never ends.
 */
interface ChildOptions {
  accountId: string;
  jobId: string;
  dispatch: boolean;
  /** The parent's blob directory, where the job's uploads are staged. */
  blobDir: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;

async function main(): Promise<void> {
  const base = testConfig();
  const config = {
    ...base,
    sync: { ...base.sync, blobDir: options.blobDir },
    // A lease of 3 x 1 s + 5 s: the test's other dispatcher may take over 8 s after the claim.
    outbound: { ...base.outbound, timeoutMs: 1000 },
    subscriptions: { pollMs: 50, attempts: 4, backoffMs: 10, backoffMaxMs: 100 },
  };
  const services = await testServices({ config });
  const job = await services.sync.finalizer.run({
    accountId: options.accountId,
    jobId: options.jobId,
  });
  process.send?.({ finished: job.status });
  if (options.dispatch) {
    process.send?.('dispatching');
    await services.subscriptions.dispatcher.runOnce();
  }
  await new Promise<never>(() => undefined);
}

void main();
