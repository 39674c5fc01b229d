import assert from 'node:assert/strict';
import request from 'supertest';
import neo4j from 'neo4j-driver';
import { keyHash } from '../../../src/graph/key-hash';
import { applySchema } from '../../../src/graph/schema';
import { freshAccount, neo4jUri, testApp, testGraph } from '../../helpers/harness';

const JOBS = '/persister/synchronization/jobs';
const READ = { timeoutMs: 10_000 };

/**
 * graphsync's own relationship types carry `_` like its labels, and entities get their `_type` as a
 * label (decision 0034). A database written before that is migrated by applySchema, at the start of
 * the process that owns it: the old relationships are renamed with their properties, entities get
 * their type labels, and the service works on what was there.
 */
describe('graph migrations at schema application (real Neo4j)', () => {
  it('renames HAS_API_KEY and HAS_EVENT with their properties, labels entities by type, idempotently', async () => {
    const app = await testApp();
    const graph = await testGraph();
    const a = await freshAccount();
    const start = await request(app)
      .post(JOBS)
      .set(a.headers)
      .send({ source: 'api', scope: 's3', syncMode: 'DIFF' });
    const jobId = (start.body as { job: { id: string } }).job.id;
    const ev = await request(app)
      .post(`${JOBS}/${jobId}/events`)
      .set(a.headers)
      .send({ events: [{ name: 'step_start', description: 'Fetching buckets' }] });
    assert.equal(ev.status, 200, JSON.stringify(ev.body));
    const eventId = (ev.body as { events: Array<{ id: string }> }).events[0]!.id;
    await request(app)
      .post(`${JOBS}/${jobId}/upload`)
      .set(a.headers)
      .send({ entities: [{ _key: 'b1', _type: 'aws_s3_bucket', _class: 'DataStore' }] })
      .expect(200);
    const fin = await request(app).post(`${JOBS}/${jobId}/finalize`).set(a.headers);
    assert.equal(fin.body.job.status, 'FINISHED', JSON.stringify(fin.body));

    // The graph as an older graphsync left it: the key no longer authenticates.
    const [legacy] = await graph.write<{ keys: number; events: number; entities: number }>(
      'migrations/test-legacy-graph',
      { accountId: a.accountId },
    );
    assert.deepEqual(legacy, { keys: 1, events: 1, entities: 1 });
    assert.equal((await request(app).get('/account').set(a.headers)).status, 401);
    const buckets = () =>
      graph.readGenerated<{ n: number }>(
        'MATCH (b:aws_s3_bucket) WHERE b._accountId = $accountId RETURN count(b) AS n',
        { accountId: a.accountId },
        READ,
      );
    assert.deepEqual(await buckets(), [{ n: 0 }]);

    await applySchema(graph);
    await applySchema(graph); // idempotent

    const links = await graph.readGenerated<{ type: string; mark: string | null; to: string }>(
      `MATCH (x)-[r]->(y)
       WHERE (x:_Account AND x.id = $accountId) OR (x:_SyncJob AND x.id = $jobId)
       RETURN type(r) AS type, r.legacyMark AS mark, y.id AS to ORDER BY type`,
      { accountId: a.accountId, jobId },
      READ,
    );
    assert.deepEqual(links, [
      { type: '_HAS_API_KEY', mark: a.keyId, to: a.keyId },
      { type: '_HAS_EVENT', mark: eventId, to: eventId },
    ]);
    assert.deepEqual(await buckets(), [{ n: 1 }]);
    const [left] = await graph.readGenerated<{ n: number }>(
      'MATCH ()-[r:HAS_API_KEY|HAS_EVENT]->() RETURN count(r) AS n',
      {},
      READ,
    );
    assert.equal(left?.n, 0);

    // The service works on the migrated graph: the old key authenticates.
    const me = await request(app).get('/account').set(a.headers);
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.account.id, a.accountId);
    const events = await request(app).get(`${JOBS}/${jobId}/events`).set(a.headers);
    assert.deepEqual(
      (events.body as { events: Array<{ id: string }> }).events.map((e) => e.id),
      [eventId],
    );
  });

  /**
   * Decision 0035: keys are indexed by their digest (`_keyHash`). A database from before has the
   * old key indexes, and entities and relationships without the digest (an open job's batches
   * there have no key prints: decision 0051 reads their content instead): applySchema drops the old indexes (by name) and adds every digest, and an open
   * DIFF job finishes on the migrated graph with exactly the outcome it would have had.
   */
  it('adds key digests to a graph from before decision 0035, and drops the old key indexes by name', async () => {
    const app = await testApp();
    const graph = await testGraph();
    const a = await freshAccount();
    const e = (key: string) => ({ _key: key, _type: 'legacy_host', _class: 'Host' });
    const job = async () => {
      const res = await request(app)
        .post(JOBS)
        .set(a.headers)
        .send({ source: 'api', scope: 'legacy', syncMode: 'DIFF' });
      return (res.body as { job: { id: string } }).job.id;
    };
    const upload = (jobId: string, body: object) =>
      request(app).post(`${JOBS}/${jobId}/upload`).set(a.headers).send(body);
    const first = await job();
    await upload(first, {
      entities: [e('h1'), e('h2')],
      relationships: [
        {
          _key: 'h1-h2',
          _type: 'legacy_link',
          _class: 'CONNECTS',
          _fromEntityKey: 'h1',
          _toEntityKey: 'h2',
        },
      ],
    }).expect(200);
    const done = await request(app).post(`${JOBS}/${first}/finalize`).set(a.headers);
    assert.equal(done.body.job.status, 'FINISHED', JSON.stringify(done.body));
    const idOf = async (key: string) => {
      const [row] = await graph.readGenerated<{ id: string }>(
        'MATCH (n:Entity {_accountId: $accountId}) WHERE n._key = $key RETURN n._id AS id',
        { accountId: a.accountId, key },
        READ,
      );
      return row?.id;
    };
    const h1 = await idOf('h1');
    const open = await job();
    await upload(open, { entities: [e('h1'), e('h3')] }).expect(200);

    const [legacy] = await graph.write<{ entities: number; relationships: number }>(
      'migrations/test-legacy-key-hashes',
      { accountId: a.accountId },
    );
    assert.deepEqual(legacy, { entities: 2, relationships: 1 });
    await graph.write('sync/test-drop-batch-prints', { jobId: open, seq: 1 });
    // The old indexes' names, held here by a throwaway label: applySchema drops them by name.
    const driver = neo4j.driver(
      neo4jUri(),
      process.env.NEO4J_USER
        ? neo4j.auth.basic(process.env.NEO4J_USER, process.env.NEO4J_PASSWORD ?? '')
        : undefined,
    );
    const legacyNames = [
      'entity_key_unique',
      'entity_account_key',
      'internal_sync_staged_key_unique',
      'internal_change_id_unique',
      'internal_change_account',
    ];
    try {
      const session = driver.session({ database: process.env.NEO4J_DATABASE || 'neo4j' });
      try {
        await session.run(
          'CREATE CONSTRAINT entity_key_unique IF NOT EXISTS FOR (n:_LegacyKeyProbe) REQUIRE n.a IS UNIQUE',
        );
        await session.run(
          'CREATE INDEX entity_account_key IF NOT EXISTS FOR (n:_LegacyKeyProbe) ON (n.b)',
        );
        await session.run(
          'CREATE CONSTRAINT internal_sync_staged_key_unique IF NOT EXISTS FOR (n:_LegacyKeyProbe) REQUIRE n.c IS UNIQUE',
        );
        // Dropped by decision 0056 (their names on a probe label, as a database written before it).
        await session.run(
          'CREATE CONSTRAINT internal_change_id_unique IF NOT EXISTS FOR (n:_LegacyKeyProbe) REQUIRE n.d IS UNIQUE',
        );
        await session.run(
          'CREATE INDEX internal_change_account IF NOT EXISTS FOR (n:_LegacyKeyProbe) ON (n.e)',
        );
      } finally {
        await session.close();
      }
      await applySchema(graph);
      await applySchema(graph); // idempotent
    } finally {
      await driver.close();
    }
    const names = (await graph.read<{ name: string }>('health/list-schema')).map((r) => r.name);
    assert.deepEqual(
      legacyNames.filter((n) => names.includes(n)),
      [],
    );
    for (const n of [
      'entity_key_hash_unique',
      'entity_account_key_hash',
      'internal_sync_staged_key_hash_unique',
      'internal_change_object',
    ]) {
      assert.ok(names.includes(n), `${n} missing from ${names.join(', ')}`);
    }

    // Every digest is there and right.
    const digests = await graph.readGenerated<{ key: string; hash: string | null }>(
      `CALL () {
         MATCH (n:Entity {_accountId: $accountId}) RETURN n._key AS key, n._keyHash AS hash
         UNION ALL
         MATCH (:Entity)-[r]->() WHERE r._accountId = $accountId RETURN r._key AS key, r._keyHash AS hash
       }
       RETURN key, hash ORDER BY key`,
      { accountId: a.accountId },
      READ,
    );
    assert.deepEqual(
      digests,
      ['h1', 'h1-h2', 'h2'].map((key) => ({ key, hash: keyHash(key) })),
    );

    // The open job still knows what it received (a duplicate is refused) and finishes as it
    // would have: h1 unchanged (same _id), h3 created, h2 and its relationship deleted.
    const dup = await upload(open, { entities: [e('h1')] });
    assert.equal(dup.status, 400, JSON.stringify(dup.body));
    assert.equal(
      dup.body.error.message,
      "/entities/0/_key 'h1' is a duplicate: an entity with this _key was already uploaded in this job",
    );
    const fin = await request(app).post(`${JOBS}/${open}/finalize`).set(a.headers);
    const j = fin.body.job;
    assert.deepEqual(
      [
        j.status,
        j.numEntitiesCreated,
        j.numEntitiesUpdated,
        j.numEntitiesDeleted,
        j.numRelationshipsDeleted,
      ],
      ['FINISHED', 1, 0, 1, 1],
    );
    assert.equal(await idOf('h1'), h1);
  });
});
