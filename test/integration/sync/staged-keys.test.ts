import assert from 'node:assert/strict';
import { freshAccount, testGraph, testSync } from '../../helpers/harness';
import { forEachBlobStore } from '../../helpers/blob-stores';
import { keyHash } from '../../../src/graph/key-hash';
import { stageJobKeys } from '../../../src/sync/staging/staged-keys';
import type { SyncJobs } from '../../../src/sync/jobs/create-sync-jobs';

/**
 * The keys the finalize reads (decision 0050): an upload stages its batch's keys after its
 * transaction committed, outside the job's lock, and only for jobs whose finalize reads them;
 * the finalize (and the preview) stage the batches left unstaged. Every key once, with its
 * latest batch and content, in any order; a batch marked staged only once its keys are written.
 */
forEachBlobStore(
  'staged keys: written after each upload, completed by the finalize (real Neo4j)',
  () => {
    const entity = (key: string, v = 1) => ({ _key: key, _type: 't', _class: 'Thing', v });
    type Row = { kind: string; key: string; batch: number; hash: string };
    type Batch = { seq: number; blobKey: string; keysStaged: boolean };

    async function jobWith(
      sync: SyncJobs,
      syncMode: 'DIFF' | 'PATCH',
      batches: Array<ReturnType<typeof entity>[]>,
    ) {
      const a = await freshAccount();
      const job = await sync.service.start({
        accountId: a.accountId,
        body: { source: 'api', scope: 's', syncMode, ignoreDuplicates: true },
      });
      const ref = { accountId: a.accountId, jobId: job.id };
      for (const entities of batches) {
        await sync.service.upload({
          ...ref,
          body: { entities },
          format: 'json',
          route: 'upload',
          correlationId: undefined,
          ignoreDuplicates: true,
          ignoreIllegalProperties: false,
        });
      }
      return ref;
    }

    it('a DIFF upload stages its keys; a key keeps its latest batch whatever the order', async () => {
      const graph = await testGraph();
      const sync = await testSync();
      const ref = await jobWith(sync, 'DIFF', [
        [entity('a'), entity('b')],
        [entity('c'), entity('a', 2)],
      ]);
      const staged = () => graph.read<Row>('sync/test-staged-keys', { jobId: ref.jobId });
      const rows = await staged();
      assert.deepEqual(
        rows.map((r) => [r.kind, r.key, r.batch]),
        [
          ['e', 'a', 2],
          ['e', 'b', 1],
          ['e', 'c', 2],
        ],
      );
      const batches = await graph.read<Batch>('sync/list-batches', { jobId: ref.jobId });
      assert.deepEqual(
        batches.map((b) => b.keysStaged),
        [true, true],
      );
      // Batch 1's copy of 'a' staged again, late: the key keeps its latest batch and content.
      const hashOfA = rows.find((r) => r.key === 'a')?.hash;
      await graph.write('sync/stage-keys', {
        jobId: ref.jobId,
        keys: [{ kind: 'e', key: 'a', keyHash: keyHash('a'), hash: 'old', seq: 1 }],
        seqs: [1],
      });
      const late = (await staged()).find((r) => r.key === 'a');
      assert.deepEqual([late?.batch, late?.hash], [2, hashOfA]);
    });

    it('the finalize stages only the batches an upload left unstaged (PATCH, once a key repeats)', async () => {
      const graph = await testGraph();
      const sync = await testSync();
      // PATCH reads no staged key until a key comes twice (ignoreDuplicates: the last one wins).
      const ref = await jobWith(sync, 'PATCH', [
        [entity('a'), entity('b')],
        [entity('c')],
        [entity('a', 2)],
      ]);
      const flags = async () =>
        (await graph.read<Batch>('sync/list-batches', { jobId: ref.jobId })).map(
          (b) => b.keysStaged,
        );
      assert.deepEqual(await flags(), [false, false, true]);
      await stageJobKeys({ graph, blobs: sync.blobs, chunkSize: 1 }, await sync.jobs.get(ref));
      assert.deepEqual(await flags(), [true, true, true]);
      assert.deepEqual(
        (await graph.read<Row>('sync/test-staged-keys', { jobId: ref.jobId })).map((r) => [
          r.key,
          r.batch,
        ]),
        [
          ['a', 3],
          ['b', 1],
          ['c', 2],
        ],
      );
    });

    it('leaves a batch unstaged when it cannot be read, and stages it on the next attempt', async () => {
      const graph = await testGraph();
      const sync = await testSync();
      const ref = await jobWith(sync, 'PATCH', [
        [entity('a')],
        [entity('b')],
        [entity('c')],
        [entity('a', 2)],
      ]);
      const batches = () => graph.read<Batch>('sync/list-batches', { jobId: ref.jobId });
      const second = (await batches()).find((b) => b.seq === 2)!;
      const content = await sync.blobs.get(second.blobKey);
      await sync.blobs.deletePrefix(second.blobKey);
      await assert.rejects(
        stageJobKeys({ graph, blobs: sync.blobs, chunkSize: 1 }, await sync.jobs.get(ref)),
        /is missing from the blob store/,
      );
      assert.deepEqual(
        (await batches()).map((b) => [b.seq, b.keysStaged]),
        [
          [1, true],
          [2, false],
          [3, false],
          [4, true],
        ],
      );
      await sync.blobs.put(second.blobKey, content);
      await stageJobKeys({ graph, blobs: sync.blobs, chunkSize: 1 }, await sync.jobs.get(ref));
      assert.deepEqual(
        (await batches()).map((b) => b.keysStaged),
        [true, true, true, true],
      );
      assert.deepEqual(
        (await graph.read<Row>('sync/test-staged-keys', { jobId: ref.jobId })).map((r) => [
          r.key,
          r.batch,
        ]),
        [
          ['a', 4],
          ['b', 2],
          ['c', 3],
        ],
      );
    });
  },
);
