import assert from 'node:assert/strict';
import type express from 'express';
import type { Services } from '../../../src/compose/build-services';
import { listBlobKeys } from '../../helpers/blob-stores';
import { freshAccount, testApp, testBlobDir, testGraph, testServices } from '../../helpers/harness';
import { entity, rel, scopeContents, SyncClient, type Props } from '../sync/semantics-helpers';

/**
 * The history purge (decision 0045, HISTORY_RETENTION_DAYS, default 90): changes older than the
 * retention go, and so do entities and relationships soft deleted before it, with the entities'
 * raw-data versions and content; everything newer stays.
 */
const DAY = 86_400_000;
const SCOPE = 's';

describe('change history purge (real Neo4j)', () => {
  let app: express.Express;
  let services: Services;
  before(async () => {
    app = await testApp();
    services = await testServices();
  });

  async function accountChanges(accountId: string): Promise<Props[]> {
    const graph = await testGraph();
    const [row] = await graph.read<{ changes: Props[] }>('history/test-account-changes', {
      accountId,
    });
    return row!.changes;
  }

  it('removes expired changes and objects soft deleted before the retention, and keeps the rest', async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    const gone = entity('gone', { _rawData: [{ name: 'default', rawData: { v: 1 } }] });
    await c.diff(
      SCOPE,
      [entity('live', { v: 1 }), entity('other'), gone],
      [rel('live-other', 'live', 'other'), rel('live-gone', 'live', 'gone')],
    );
    // `gone` is deleted (with live-gone), live-other is deleted between two live entities.
    await c.diff(SCOPE, [entity('live', { v: 1 }), entity('other')]);
    const blobs = await listBlobKeys(testBlobDir, `raw-data/${a.accountId}`);
    assert.equal(blobs.length, 1, 'the deleted entity has its raw data');
    const graph = await testGraph();
    // Everything so far happened 100 days ago; one change is recent.
    await graph.write('history/test-backdate', { accountId: a.accountId, byMs: 100 * DAY });
    const recent = await c.diff(SCOPE, [entity('live', { v: 2 }), entity('other')]);

    // 8 changes, the entity `gone` (live-gone goes with it), the relationship live-other.
    assert.ok((await services.history.prune()) >= 8 + 1 + 1);

    const s = await scopeContents(a.accountId, SCOPE);
    assert.deepEqual(
      s.entities.map((e) => [e._key, e._deleted]),
      [
        ['live', false],
        ['other', false],
      ],
    );
    assert.deepEqual(s.relationships, [], 'both soft-deleted relationships are gone');
    assert.deepEqual(
      (await accountChanges(a.accountId)).map((ch) => [ch.key, ch.kind, ch.jobId]),
      [['live', 'updated', recent.id]],
    );
    const [versions] = await graph.read<{ n: number }>('history/test-count-versions', {
      accountId: a.accountId,
    });
    assert.equal(versions!.n, 0, "the purged entity's raw-data versions are gone");
    assert.deepEqual(await listBlobKeys(testBlobDir, `raw-data/${a.accountId}`), []);
  });

  it('keeps soft-deleted objects and changes younger than the retention', async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    await c.diff(SCOPE, [entity('x'), entity('y')], [rel('x-y', 'x', 'y')]);
    await c.diff(SCOPE, [entity('x')]);
    const before = await accountChanges(a.accountId);
    await services.history.prune();
    const s = await scopeContents(a.accountId, SCOPE);
    assert.deepEqual(
      s.entities.map((e) => [e._key, e._deleted]),
      [
        ['x', false],
        ['y', true],
      ],
    );
    assert.deepEqual(
      s.relationships.map((r) => [r._key, r._deleted]),
      [['x-y', true]],
    );
    assert.deepEqual(await accountChanges(a.accountId), before);
    assert.equal(before.length, 3 + 2);
  });
});
