import assert from 'node:assert/strict';
import type express from 'express';
import { listBlobKeys } from '../../helpers/blob-stores';
import {
  freshAccount,
  testApp,
  testBlobDir,
  testGraph,
  testSync,
  uploadJson,
} from '../../helpers/harness';
import type { AccountFeature } from '../../../src/accounts/account-service';
import { type Job, type Props, expectCounters, rel, scopeContents } from './semantics-helpers';
import { FINALIZE_COUNTERS, hosts, type Preview, SafeSyncClient } from './safe-sync-helpers';

/**
 * The finalize preview on the real stack: it answers what the finalize would do, per type, by the
 * finalization's own code, writes nothing (graph, property catalog, raw data, the job), and its
 * totals are exactly the counters the finalize then reports, in DIFF, PUT and PATCH.
 */
describe('finalize preview (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function client(features: AccountFeature[] = []) {
    const a = await freshAccount(features);
    return { c: new SafeSyncClient(app, a.headers), accountId: a.accountId };
  }

  /** Everything a preview must not touch: the scope, the catalog, raw-data content, the job. */
  async function untouched(c: SafeSyncClient, accountId: string, job: Job) {
    const graph = await testGraph();
    return {
      scope: await scopeContents(accountId, 's'),
      catalog: await graph.read('catalog/list-property-kinds', { accountId }),
      rawData: await listBlobKeys(testBlobDir, `raw-data/${accountId}`),
      job: await c.get(job.id),
    };
  }

  /** Preview (asserting it wrote nothing), then finalize: the counters must be the preview's. */
  async function previewThenFinalize(
    c: SafeSyncClient,
    accountId: string,
    job: Job,
  ): Promise<{ preview: Preview; done: Job }> {
    const before = await untouched(c, accountId, job);
    const preview = await c.preview(job.id);
    assert.deepEqual(await untouched(c, accountId, job), before);
    assert.equal(before.job.status, 'AWAITING_UPLOADS');
    const done = await c.finalize(job.id);
    for (const counter of FINALIZE_COUNTERS) {
      assert.equal(
        preview.totals[counter],
        done[counter],
        `${counter}: ${JSON.stringify(preview)}`,
      );
    }
    return { preview, done };
  }

  it('DIFF: every counter of the finalize, unchanged counts, per type with samples', async () => {
    const { c, accountId } = await client();
    const users = [
      { _key: 'u0', _type: 'user', _class: 'User', name: 'u0' },
      { _key: 'u1', _type: 'user', _class: 'User', name: 'u1' },
    ];
    const owns = { ...rel('own', 'u0', 'h0'), _type: 'user_owns_host', _class: 'OWNS' };
    expectCounters(
      await c.diff(
        's',
        [...hosts(6), ...users],
        [
          rel('r0', 'h0', 'h1'),
          rel('r1', 'h1', 'h2'),
          rel('r2', 'h2', 'h3'),
          rel('r3', 'h3', 'h4'),
          owns,
        ],
      ),
      { numEntitiesCreated: 8, numRelationshipsCreated: 5 },
    );
    const [h0, h1, h2, h3] = hosts(4);
    const job = await c.staged(
      { source: 'api', scope: 's', syncMode: 'DIFF' },
      [
        h0!,
        h1!,
        { ...h2!, name: 'renamed', env: 'prod' },
        { ...h3!, name: 'renamed' },
        ...hosts(2, 'n', { _rawData: [{ name: 'default', rawData: { id: 1 } }] }),
        users[0]!,
      ],
      [
        rel('r0', 'h0', 'h1'),
        rel('r1', 'h1', 'h2', { weight: 3 }),
        rel('r2', 'h2', 'h3'),
        rel('r4', 'n0', 'n1'), // between two entities this job creates
        rel('r5', 'h3', 'h5'), // to an entity this DIFF deletes: a create error
        owns,
      ],
    );
    const { preview, done } = await previewThenFinalize(c, accountId, job);
    expectCounters(done, {
      numEntitiesCreated: 2,
      numEntitiesUpdated: 2,
      numEntitiesDeleted: 3,
      numRelationshipsCreated: 1,
      numRelationshipsUpdated: 1,
      numRelationshipsDeleted: 1,
      numRelationshipCreateErrors: 1,
    });
    assert.equal(preview.totals.numEntitiesUnchanged, 3);
    assert.equal(preview.totals.numRelationshipsUnchanged, 3);
    assert.deepEqual(preview.entities, {
      host: {
        create: 2,
        update: 2,
        delete: 2,
        unchanged: 2,
        errors: 0,
        samples: {
          create: [{ key: 'n0' }, { key: 'n1' }],
          update: [
            { key: 'h2', changed: ['env', 'name'] },
            { key: 'h3', changed: ['name'] },
          ],
          delete: [{ key: 'h4' }, { key: 'h5' }],
          unchanged: [{ key: 'h0' }, { key: 'h1' }],
        },
      },
      user: {
        create: 0,
        update: 0,
        delete: 1,
        unchanged: 1,
        errors: 0,
        samples: { create: [], update: [], delete: [{ key: 'u1' }], unchanged: [{ key: 'u0' }] },
      },
    });
    assert.deepEqual(preview.relationships.host_uses_host, {
      create: 1,
      update: 1,
      delete: 1,
      unchanged: 2,
      errors: 1,
      samples: {
        create: [{ key: 'r4' }],
        update: [{ key: 'r1', changed: ['weight'] }],
        delete: [{ key: 'r3' }],
        unchanged: [{ key: 'r0' }, { key: 'r2' }],
      },
    });
    assert.equal(preview.relationships.user_owns_host?.unchanged, 1);
    assert.equal(preview.deleteGuard, undefined);
  });

  it('DIFF with an empty upload: everything deleted; with a guard, that it would stop', async () => {
    const { c, accountId } = await client();
    await c.diff('s', hosts(4), [rel('r0', 'h0', 'h1')]);
    await c.setGuard(20);
    const job = await c.start({ source: 'api', scope: 's', syncMode: 'DIFF' });
    const preview = await c.preview(job.id);
    assert.deepEqual(preview.deleteGuard, { percent: 20, wouldStop: true });
    assert.equal(preview.totals.numEntitiesDeleted, 4);
    assert.equal(preview.totals.numRelationshipsDeleted, 1);
    await c.setGuard(null);
    const { done } = await previewThenFinalize(c, accountId, job);
    expectCounters(done, { numEntitiesDeleted: 4, numRelationshipsDeleted: 1 });
  });

  it('DIFF: the delete sample is the first keys in key order, whatever order they were written in', async () => {
    const { c } = await client();
    // Written in reverse key order, more than the sample holds.
    await c.diff('s', hosts(9).reverse());
    const job = await c.start({ source: 'api', scope: 's', syncMode: 'DIFF' });
    const preview = await c.preview(job.id);
    assert.equal(preview.entities.host?.delete, 9);
    assert.deepEqual(preview.entities.host?.samples.delete, [
      { key: 'h0' },
      { key: 'h1' },
      { key: 'h2' },
      { key: 'h3' },
      { key: 'h4' },
    ]);
  });

  it('DIFF into a new scope: creates, relationships to the new entities included', async () => {
    const { c, accountId } = await client();
    const job = await c.staged({ source: 'api', scope: 's', syncMode: 'DIFF' }, hosts(3), [
      rel('r0', 'h0', 'h1'),
      rel('r1', 'h1', 'h2'),
      rel('r2', 'h2', 'nowhere'),
    ]);
    const { preview, done } = await previewThenFinalize(c, accountId, job);
    expectCounters(done, {
      numEntitiesCreated: 3,
      numRelationshipsCreated: 2,
      numRelationshipCreateErrors: 1,
    });
    assert.equal(preview.entities.host?.create, 3);
  });

  it('PUT: the finalize counters exactly, updates naming what they change', async () => {
    const { c, accountId } = await client(['PUT']);
    await c.diff('s', hosts(3), [rel('r0', 'h0', 'h1')]);
    const [h0, h1] = hosts(2);
    const job = await c.staged(
      { source: 'api', scope: 's', syncMode: 'PUT' },
      [h0!, { ...h1!, owner: 'ops' }, ...hosts(1, 'n')],
      [rel('r0', 'h0', 'h1', { weight: 1 }), rel('r1', 'h1', 'n0')],
    );
    const { preview, done } = await previewThenFinalize(c, accountId, job);
    expectCounters(done, {
      numEntitiesCreated: 1,
      numEntitiesUpdated: 1,
      numRelationshipsCreated: 1,
      numRelationshipsUpdated: 1,
    });
    assert.equal(preview.totals.numEntitiesUnchanged, 1);
    assert.deepEqual(preview.entities.host?.samples.update, [{ key: 'h1', changed: ['owner'] }]);
  });

  it('PATCH: the finalize counters exactly, a missing entity an update error', async () => {
    const { c, accountId } = await client();
    await c.diff('s', hosts(3));
    const job = await c.staged({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
      { _key: 'h0', _type: 'host', _class: 'Host', name: 'patched' },
      { _key: 'h1', _type: 'host', _class: 'Host', name: 'h1' },
      { _key: 'gone', _type: 'host', _class: 'Host', name: 'x' },
    ]);
    const { preview, done } = await previewThenFinalize(c, accountId, job);
    expectCounters(done, { numEntitiesUpdated: 1, numEntityUpdateErrors: 1 });
    assert.deepEqual(
      { ...preview.entities.host, samples: preview.entities.host?.samples.update },
      {
        create: 0,
        update: 1,
        delete: 0,
        unchanged: 1,
        errors: 1,
        samples: [{ key: 'h0', changed: ['name'] }],
      },
    );
  });

  it('is exact over many chunks and batches (chunk size 2): relationships to entities of other chunks', async () => {
    const sync = await testSync({ chunkSize: 2 });
    const account = await freshAccount();
    const accountId = account.accountId;
    const diff = async (entities: Props[], relationships: Props[]) => {
      const job = await sync.service.start({
        accountId,
        body: { source: 'api', scope: 's', syncMode: 'DIFF' },
      });
      const ref = { accountId, jobId: job.id };
      // Two batches, each split across chunks.
      const half = Math.ceil(entities.length / 2);
      await uploadJson(sync, ref, { entities: entities.slice(0, half), relationships });
      await uploadJson(sync, ref, { entities: entities.slice(half) });
      return ref;
    };
    const seed = await diff(hosts(7), [
      rel('r0', 'h0', 'h6'),
      rel('r1', 'h2', 'h5'),
      rel('r2', 'h5', 'h6'),
    ]);
    await sync.service.finalize({ ...seed, body: {} });
    const next = await diff(
      [
        ...hosts(3),
        ...hosts(2, 'h3', { name: 'changed' }).map((e, i) => ({ ...e, _key: `h${3 + i}` })),
        ...hosts(3, 'n'),
      ],
      [rel('r0', 'h0', 'n2'), rel('r1', 'h2', 'h4'), rel('r3', 'n0', 'h1'), rel('r4', 'n1', 'h6')],
    );
    const preview = await sync.safeSync.preview({ ...next, body: {} });
    const done = await sync.service.finalize({ ...next, body: {} });
    for (const counter of FINALIZE_COUNTERS) {
      assert.equal(
        preview.totals[counter],
        done[counter],
        `${counter}: ${JSON.stringify(preview)}`,
      );
    }
    expectCounters(done, {
      numEntitiesCreated: 3,
      numEntitiesUpdated: 2,
      numEntitiesDeleted: 2,
      // r0 and r1 now end elsewhere: new relationships, and the old ones (their ends h5 and h6
      // deleted) go with r2; r4 names the deleted h6.
      numRelationshipsCreated: 3,
      numRelationshipsDeleted: 3,
      numRelationshipCreateErrors: 1,
    });
    assert.equal(preview.totals.numEntitiesUnchanged, 3);
  });

  it('refuses a job that does not await uploads, and modes it cannot preview (409)', async () => {
    const { c } = await client();
    const finished = await c.diff('s', hosts(1));
    const done = await c.previewRaw(finished.id);
    assert.deepEqual(
      { status: done.status, body: done.body },
      {
        status: 409,
        body: {
          error: {
            code: 'JOB_NOT_AWAITING_UPLOADS',
            message: `Sync job '${finished.id}' is FINISHED: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort`,
          },
        },
      },
    );
    const cross = await c.start({ source: 'api', scope: 'x', syncMode: 'CROSS_SCOPE' });
    const refused = await c.previewRaw(cross.id);
    assert.deepEqual(refused.body, {
      error: {
        code: 'PREVIEW_NOT_SUPPORTED',
        message: `Sync job '${cross.id}' cannot be previewed: its mode CROSS_SCOPE is not previewed (only DIFF, PATCH, PUT)`,
      },
    });
    assert.equal(refused.status, 409);
    const mapped = await c.staged({ source: 'api', scope: 'm', syncMode: 'DIFF' }, hosts(1), [
      mappedRelationship(),
    ]);
    const refusedMapped = await c.previewRaw(mapped.id);
    assert.equal(refusedMapped.status, 409, JSON.stringify(refusedMapped.body));
    assert.equal(
      (refusedMapped.body as { error: { message: string } }).error.message,
      `Sync job '${mapped.id}' cannot be previewed: it has mapped relationships, whose placeholders a finalization creates as it goes`,
    );
    assert.equal((await c.get(mapped.id)).status, 'AWAITING_UPLOADS');
  });
});

function mappedRelationship(): Props {
  return {
    _key: 'm0',
    _type: 'host_has_thing',
    _class: 'HAS',
    _mapping: {
      relationshipDirection: 'FORWARD',
      sourceEntityKey: 'h0',
      targetFilterKeys: [['_type', '_key']],
      targetEntity: { _type: 'thing', _key: 't0', _class: 'Thing' },
    },
  };
}
