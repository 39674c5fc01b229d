import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';
import { forEachBlobStore } from '../../helpers/blob-stores';

const JOBS = '/persister/synchronization/jobs';

/**
 * Entity classes become Neo4j labels, and real graphs are full of classes such as `Account`
 * (an AWS account) with an `id` property. graphsync's own nodes carry `_`-prefixed labels
 * (`:_Account`, `:_SyncJob`...), so such entities neither collide with the tenancy's account
 * nodes nor trip their uniqueness constraints.
 */
forEachBlobStore('entity classes never collide with graphsync bookkeeping labels', () => {
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
    assert.deepEqual(entities.find((e) => e._key === 'acct')!.labels.sort(), [
      'Account',
      'Entity',
      'aws_account',
    ]);
  });
});

/**
 * An entity's `_type` is a label too when an analyst can type it and J1QL would read it as a type
 * (`MATCH (b:aws_s3_bucket)`); it follows the type when a later write changes it (decision 0034).
 */
forEachBlobStore('entity types as labels', () => {
  async function scopeLabels(accountId: string, scope: string): Promise<Record<string, string[]>> {
    const graph = await testGraph();
    const [row] = await graph.read<{ entities: Array<{ _key: string; labels: string[] }> }>(
      'sync/test-scope-contents',
      { accountId, scope },
    );
    return Object.fromEntries((row?.entities ?? []).map((e) => [e._key, [...e.labels].sort()]));
  }

  async function sync(
    app: Awaited<ReturnType<typeof testApp>>,
    headers: Record<string, string>,
    start: Record<string, unknown>,
    upload: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const res = await request(app).post(JOBS).set(headers).send(start);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id = (res.body as { job: { id: string } }).job.id;
    const up = await request(app).post(`${JOBS}/${id}/upload`).set(headers).send(upload);
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const fin = await request(app).post(`${JOBS}/${id}/finalize`).set(headers);
    assert.equal(fin.body.job.status, 'FINISHED', JSON.stringify(fin.body));
    return fin.body.job as Record<string, unknown>;
  }

  it('adds the type label on create, moves it when the type changes, keeps it when only classes change', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const diff = { source: 'api', scope: 'aws', syncMode: 'DIFF' };
    await sync(app, a.headers, diff, {
      entities: [
        { _key: 'b1', _type: 'aws_s3_bucket', _class: 'DataStore' },
        { _key: 'h1', _type: 'Custom_Host', _class: 'Host' },
        // J1QL reads these as classes, or they are no label an analyst can type: no type label.
        { _key: 'x1', _type: 'MyThing', _class: 'Resource' },
        { _key: 'x2', _type: 'my-thing', _class: 'Resource' },
        { _key: 'x3', _type: 'Entity', _class: 'Resource' },
      ],
    });
    assert.deepEqual(await scopeLabels(a.accountId, 'aws'), {
      b1: ['DataStore', 'Entity', 'aws_s3_bucket'],
      h1: ['Custom_Host', 'Entity', 'Host'],
      x1: ['Entity', 'Resource'],
      x2: ['Entity', 'Resource'],
      x3: ['Entity', 'Resource'],
    });
    const graph = await testGraph();
    const [count] = await graph.readGenerated<{ n: number }>(
      'MATCH (b:aws_s3_bucket) WHERE b._accountId = $accountId RETURN count(b) AS n',
      { accountId: a.accountId },
      { timeoutMs: 10_000 },
    );
    assert.equal(count?.n, 1);

    // DIFF changes b1's type and h1's classes; x1 gets a type that is a label.
    const second = await sync(app, a.headers, diff, {
      entities: [
        { _key: 'b1', _type: 'aws_s3_bucket_v2', _class: 'DataStore' },
        { _key: 'h1', _type: 'Custom_Host', _class: ['Device'] },
        { _key: 'x1', _type: 'my_thing', _class: 'Resource' },
        { _key: 'x2', _type: 'my-thing', _class: 'Resource' },
        { _key: 'x3', _type: 'Entity', _class: 'Resource' },
      ],
    });
    assert.equal(second.numEntitiesUpdated, 3);
    assert.deepEqual(await scopeLabels(a.accountId, 'aws'), {
      b1: ['DataStore', 'Entity', 'aws_s3_bucket_v2'],
      h1: ['Custom_Host', 'Device', 'Entity'],
      x1: ['Entity', 'Resource', 'my_thing'],
      x2: ['Entity', 'Resource'],
      x3: ['Entity', 'Resource'],
    });

    // PATCH: a new type without classes, and new classes without a type.
    const patched = await sync(
      app,
      a.headers,
      { source: 'api', scope: 'aws', syncMode: 'PATCH' },
      {
        entities: [
          { _key: 'b1', _type: 'gcp_bucket' },
          { _key: 'h1', _class: ['Host', 'Device'] },
        ],
      },
    );
    assert.equal(patched.numEntitiesUpdated, 2);
    const after = await scopeLabels(a.accountId, 'aws');
    assert.deepEqual(
      [after.b1, after.h1],
      [
        ['DataStore', 'Entity', 'gcp_bucket'],
        ['Custom_Host', 'Device', 'Entity', 'Host'],
      ],
    );
  });

  it('gives a mapper placeholder its type label', async () => {
    const app = await testApp();
    const a = await freshAccount();
    await sync(
      app,
      a.headers,
      { source: 'api', scope: 'hosts', syncMode: 'DIFF' },
      {
        entities: [{ _key: 'h1', _type: 'host', _class: 'Host' }],
        relationships: [
          {
            _key: 'h1-u',
            _type: 'host_has_user',
            _class: 'HAS',
            _mapping: {
              sourceEntityKey: 'h1',
              targetFilterKeys: [['_type', 'email']],
              targetEntity: { _type: 'okta_user', _class: 'User', _key: 'u1', email: 'u@x.io' },
            },
          },
        ],
      },
    );
    assert.deepEqual(await scopeLabels(a.accountId, 'system-mapper'), {
      u1: ['Entity', 'User', 'okta_user'],
    });
  });
});
