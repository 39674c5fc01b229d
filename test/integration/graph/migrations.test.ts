import assert from 'node:assert/strict';
import request from 'supertest';
import { applySchema } from '../../../src/graph/schema';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';

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
});
