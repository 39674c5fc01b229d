import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';

/** GET /rules/{ruleId}/versions: what each save stored, newest first (the console diffs them). */
function rule(name: string, query: string): Record<string, unknown> {
  return {
    name,
    pollingInterval: 'DISABLED',
    question: { queries: [{ name: 'query0', query }] },
    operations: [
      {
        when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
        actions: [{ type: 'CREATE_ALERT' }],
      },
    ],
  };
}

async function storedVersions(ruleId: string): Promise<number> {
  const rows = await (
    await testGraph()
  ).read<{ n: number }>('rules/test-count-rule-versions', { ruleId });
  return rows[0]?.n ?? -1;
}

describe('rule versions: GET /rules/{ruleId}/versions (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  it('lists every saved version newest first with its definition; a refused update adds none; delete removes them', async () => {
    const a = await freshAccount();
    const created = await request(app).post('/rules').set(a.headers).send(rule('v', 'FIND Host'));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = String(created.body.rule.id);
    for (const query of ['FIND Host WITH public = true', 'FIND Host WITH public = false']) {
      const put = await request(app).put(`/rules/${id}`).set(a.headers).send(rule('v', query));
      assert.equal(put.status, 200, JSON.stringify(put.body));
    }
    // Another rule holds the name: the update is refused and stores no version.
    await request(app).post('/rules').set(a.headers).send(rule('taken', 'FIND User')).expect(201);
    const refused = await request(app)
      .put(`/rules/${id}`)
      .set(a.headers)
      .send(rule('taken', 'FIND X'));
    assert.equal(refused.status, 409);

    const res = await request(app).get(`/rules/${id}/versions`).set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const versions = res.body.versions as Array<{
      version: number;
      savedOn: number;
      rule: { question: { queries: Array<{ query: string }> } };
    }>;
    assert.deepEqual(
      versions.map((v) => [v.version, v.rule.question.queries[0]?.query]),
      [
        [3, 'FIND Host WITH public = false'],
        [2, 'FIND Host WITH public = true'],
        [1, 'FIND Host'],
      ],
    );
    assert.ok(
      versions[0]!.savedOn >= versions[1]!.savedOn && versions[1]!.savedOn >= versions[2]!.savedOn,
    );
    assert.equal(await storedVersions(id), 2);

    // Another account does not see it; deleting the rule deletes its versions.
    const other = await freshAccount();
    const hidden = await request(app).get(`/rules/${id}/versions`).set(other.headers);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.error.code, 'RULE_NOT_FOUND');
    await request(app).delete(`/rules/${id}`).set(a.headers).expect(200);
    assert.equal(await storedVersions(id), 0);
    assert.equal((await request(app).get(`/rules/${id}/versions`).set(a.headers)).status, 404);
  });

  it("deleting an account's data deletes its rule versions", async () => {
    const a = await freshAccount();
    const created = await request(app).post('/rules').set(a.headers).send(rule('w', 'FIND Host'));
    const id = String(created.body.rule.id);
    await request(app).put(`/rules/${id}`).set(a.headers).send(rule('w', 'FIND User')).expect(200);
    assert.equal(await storedVersions(id), 1);
    await (await testGraph()).write('accounts/delete-account-data', { id: a.accountId });
    assert.equal(await storedVersions(id), 0);
  });
});
