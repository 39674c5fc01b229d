import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';

const JOBS = '/persister/synchronization/jobs';

/**
 * Entity classes become Neo4j labels, and real graphs are full of classes such as `Account`
 * (an AWS account) with an `id` property. graphsync's own nodes carry `_`-prefixed labels
 * (`:_Account`, `:_SyncJob`...), so such entities neither collide with the tenancy's account
 * nodes nor trip their uniqueness constraints.
 */
describe('entity classes never collide with graphsync bookkeeping labels', () => {
  it('two Account entities with the tenant account id as their id sync in two scopes', async () => {
    const app = await testApp();
    const a = await freshAccount();
    for (const scope of ['aws-1', 'aws-2']) {
      const start = await request(app).post(JOBS).set(a.headers).send({ source: 'api', scope });
      const id = (start.body as { job: { id: string } }).job.id;
      const up = await request(app)
        .post(`${JOBS}/${id}/entities`)
        .set(a.headers)
        .send({
          entities: [
            { _key: 'acct', _type: 'aws_account', _class: 'Account', id: a.accountId },
            { _key: 'job', _type: 'ci_job', _class: ['SyncJob', 'Task'], id: id },
          ],
        });
      assert.equal(up.status, 200, JSON.stringify(up.body));
      const fin = await request(app).post(`${JOBS}/${id}/finalize`).set(a.headers);
      assert.equal(fin.body.job.status, 'FINISHED', JSON.stringify(fin.body));
      assert.equal(fin.body.job.numEntitiesCreated, 2);
      // The job is still found by its id, though an entity now carries it and the label SyncJob.
      const got = await request(app).get(`${JOBS}/${id}`).set(a.headers);
      assert.equal(got.body.job.id, id);
      assert.equal(got.body.job.numEntitiesCreated, 2);
    }
    // The tenant account and its key are untouched.
    const me = await request(app).get('/account').set(a.headers);
    assert.equal(me.status, 200);
    const graph = await testGraph();
    const rows = await graph.read<{ labels: string[] }>('sync/test-scope-contents', {
      accountId: a.accountId,
      scope: 'aws-1',
    });
    const entities = (rows[0] as unknown as { entities: Array<{ _key: string; labels: string[] }> })
      .entities;
    assert.deepEqual(entities.find((e) => e._key === 'acct')!.labels.sort(), ['Account', 'Entity']);
  });
});
