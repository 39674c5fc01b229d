import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { repoRoot } from '../../src/paths';
import { freshAccount, redisUrl } from '../helpers/harness';
import { Watched } from '../helpers/processes';
import { QueueCluster } from '../helpers/queue-cluster';

/**
 * `graphsync sync` against queue mode: finalize answers FINALIZE_PENDING and the CLI follows the
 * job until a real `graphsync worker` process has applied it. A job the worker cannot apply (its
 * staged data corrupted while it waits) ends FAILED, and the CLI exits 4 with the job's error.
 */
describe('graphsync sync in queue mode (real CLI, API, worker, Redis, Neo4j)', function () {
  this.timeout(120_000);
  let cluster: QueueCluster;

  before(async () => {
    cluster = await QueueCluster.start({ redisUrl: redisUrl() });
  });
  afterEach(async () => {
    await cluster.stopWorkers();
  });
  after(async () => {
    await cluster.close();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${cluster.prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  function startSync(accountId: string, key: string, args: string[]): Watched {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli.ts', 'sync', ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        GRAPHSYNC_URL: cluster.api.url,
        GRAPHSYNC_ACCOUNT: accountId,
        GRAPHSYNC_KEY: key,
      },
    });
    return new Watched(child);
  }

  const fixture = path.join(repoRoot, 'test', 'fixtures', 'sync-cli', 'graph.jsonl');

  it('waits for the worker and exits 0 once the job is FINISHED', async () => {
    const account = await freshAccount();
    const run = startSync(account.accountId, account.key, [
      '--scope',
      `q-${randomUUID()}`,
      fixture,
    ]);
    await run.waitFor(/finalize: FINALIZE_PENDING/, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(run.child.exitCode, null, 'still following the job while no worker runs');
    await cluster.startWorker();
    assert.equal(await run.exited(60_000), 0, run.output);
    assert.match(run.output, /Job [0-9a-f-]{36} FINISHED in /);
    assert.match(run.output, /entities: {6}3 uploaded, 3 created/);
  });

  it('a job that ends FAILED: exit 4 with the status and the error on stdout', async () => {
    const account = await freshAccount();
    const run = startSync(account.accountId, account.key, [
      '--scope',
      `q-${randomUUID()}`,
      fixture,
    ]);
    const jobId = (await run.waitFor(/finalize: job ([0-9a-f-]{36})/, 60_000))[1]!;
    await run.waitFor(/finalize: FINALIZE_PENDING/, 60_000);
    const staging = path.join(cluster.api.dataDir, 'blobs', 'staging', account.accountId, jobId);
    const files = fs.readdirSync(staging);
    assert.ok(files.length > 0);
    for (const f of files) fs.writeFileSync(path.join(staging, f), 'not gzip');
    await cluster.startWorker();
    assert.equal(await run.exited(60_000), 4, run.output);
    assert.match(run.output, new RegExp(`Job ${jobId} FAILED in `));
    assert.match(
      run.output,
      /\n {2}error: Staged batch staging\/.+ is corrupt and cannot be applied/,
    );
  });
});
