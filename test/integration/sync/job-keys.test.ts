import assert from 'node:assert/strict';
import { freshAccount, testGraph, testSync } from '../../helpers/harness';
import { forEachBlobStore } from '../../helpers/blob-stores';
import { keyHash } from '../../../src/graph/key-hash';
import { loadJobKeys } from '../../../src/sync/finalize/job-keys';
import type { SyncJobs } from '../../../src/sync/jobs/create-sync-jobs';

/**
 * What the finalize knows of a job's keys (decision 0051): each upload keeps its batch's key
 * prints on the batch node and writes no node per key; the finalize reads them back, and reads a
 * batch without prints (a bulk file, one staged before 0051) from its content.
 */
forEachBlobStore('job keys: kept as prints on each batch (real Neo4j)', () => {
  const entity = (key: string, v = 1) => ({ _key: key, _type: 't', _class: 'Thing', v });
  type Prints = { seq: number; entityBytes: number; relationshipBytes: number; keyNodes: number };

  async function jobWith(sync: SyncJobs, batches: Array<ReturnType<typeof entity>[]>) {
    const a = await freshAccount();
    const job = await sync.service.start({
      accountId: a.accountId,
      body: { source: 'api', scope: 's', syncMode: 'DIFF', ignoreDuplicates: true },
    });
    const ref = { accountId: a.accountId, jobId: job.id };
    for (const entities of batches) {
      await sync.service.upload({
        ...ref,
        body: {
          entities,
          relationships: [
            {
              _key: `r-${entities[0]!._key}`,
              _type: 't_has_t',
              _class: 'HAS',
              _fromEntityKey: 'x',
              _toEntityKey: 'y',
            },
          ],
        },
        format: 'json',
        route: 'upload',
        correlationId: undefined,
        ignoreDuplicates: true,
        ignoreIllegalProperties: false,
      });
    }
    return ref;
  }

  it('an upload keeps its prints on its batch and writes no key node', async () => {
    const graph = await testGraph();
    const sync = await testSync();
    const ref = await jobWith(sync, [
      [entity('a'), entity('b')],
      [entity('c'), entity('a', 2)],
    ]);
    const rows = await graph.read<Prints>('sync/test-batch-prints', { jobId: ref.jobId });
    assert.deepEqual(
      rows.map((r) => [r.seq, r.entityBytes, r.relationshipBytes, r.keyNodes]),
      [
        [1, 32, 24, 0],
        [2, 32, 24, 0],
      ],
    );
    const keys = await loadJobKeys({ graph, blobs: sync.blobs }, await sync.jobs.get(ref));
    assert.deepEqual(
      ['a', 'b', 'c', 'd'].map((k) => keys.hasEntity(keyHash(k))),
      [true, true, true, false],
    );
    assert.deepEqual(
      ['r-a', 'r-c', 'r-b'].map((k) => keys.hasRelationship(keyHash(k))),
      [true, true, false],
    );
    // 'a' came again in batch 2: that copy wins (ignoreDuplicates).
    assert.deepEqual(
      [keys.superseded('e', 1, keyHash('a')), keys.superseded('e', 2, keyHash('a'))],
      [true, false],
    );
  });

  it('reads a batch without prints from its content, and fails when that content is gone', async () => {
    const graph = await testGraph();
    const sync = await testSync();
    const ref = await jobWith(sync, [[entity('a')], [entity('b')], [entity('a', 2)]]);
    await graph.write('sync/test-drop-batch-prints', { jobId: ref.jobId, seq: 2 });
    await graph.write('sync/test-drop-batch-prints', { jobId: ref.jobId, seq: 3 });
    const job = await sync.jobs.get(ref);
    const keys = await loadJobKeys({ graph, blobs: sync.blobs }, job);
    assert.deepEqual(
      ['a', 'b', 'c'].map((k) => keys.hasEntity(keyHash(k))),
      [true, true, false],
    );
    assert.deepEqual(
      [1, 3].map((seq) => keys.superseded('e', seq, keyHash('a'))),
      [true, false],
    );
    const batches = await graph.read<{ seq: number; blobKey: string }>('sync/list-batches', {
      jobId: ref.jobId,
      afterSeq: 0,
    });
    await sync.blobs.deletePrefix(batches[1]!.blobKey);
    await assert.rejects(
      loadJobKeys({ graph, blobs: sync.blobs }, job),
      /is missing from the blob store/,
    );
  });
});
