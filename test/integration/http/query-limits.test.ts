import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp, testConfig } from '../../helpers/harness';
import { alertRule, BUCKETS, ruleCalls } from '../rules/rule-evaluation-helpers';

/**
 * The limits on one piece of expensive work (docs/security.md, "Limits"; issue 23): the J1QL
 * complexity bounds, checked before anything runs; the queries of one rule; the rows a rule query
 * reads into memory, reported in the evaluation record.
 */
type Body = Record<string, unknown>;

function expectTooComplex(
  res: request.Response,
  message: string,
  bound: { bound: string; value: number; limit: number },
): void {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.deepEqual(res.body, {
    error: { code: 'QUERY_TOO_COMPLEX', message, details: bound },
  });
}

describe('limits: J1QL bounds, rule queries and rows (HTTP, real Neo4j)', function () {
  this.timeout(60_000);
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  it('refuses a 60-hop query with 400 QUERY_TOO_COMPLEX naming J1QL_MAX_TRAVERSALS, on /query and /query/explain', async () => {
    const a = await freshAccount();
    const query = `FIND Host${' THAT HAS Host'.repeat(60)}`;
    const message =
      'The query traverses 60 relationships; at most 12 are allowed (J1QL_MAX_TRAVERSALS)';
    const bound = { bound: 'J1QL_MAX_TRAVERSALS', value: 60, limit: 12 };
    expectTooComplex(
      await request(app).post('/query').set(a.headers).send({ query }),
      message,
      bound,
    );
    expectTooComplex(
      await request(app).post('/query/explain').set(a.headers).send({ query }),
      message,
      bound,
    );
    // Hops inside optional groups count too; 12 hops are allowed.
    const grouped = `FIND Host${' THAT HAS Host'.repeat(10)} (THAT HAS Host THAT HAS Host THAT HAS Host)?`;
    expectTooComplex(
      await request(app).post('/query').set(a.headers).send({ query: grouped }),
      'The query traverses 13 relationships; at most 12 are allowed (J1QL_MAX_TRAVERSALS)',
      { bound: 'J1QL_MAX_TRAVERSALS', value: 13, limit: 12 },
    );
    const twelve = `FIND Host${' THAT HAS Host'.repeat(12)}`;
    assert.equal(
      (await request(app).post('/query').set(a.headers).send({ query: twelve })).status,
      200,
    );
  });

  it('refuses 101 RETURN columns with J1QL_MAX_COLUMNS', async () => {
    const a = await freshAccount();
    const columns = Array.from({ length: 101 }, (_, i) => `h.p${i}`).join(', ');
    expectTooComplex(
      await request(app)
        .post('/query')
        .set(a.headers)
        .send({ query: `FIND Host AS h RETURN ${columns}` }),
      'The query returns 101 columns; at most 100 are allowed (J1QL_MAX_COLUMNS)',
      { bound: 'J1QL_MAX_COLUMNS', value: 101, limit: 100 },
    );
  });

  it('refuses a 7 KB CONCAT whose Cypher is past J1QL_MAX_CYPHER_LENGTH', async () => {
    const a = await freshAccount();
    const args = Array.from({ length: 90 }, (_, i) => `h.property${i}`).join(', ');
    const query = `FIND Host AS h RETURN CONCAT(${args}) AS c`;
    assert.ok(query.length < 2000);
    const big = `FIND Host AS h RETURN ${Array.from({ length: 6 }, (_, i) => `CONCAT(${args}) AS c${i}`).join(', ')}`;
    assert.ok(big.length > 7000 && big.length < 8000, String(big.length));
    const res = await request(app).post('/query').set(a.headers).send({ query: big });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    const error = res.body.error as { code: string; message: string; details: Body };
    assert.equal(error.code, 'QUERY_TOO_COMPLEX');
    const length = Number(error.details.value);
    assert.ok(length > 65_536, String(length));
    assert.deepEqual(error, {
      code: 'QUERY_TOO_COMPLEX',
      message: `The query compiles to ${length} characters of Cypher; at most 65536 are allowed (J1QL_MAX_CYPHER_LENGTH)`,
      details: { bound: 'J1QL_MAX_CYPHER_LENGTH', value: length, limit: 65_536 },
    });
    // One CONCAT of the same kind is well inside the bound.
    assert.equal((await request(app).post('/query').set(a.headers).send({ query })).status, 200);
  });

  it('bounds are configurable: a smaller J1QL_MAX_TRAVERSALS refuses what the default allows', async () => {
    const config = testConfig({
      query: { bounds: { ...testConfig().query.bounds, maxTraversals: 1 } },
    });
    const small = await testApp({}, { config });
    const a = await freshAccount();
    const res = await request(small)
      .post('/query')
      .set(a.headers)
      .send({ query: 'FIND Host THAT HAS Host THAT HAS Host' });
    expectTooComplex(
      res,
      'The query traverses 2 relationships; at most 1 are allowed (J1QL_MAX_TRAVERSALS)',
      { bound: 'J1QL_MAX_TRAVERSALS', value: 2, limit: 1 },
    );
  });

  it('records a rule query past a bound as failed with the bound named, in a dry run', async () => {
    const a = await freshAccount();
    const rule = alertRule('too-deep', {
      question: { queries: [{ query: `FIND Host${' THAT HAS Host'.repeat(13)}` }] },
    });
    const res = await request(app)
      .post('/rules/evaluate')
      .set(a.headers)
      .send({ rule, dryRun: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [q] = res.body.evaluation.queries as Body[];
    assert.equal(
      q?.error,
      'The query traverses 13 relationships; at most 12 are allowed (J1QL_MAX_TRAVERSALS)',
    );
  });

  it('refuses a rule with more than 20 queries (the 100-query dry run)', async () => {
    const a = await freshAccount();
    const queries = Array.from({ length: 100 }, () => ({ query: 'FIND Host' }));
    const rule = alertRule('hundred', { question: { queries } });
    const res = await request(app)
      .post('/rules/evaluate')
      .set(a.headers)
      .send({ rule, dryRun: true });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.error.code, 'VALIDATION_ERROR');
    assert.equal(res.body.error.message, '/question/queries must have at most 20 items');
    const created = await request(app).post('/rules').set(a.headers).send(rule);
    assert.equal(created.status, 400, JSON.stringify(created.body));
    assert.deepEqual(created.body.error, {
      code: 'VALIDATION_ERROR',
      message: '/question/queries must have at most 20 items',
    });
  });

  describe('rows a rule query reads (RULE_QUERY_MAX_ROWS)', () => {
    let capped: express.Express;
    before(async () => {
      capped = await testApp({}, { config: testConfig({ query: { ruleMaxRows: 2 } }) });
    });
    const { seeded, dryRun } = ruleCalls(() => capped);

    it('reads at most the cap and says so in the query record (truncatedAt)', async () => {
      const { a } = await seeded(BUCKETS);
      const record = await dryRun(
        a,
        alertRule('capped', { question: { queries: [{ query: 'FIND aws_s3_bucket' }] } }),
      );
      const [q] = record.queries as Body[];
      assert.equal(q?.total, 2);
      assert.equal(q?.truncatedAt, 2);
      // Under the cap nothing is reported.
      const under = await dryRun(
        a,
        alertRule('under', {
          question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = true' }] },
        }),
      );
      const [u] = under.queries as Body[];
      assert.equal(u?.total, 1);
      assert.equal(Object.hasOwn(u ?? {}, 'truncatedAt'), false);
    });

    it('leaves POST /query pages alone', async () => {
      const { a } = await seeded(BUCKETS);
      const res = await request(capped)
        .post('/query')
        .set(a.headers)
        .send({ query: 'FIND aws_s3_bucket' });
      assert.equal(res.status, 200);
      assert.equal(res.body.totalCount, 3);
    });
  });
});
