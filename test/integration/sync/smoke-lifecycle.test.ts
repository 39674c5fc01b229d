import assert from 'node:assert/strict';
import request from 'supertest';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';
import { forEachBlobStore } from '../../helpers/blob-stores';

const JOBS = '/persister/synchronization/jobs';

forEachBlobStore('sync job lifecycle (HTTP, real Neo4j, local mode)', () => {
  it('starts, uploads, finalizes FINISHED with exact counters, and the graph holds the upload', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const start = await request(app).post(JOBS).set(a.headers).send({ source: 'api', scope: 's' });
    assert.equal(start.status, 200, JSON.stringify(start.body));
    const id = start.body.job.id as string;
    const up = await request(app)
      .post(`${JOBS}/${id}/upload`)
      .set(a.headers)
      .send({
        entities: [
          { _key: 'h1', _type: 'host', _class: 'Host', name: 'h1' },
          { _key: 'a1', _type: 'app', _class: ['Application', 'Service'] },
        ],
        relationships: [
          {
            _key: 'h1|a1',
            _type: 'host_runs_app',
            _class: 'RUNS',
            _fromEntityKey: 'h1',
            _toEntityKey: 'a1',
          },
        ],
      });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const fin = await request(app).post(`${JOBS}/${id}/finalize`).set(a.headers);
    assert.equal(fin.status, 200, JSON.stringify(fin.body));
    assert.equal(fin.body.job.status, 'FINISHED');
    assert.equal(fin.body.job.numEntitiesCreated, 2);
    assert.equal(fin.body.job.numRelationshipsCreated, 1);
    const graph = await testGraph();
    const [c] = await graph.read<{ entities: unknown[]; relationships: Array<{ type: string }> }>(
      'sync/test-scope-contents',
      { accountId: a.accountId, scope: 's' },
    );
    assert.equal(c!.entities.length, 2);
    assert.equal(c!.relationships[0]!.type, 'RUNS');
  });
});
