import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { ParameterService } from '../../../src/parameters/parameter-service';
import { TEST_PUBLIC_URL, testApp, testGraph } from '../../helpers/harness';
import { actions, alertRule, ruleCalls, UNENCRYPTED } from './rule-evaluation-helpers';

/**
 * Rule evaluation end to end over HTTP on real Neo4j, checked in the record the API answers and in
 * what Neo4j holds afterwards: a dry run (outbound actions rendered, not sent; secret parameters
 * hidden; nothing stored) and secrets kept out of the record.
 */
describe('rules: evaluation end to end (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });
  const { seeded, create, evaluate, dryRun } = ruleCalls(() => app);

  it('a dry run renders outbound actions without sending, hides secret parameters, and stores nothing', async () => {
    const { a } = await seeded();
    const parameters = new ParameterService({ graph: await testGraph() });
    await parameters.put({
      accountId: a.accountId,
      name: 'token',
      body: { value: 's3cr3t-token', secret: true },
    });
    await parameters.put({
      accountId: a.accountId,
      name: 'team',
      body: { value: ['a@x.com', 'b@x.com'] },
    });
    const rule = alertRule('outbound', {
      operations: [
        {
          when: { type: 'FILTER', condition: '{{queries.query0.total > 0}}' },
          actions: [
            { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'LOW' },
            { type: 'CREATE_ALERT' },
            {
              type: 'WEBHOOK',
              url: 'https://hooks.example.com/x',
              method: 'POST',
              headers: { Authorization: 'Bearer {{param.token}}' },
              body: {
                buckets: "{{queries.query0.data | mapProperty('displayName')}}",
                level: '{{alertLevel}}',
              },
            },
            {
              type: 'SEND_EMAIL',
              recipients: '{{param.team}}',
              body: '{{queries.query0.total}} buckets',
            },
          ],
        },
      ],
      outputs: ['alertLevel', 'alertRuleId', 'alertWebLink'],
    });
    const record = await dryRun(a, rule);
    assert.equal(record.status, 'SUCCESS');
    assert.deepEqual(actions(record).slice(1), [
      {
        pointer: '/operations/0/actions/1',
        type: 'CREATE_ALERT',
        status: 'DRY_RUN',
        inputs: { level: 'LOW' },
      },
      {
        pointer: '/operations/0/actions/2',
        type: 'WEBHOOK',
        status: 'DRY_RUN',
        inputs: {
          endpoint: 'https://hooks.example.com/x',
          method: 'POST',
          headers: { Authorization: 'Bearer [secret]' },
          body: { buckets: ['logs', 'web'], level: 'LOW' },
        },
      },
      {
        pointer: '/operations/0/actions/3',
        type: 'SEND_EMAIL',
        status: 'DRY_RUN',
        inputs: { recipients: ['a@x.com', 'b@x.com'], body: '2 buckets' },
      },
    ]);
    assert.ok(!JSON.stringify(record).includes('s3cr3t-token'));
    const res = await request(app).get('/alerts').set(a.headers);
    assert.deepEqual(res.body.alerts, []);

    // A stored rule dry-runs the same way; nothing is stored for it.
    const stored = await create(a, rule);
    const dry = await evaluate(a, stored.id, { dryRun: true });
    assert.equal(dry.trigger, 'DRY_RUN');
    assert.equal(dry.ruleId, stored.id);
    assert.deepEqual(dry.outputs, {
      alertLevel: 'LOW',
      alertRuleId: stored.id,
      alertWebLink: `${TEST_PUBLIC_URL}/console/alerts?ruleId=${stored.id}`,
    });
    assert.deepEqual(
      actions(dry).map((o) => o.status),
      ['SUCCESS', 'DRY_RUN', 'DRY_RUN', 'DRY_RUN'],
    );
    const listed = await request(app).get(`/rules/${stored.id}/evaluations`).set(a.headers);
    assert.deepEqual(listed.body, { evaluations: [] });
    assert.deepEqual((await request(app).get('/alerts').set(a.headers)).body.alerts, []);
  });

  it('keeps secrets out of the record: numbers, SERVICE_QUERY texts, real TAG_ENTITIES inputs, quoted errors', async () => {
    const { a } = await seeded();
    const parameters = new ParameterService({ graph: await testGraph() });
    const secret = (name: string, value: unknown) =>
      parameters.put({ accountId: a.accountId, name, body: { value, secret: true } });
    await secret('pin', 987654);
    await secret('tok', 'TOPSECRET123');
    await secret('quoted', 'se"c\\ret');
    const rule = await create(a, {
      name: 'leaky',
      question: { queries: [{ query: UNENCRYPTED }] },
      operations: [
        {
          when: { type: 'FILTER', condition: true },
          actions: [
            { type: 'SET_PROPERTY', targetProperty: 'pin', targetValue: '{{param.pin}}' },
            {
              type: 'SERVICE_QUERY',
              name: 'sq',
              query: "FIND aws_s3_bucket WITH displayName = '{{param.tok}}'",
            },
            {
              type: 'TAG_ENTITIES',
              entities: '{{queries.query0.data}}',
              tags: [{ name: 'k', value: '{{param.tok}}' }],
            },
            { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: '{{param.quoted}}' },
            { type: 'CREATE_ALERT' },
          ],
        },
      ],
      outputs: ['pin', 'param'],
    });
    const record = await evaluate(a, rule.id);
    const text = JSON.stringify(record);
    for (const leaked of ['987654', 'TOPSECRET123', 'c\\\\ret', 'se\\"c']) {
      assert.ok(!text.includes(leaked), `${leaked} leaked: ${text}`);
    }
    assert.deepEqual(record.outputs, {
      pin: '[secret]',
      param: { pin: '[secret]', tok: '[secret]', quoted: '[secret]' },
    });
    assert.equal(record.queries[1].query, "FIND aws_s3_bucket WITH displayName = '[secret]'");
    assert.deepEqual(actions(record)[2]?.inputs, { entities: 2, tags: { 'tag.k': '[secret]' } });
    assert.equal(
      actions(record)[4]?.error,
      'alertLevel is "[secret]"; CREATE_ALERT needs one of INFO, LOW, MEDIUM, HIGH, CRITICAL',
    );
  });
});
