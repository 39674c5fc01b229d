import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp } from '../../helpers/harness';
import { alertRule, BUCKETS, ruleCalls } from './rule-evaluation-helpers';

/** GET /rules/{ruleId}/evaluations/{evaluationId}/entities: what an evaluation found. */
describe('rule evaluation entities (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });
  const calls = ruleCalls(() => app);

  it("lists the evaluation's result entities in its order, the first `limit`, with the total; deleted ones marked", async () => {
    const { a, sync } = await calls.seeded();
    const rule = await calls.create(a, alertRule('entities'));
    const first = await calls.evaluate(a, String(rule.id));
    const url = `/rules/${String(rule.id)}/evaluations/${String(first.id)}/entities`;

    const all = await request(app).get(url).set(a.headers);
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.equal(all.body.total, 2);
    assert.deepEqual(
      (all.body.entities as Array<Record<string, unknown>>).map((e) => [
        e.displayName,
        e.class,
        e.type,
        e.deleted,
      ]),
      [
        ['logs', ['DataStore'], 'aws_s3_bucket', false],
        ['web', ['DataStore'], 'aws_s3_bucket', false],
      ],
    );
    const one = await request(app).get(`${url}?limit=1`).set(a.headers);
    assert.deepEqual([one.body.total, one.body.entities.length], [2, 1]);

    // A later DIFF without b2 deletes it: the first evaluation still lists it, marked deleted.
    await sync.diff(
      's',
      BUCKETS.filter((b) => b._key !== 'b2'),
    );
    const after = await request(app).get(url).set(a.headers);
    assert.deepEqual(
      (after.body.entities as Array<Record<string, unknown>>).map((e) => [
        e.displayName,
        e.deleted,
      ]),
      [
        ['logs', false],
        ['web', true],
      ],
    );
  });

  it('an unknown evaluation, another rule or account, or a bad limit is refused', async () => {
    const { a } = await calls.seeded();
    const rule = await calls.create(a, alertRule('refusals'));
    const record = await calls.evaluate(a, String(rule.id));
    const unknown = await request(app)
      .get(`/rules/${String(rule.id)}/evaluations/nope/entities`)
      .set(a.headers);
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body.error, {
      code: 'EVALUATION_NOT_FOUND',
      message: `Rule '${String(rule.id)}' has no evaluation with id 'nope'`,
    });
    const other = await freshAccount();
    const hidden = await request(app)
      .get(`/rules/${String(rule.id)}/evaluations/${String(record.id)}/entities`)
      .set(other.headers);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.error.code, 'RULE_NOT_FOUND');
    const bad = await request(app)
      .get(`/rules/${String(rule.id)}/evaluations/${String(record.id)}/entities?limit=0`)
      .set(a.headers);
    assert.equal(bad.status, 400);
  });
});
