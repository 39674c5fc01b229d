import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { repoRoot } from '../../../src/paths';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';
import { JOBS, SyncClient } from '../sync/semantics-helpers';

const DOC = path.join(repoRoot, 'docs', 'graph-model.md');
const READ = { timeoutMs: 20_000 };

/** Every statement of the doc's ```cypher blocks, named by the `//` comment line that opens it. */
function docExamples(): Array<{ name: string; text: string }> {
  const markdown = fs.readFileSync(DOC, 'utf8');
  const blocks = [...markdown.matchAll(/^```cypher\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
  return blocks.flatMap((block) =>
    block
      .split(/;\s*$/m)
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((text) => ({ name: /^\/\/ *(.*)$/m.exec(text)?.[1]?.trim() ?? text, text })),
  );
}

/**
 * The example Cypher of docs/graph-model.md, run as an analyst would (with `$accountId`) against a
 * small graph synced through HTTP, so that the examples cannot go stale: each answers what its
 * comment says.
 */
describe('docs/graph-model.md examples (real Neo4j)', () => {
  const examples = docExamples();

  it('finds the examples', () => {
    assert.ok(examples.length >= 7, `only ${examples.length} examples`);
  });

  it('each example runs and answers what it says on a synced graph', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    const entities = [
      { _key: 'h1', _type: 'aws_instance', _class: 'Host', name: 'web-1', displayName: 'web-1' },
      { _key: 'a1', _type: 'nginx', _class: 'Application', name: 'nginx' },
      { _key: 'b1', _type: 'aws_s3_bucket', _class: 'DataStore' },
      { _key: 'b2', _type: 'aws_s3_bucket', _class: 'DataStore' },
      { _key: 'al', _type: 'aws_cloudwatch_metric_alarm', _class: 'Alert' },
      { _key: 'x1', _type: 'Custom', _class: 'Resource' },
    ];
    const runs = [
      {
        _key: 'h1-runs-a1',
        _type: 'host_runs_application',
        _class: 'RUNS',
        _fromEntityKey: 'h1',
        _toEntityKey: 'a1',
      },
    ];
    await c.diff(
      'my-scope',
      [...entities, { _key: 'old', _type: 'Legacy', _class: 'Resource' }],
      runs,
    );
    await c.diff('my-scope', entities, runs); // deletes 'old'

    const graph = await testGraph();
    const results = new Map<string, Array<Record<string, unknown>>>();
    for (const e of examples) {
      const rows = await graph
        .readGenerated<Record<string, unknown>>(e.text, { accountId: a.accountId }, READ)
        .catch((err: Error) => {
          throw new Error(`example '${e.name}': ${err.message}`);
        });
      assert.ok(rows.length > 0, `example '${e.name}' returned no rows`);
      results.set(e.name, rows);
    }
    const result = (name: string) => {
      const rows = results.get(name);
      assert.ok(rows !== undefined, `no example named '${name}'`);
      return rows;
    };

    assert.deepEqual(result('Live hosts of one account'), [
      { 'h.displayName': 'web-1', 'h._key': 'h1' },
    ]);
    assert.deepEqual(result('What runs where'), [{ 'h.name': 'web-1', 'a.name': 'nginx' }]);
    assert.deepEqual(result('S3 buckets, by their type label'), [{ buckets: 2 }]);
    assert.deepEqual(
      result('Entities per type label (types that are no label are counted under null)'),
      [
        { typeLabel: 'aws_cloudwatch_metric_alarm', entities: 1 },
        { typeLabel: 'aws_instance', entities: 1 },
        { typeLabel: 'aws_s3_bucket', entities: 2 },
        { typeLabel: 'nginx', entities: 1 },
        { typeLabel: null, entities: 1 },
      ],
    );
    assert.deepEqual(
      result("Relationship types of the entity graph: graphsync's own ones start with '_'"),
      [{ type: 'RUNS', relationships: 1 }],
    );
    assert.deepEqual(
      result('Full-text search (whole tokens, any case) within one account').map((r) => [
        r['node._key'],
        r['node._type'],
      ]),
      [['al', 'aws_cloudwatch_metric_alarm']],
    );
    const deleted = result('What the last DIFF of a scope deleted');
    assert.deepEqual(
      deleted.map((r) => [r['n._type'], r['n._key'], typeof r['n._endOn']]),
      [['Legacy', 'old', 'number']],
    );

    // In the whole database (this account's key and job included, the job with an event), only
    // entities have labels, and only relationships between entities types, without '_'.
    const job = await c.start({ source: 'api', scope: 'other' });
    await request(app)
      .post(`${JOBS}/${job.id}/events`)
      .set(a.headers)
      .send({ events: [{ name: 'note', description: 'an event' }] })
      .expect(200);
    const [internal] = await graph.readGenerated<{ keys: number; events: number }>(
      `MATCH (:_Account {id: $accountId})-[k]->(:_ApiKey)
       MATCH (:_SyncJob {id: $jobId})-[e]->(:_SyncJobEvent)
       RETURN count(DISTINCT k) AS keys, count(DISTINCT e) AS events`,
      { accountId: a.accountId, jobId: job.id },
      READ,
    );
    assert.deepEqual(internal, { keys: 1, events: 1 });
    const [labels] = await graph.readGenerated<{ n: number }>(
      `MATCH (n) WHERE NOT n:Entity AND any(l IN labels(n) WHERE NOT l STARTS WITH '_')
       RETURN count(n) AS n`,
      {},
      READ,
    );
    assert.equal(labels?.n, 0);
    const [types] = await graph.readGenerated<{ n: number }>(
      `MATCH (a)-[r]->(b) WHERE NOT type(r) STARTS WITH '_' AND NOT (a:Entity AND b:Entity)
       RETURN count(r) AS n`,
      {},
      READ,
    );
    assert.equal(types?.n, 0);
  });
});
