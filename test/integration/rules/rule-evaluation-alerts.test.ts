import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { testApp } from '../../helpers/harness';
import { entity } from '../sync/semantics-helpers';
import {
  actions,
  alertRule,
  type Body,
  BUCKETS,
  ruleCalls,
  UNENCRYPTED,
} from './rule-evaluation-helpers';

/**
 * Rule evaluation end to end over HTTP on real Neo4j, checked in the record the API answers and in
 * what Neo4j holds afterwards: the evaluation record and the alert it opens, updates and resolves,
 * and triggerActionsOnNewEntitiesOnly.
 */
describe('rules: evaluation end to end (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });
  const { seeded, create, evaluate, alerts } = ruleCalls(() => app);

  it('evaluates a stored rule: record, alert opened, outputs, record stored', async () => {
    const { a } = await seeded();
    const rule = await create(a, alertRule('unencrypted'));
    const record = await evaluate(a, rule.id);
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.equal(record.trigger, 'MANUAL');
    assert.equal(record.dryRun, false);
    assert.equal(record.ruleId, rule.id);
    assert.equal(record.ruleVersion, 1);
    assert.equal(record.ruleName, 'unencrypted');
    assert.deepEqual(
      record.queries.map(({ durationMs: _d, ...q }: Body) => q),
      [{ name: 'query0', query: UNENCRYPTED, total: 2, type: 'list' }],
    );
    assert.deepEqual(record.outputs, { alertLevel: 'HIGH', 'queries.query0.total': 2 });
    assert.deepEqual(record.errors, []);
    assert.equal(record.entityCount, 2);
    assert.equal(record.newEntityCount, 2);
    assert.equal(record.operations[0].conditionResult, true);
    const [alert] = await alerts(a, rule.id);
    assert.ok(alert);
    assert.deepEqual(actions(record), [
      {
        pointer: '/operations/0/actions/0',
        type: 'SET_PROPERTY',
        status: 'SUCCESS',
        inputs: { alertLevel: 'HIGH' },
      },
      {
        pointer: '/operations/0/actions/1',
        type: 'CREATE_ALERT',
        status: 'SUCCESS',
        target: alert.id,
        inputs: { level: 'HIGH' },
        result: { alertId: alert.id, created: true, evaluationCount: 1 },
      },
    ]);
    assert.deepEqual(record.alert, { id: alert.id, status: 'ACTIVE', change: 'OPENED' });
    assert.equal(alert.status, 'ACTIVE');
    assert.equal(alert.level, 'HIGH');
    assert.equal(alert.ruleName, 'unencrypted');
    assert.deepEqual(alert.queryTotals, { query0: 2 });
    assert.equal(alert.firstEvaluationId, record.id);

    const listed = await request(app).get(`/rules/${rule.id}/evaluations`).set(a.headers);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body, { evaluations: [record] });
    const one = await request(app).get(`/rules/${rule.id}/evaluations/${record.id}`).set(a.headers);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, { evaluation: record });
  });

  it('updates the one active alert while the condition holds, resolves it when it stops, opens a new one after', async () => {
    const { a, sync } = await seeded();
    const rule = await create(a, alertRule('lifecycle'));
    const first = await evaluate(a, rule.id);
    const second = await evaluate(a, rule.id);
    assert.equal(second.alert.change, 'UPDATED');
    assert.equal(second.alert.id, first.alert.id);
    let [alert] = await alerts(a, rule.id);
    assert.equal(alert?.evaluationCount, 2);
    assert.equal(alert?.lastEvaluationId, second.id);

    // The buckets get encrypted: the condition no longer holds.
    await sync.diff(
      's',
      BUCKETS.map((b) => ({ ...b, encrypted: true })),
    );
    const third = await evaluate(a, rule.id);
    assert.equal(third.status, 'SUCCESS');
    assert.equal(third.operations[0].conditionResult, false);
    assert.deepEqual(third.operations[0].actions, []);
    assert.deepEqual(third.alert, { id: first.alert.id, status: 'RESOLVED', change: 'RESOLVED' });
    [alert] = await alerts(a, rule.id);
    assert.equal(alert?.status, 'RESOLVED');
    assert.equal(alert?.lastEvaluationId, third.id);
    // Nothing left to resolve: no alert change.
    assert.equal((await evaluate(a, rule.id)).alert, undefined);

    await sync.diff('s', BUCKETS);
    const fifth = await evaluate(a, rule.id);
    assert.equal(fifth.alert.change, 'OPENED');
    assert.notEqual(fifth.alert.id, first.alert.id);
    const all = await alerts(a, rule.id);
    assert.deepEqual(
      all.map((x) => [x.id, x.status]),
      [
        [fifth.alert.id, 'ACTIVE'],
        [first.alert.id, 'RESOLVED'],
      ],
    );
  });

  it('triggerActionsOnNewEntitiesOnly: actions run only when a result entity is new; the alert stays active meanwhile', async () => {
    const { a, sync } = await seeded();
    const rule = await create(a, alertRule('new only', { triggerActionsOnNewEntitiesOnly: true }));
    const first = await evaluate(a, rule.id);
    assert.equal(first.newEntityCount, 2);
    assert.equal(first.actionsSkipped, undefined);
    assert.equal(first.alert.change, 'OPENED');

    const second = await evaluate(a, rule.id);
    assert.equal(second.entityCount, 2);
    assert.equal(second.newEntityCount, 0);
    assert.equal(second.actionsSkipped, 'NO_NEW_ENTITIES');
    assert.deepEqual(
      actions(second).map((o) => [o.type, o.status]),
      [
        ['SET_PROPERTY', 'SKIPPED'],
        ['CREATE_ALERT', 'SKIPPED'],
      ],
    );
    assert.equal(second.alert, undefined);
    let [alert] = await alerts(a, rule.id);
    assert.equal(alert?.status, 'ACTIVE');
    assert.equal(alert?.evaluationCount, 1);

    await sync.diff('s', [
      ...BUCKETS,
      entity('b4', { _type: 'aws_s3_bucket', _class: 'DataStore', encrypted: false }),
    ]);
    const third = await evaluate(a, rule.id);
    assert.equal(third.newEntityCount, 1);
    assert.equal(third.actionsSkipped, undefined);
    assert.equal(third.alert.change, 'UPDATED');
    [alert] = await alerts(a, rule.id);
    assert.equal(alert?.evaluationCount, 2);
    assert.deepEqual(alert?.queryTotals, { query0: 3 });
  });

  it('triggerActionsOnNewEntitiesOnly holds the actions of a first evaluation without entities', async () => {
    const { a } = await seeded();
    const rule = await create(
      a,
      alertRule('nothing new', {
        triggerActionsOnNewEntitiesOnly: true,
        question: { queries: [{ query: 'FIND nothing_here' }] },
        operations: [
          { when: { type: 'FILTER', condition: true }, actions: [{ type: 'CREATE_ALERT' }] },
        ],
      }),
    );
    const record = await evaluate(a, rule.id);
    assert.equal(record.newEntityCount, 0);
    assert.equal(record.actionsSkipped, 'NO_NEW_ENTITIES');
    assert.deepEqual(await alerts(a, rule.id), []);
  });
});
