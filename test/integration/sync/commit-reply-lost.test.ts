import assert from 'node:assert/strict';
import { text } from 'node:stream/consumers';
import { BoltProxy } from '../../helpers/bolt-proxy';
import { testCypherRoots } from '../../helpers/cypher-roots';
import {
  freshAccount,
  neo4jUri,
  testConfig,
  testGraph,
  testServices,
  uploadJson,
} from '../../helpers/harness';
import { bookkeeping } from './lifecycle-helpers';
import { deletedKeys, find, liveKeys, scopeContents } from './semantics-helpers';
import { CypherRegistry } from '../../../src/graph/cypher-registry';
import { Graph } from '../../../src/graph/graph';
import type { Services } from '../../../src/compose/build-services';

/**
 * A sync write whose commit lands while its reply is lost (Neo4j died or the network cut after
 * COMMIT): the driver runs the transaction again. Each upload and each write of a finalization
 * run commits at most once (src/sync/jobs/commit-once.ts), so the job goes on as if the first
 * reply had arrived: no uniqueness conflict on the entities it created, no second `_version`
 * bump, no raw-data blob removed as unused, no upload refused for its own keys, the counters of
 * the write that landed. Found by the chaos run (neo4j-kill), where the retried create ended the
 * job ERROR with half the scope written.
 */
describe('sync writes when a commit lands but its reply is lost (real Neo4j behind a proxy)', () => {
  let proxy: BoltProxy;
  let graph: Graph;
  let services: Services;

  before(async () => {
    proxy = await BoltProxy.start(neo4jUri());
    graph = Graph.connect(
      {
        uri: proxy.uri,
        user: process.env.NEO4J_USER || undefined,
        password: process.env.NEO4J_PASSWORD || undefined,
        database: process.env.NEO4J_DATABASE || 'neo4j',
      },
      CypherRegistry.load(...testCypherRoots),
    );
    services = await testServices({
      graph,
      config: testConfig(),
      // No dispatcher: finalize leaves the job FINALIZE_PENDING and the test runs the finalizer.
      overrides: { dispatcher: () => ({ dispatch: () => Promise.resolve() }) },
    });
  });
  after(async () => {
    await graph.close();
    await proxy.close();
  });

  const entity = (key: string, v: number) => ({
    _key: key,
    _type: 'lost_reply_thing',
    _class: 'Thing',
    v,
    _rawData: [{ name: 'default', rawData: { key, v } }],
  });
  const link = (from: string, to: string) => ({
    _key: `${from}->${to}`,
    _type: 'lost_reply_thing_has_thing',
    _class: 'HAS',
    _fromEntityKey: from,
    _toEntityKey: to,
  });

  /** Runs one DIFF job of the scope, losing the reply of the commit that sends `statement`. */
  async function syncLosing(
    accountId: string,
    body: { entities: unknown[]; relationships: unknown[] },
    statement: string,
  ) {
    const sync = services.sync;
    const job = await sync.service.start({ accountId, body: { source: 'api', scope: 's' } });
    const ref = { accountId, jobId: job.id };
    let replyLost = false;
    void proxy.loseCommitReply(graph.cypher.get(statement).text).then(() => (replyLost = true));
    await uploadJson(sync, ref, body);
    await sync.service.finalize({ ...ref, body: {} });
    const done = await sync.finalizer.run(ref);
    await Promise.resolve();
    assert.equal(replyLost, true, `no commit of ${statement} lost its reply: nothing was tested`);
    return done;
  }

  /** A baseline DIFF job of the scope, nothing lost. */
  async function syncPlain(
    accountId: string,
    body: { entities: unknown[]; relationships: unknown[] },
  ) {
    const sync = services.sync;
    const job = await sync.service.start({ accountId, body: { source: 'api', scope: 's' } });
    const ref = { accountId, jobId: job.id };
    await uploadJson(sync, ref, body);
    await sync.service.finalize({ ...ref, body: {} });
    const done = await sync.finalizer.run(ref);
    assert.equal(done.status, 'FINISHED', done.error);
    return done;
  }

  async function marksLeft(accountId: string, jobId: string): Promise<number> {
    const direct = await testGraph();
    const [row] = await direct.read<{ commits: number }>('sync/test-job-bookkeeping', {
      accountId,
      jobId,
    });
    return row!.commits;
  }

  async function rawContent(accountId: string, entityId: string): Promise<unknown> {
    const { body } = await services.rawData.content({ accountId, entityId, name: 'default' });
    return JSON.parse(await text(body));
  }

  it('stages an upload once when its commit runs again (no duplicate-key refusal)', async () => {
    const a = await freshAccount();
    const done = await syncLosing(
      a.accountId,
      { entities: [entity('a', 1), entity('b', 1)], relationships: [link('a', 'b')] },
      'sync/add-batch',
    );
    assert.equal(done.status, 'FINISHED', done.error);
    assert.deepEqual(
      [done.numEntitiesUploaded, done.numRelationshipsUploaded, done.numEntitiesCreated],
      [2, 1, 2],
    );
    const { entities } = await scopeContents(a.accountId, 's');
    assert.deepEqual(liveKeys(entities), ['a', 'b']);
  });

  it('creates entities once when the create commit runs again', async () => {
    const a = await freshAccount();
    const done = await syncLosing(
      a.accountId,
      { entities: [entity('a', 1), entity('b', 1)], relationships: [link('a', 'b')] },
      'sync/create-entities',
    );
    assert.equal(done.status, 'FINISHED', done.error);
    assert.deepEqual(
      [done.numEntitiesCreated, done.numEntitiesUpdated, done.numRelationshipsCreated],
      [2, 0, 1],
    );
    const { entities, relationships } = await scopeContents(a.accountId, 's');
    assert.deepEqual(
      entities.map((e) => [e._key, e.v, e._version]),
      [
        ['a', 1, 1],
        ['b', 1, 1],
      ],
    );
    assert.deepEqual(
      relationships.map((r) => [r._key, r.fromKey, r.toKey]),
      [['a->b', 'a', 'b']],
    );
    assert.deepEqual(await rawContent(a.accountId, find(entities, 'a')._id), {
      key: 'a',
      v: 1,
    });
    assert.equal(await marksLeft(a.accountId, done.id), 0, 'commit marks go with the staging');
  });

  it('updates an entity once (one _version step) when the update commit runs again', async () => {
    const a = await freshAccount();
    await syncPlain(a.accountId, { entities: [entity('a', 1), entity('b', 1)], relationships: [] });
    const done = await syncLosing(
      a.accountId,
      { entities: [entity('a', 2), entity('b', 1)], relationships: [] },
      'sync/update-entities',
    );
    assert.equal(done.status, 'FINISHED', done.error);
    assert.deepEqual([done.numEntitiesCreated, done.numEntitiesUpdated], [0, 1]);
    const { entities } = await scopeContents(a.accountId, 's');
    assert.deepEqual(
      entities.map((e) => [e._key, e.v, e._version]),
      [
        ['a', 2, 2],
        ['b', 1, 1],
      ],
    );
  });

  it('creates a relationship once when its commit runs again', async () => {
    const a = await freshAccount();
    await syncPlain(a.accountId, { entities: [entity('a', 1), entity('b', 1)], relationships: [] });
    const done = await syncLosing(
      a.accountId,
      { entities: [entity('a', 1), entity('b', 1)], relationships: [link('a', 'b')] },
      'sync/create-relationships',
    );
    assert.equal(done.status, 'FINISHED', done.error);
    assert.equal(done.numRelationshipsCreated, 1);
    const { relationships } = await scopeContents(a.accountId, 's');
    assert.deepEqual(
      relationships.map((r) => [r._key, r.fromKey, r.toKey]),
      [['a->b', 'a', 'b']],
    );
  });

  it('counts a soft delete whose commit runs again', async () => {
    const a = await freshAccount();
    await syncPlain(a.accountId, { entities: [entity('a', 1), entity('b', 1)], relationships: [] });
    const done = await syncLosing(
      a.accountId,
      { entities: [entity('a', 1)], relationships: [] },
      'sync/soft-delete-entities',
    );
    assert.equal(done.status, 'FINISHED', done.error);
    assert.equal(done.numEntitiesDeleted, 1);
    const { entities } = await scopeContents(a.accountId, 's');
    assert.deepEqual(liveKeys(entities), ['a']);
    assert.deepEqual(deletedKeys(entities), ['b']);
  });

  it('keeps the content of a raw-data version whose commit runs again', async () => {
    const a = await freshAccount();
    await syncPlain(a.accountId, { entities: [entity('a', 1)], relationships: [] });
    const done = await syncLosing(
      a.accountId,
      { entities: [entity('a', 2)], relationships: [] },
      'rawdata/add-versions',
    );
    assert.equal(done.status, 'FINISHED', done.error);
    const { entities } = await scopeContents(a.accountId, 's');
    const id = find(entities, 'a')._id;
    const versions = await services.rawData.versions({
      accountId: a.accountId,
      entityId: id,
      name: 'default',
    });
    assert.equal(versions.length, 2, 'one new version, not two');
    assert.deepEqual(await rawContent(a.accountId, id), { key: 'a', v: 2 });
  });

  it('finishes the job once when the FINISHED transition commits with its reply lost', async () => {
    const a = await freshAccount();
    const done = await syncLosing(
      a.accountId,
      { entities: [entity('a', 1)], relationships: [] },
      'sync/set-job-status',
    );
    assert.equal(done.status, 'FINISHED', done.error);
    assert.equal(done.numEntitiesCreated, 1);
    // The run saw its own FINISHED, not a rival's, so it cleaned up after itself.
    const left = await bookkeeping(a.accountId, done.id);
    assert.deepEqual([left.batches, left.stagedKeys], [0, 0]);
    assert.equal(await marksLeft(a.accountId, done.id), 0);
  });

  it('records each change once (decision 0045) when create, update and delete commits run again', async () => {
    const a = await freshAccount();
    const statements = [
      'sync/create-entities',
      'sync/create-relationships',
      'sync/update-entities',
      'sync/soft-delete-entities',
    ];
    const bodies = [
      { entities: [entity('a', 1), entity('b', 1)], relationships: [] },
      { entities: [entity('a', 1), entity('b', 1)], relationships: [link('a', 'b')] },
      { entities: [entity('a', 2), entity('b', 1)], relationships: [link('a', 'b')] },
      { entities: [entity('a', 2)], relationships: [] },
    ];
    const jobs: string[] = [];
    for (const [i, statement] of statements.entries()) {
      const done = await syncLosing(a.accountId, bodies[i]!, statement);
      assert.equal(done.status, 'FINISHED', done.error);
      jobs.push(done.id);
    }
    const direct = await testGraph();
    const [row] = await direct.read<{ changes: Array<Record<string, unknown>> }>(
      'history/test-account-changes',
      { accountId: a.accountId },
    );
    assert.deepEqual(
      row!.changes.map((c) => [c.objectKind, c.key, c.kind, jobs.indexOf(c.jobId as string)]),
      [
        ['entity', 'a', 'created', 0],
        ['entity', 'b', 'created', 0],
        ['relationship', 'a->b', 'created', 1],
        ['entity', 'a', 'updated', 2],
        ['entity', 'b', 'deleted', 3],
        ['relationship', 'a->b', 'deleted', 3],
      ],
    );
    assert.deepEqual(row!.changes[3]!['before.v'], 1);
    assert.deepEqual(row!.changes[3]!['after.v'], 2);
  });
});
