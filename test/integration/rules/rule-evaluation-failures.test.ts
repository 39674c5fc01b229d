import assert from 'node:assert/strict';
import type express from 'express';
import { ParameterService } from '../../../src/parameters/parameter-service';
import { testApp, testGraph } from '../../helpers/harness';
import { actions, alertRule, ruleCalls, UNENCRYPTED } from './rule-evaluation-helpers';

/**
 * Rule evaluation end to end over HTTP on real Neo4j, checked in the record the API answers and in
 * what Neo4j holds afterwards: a failing query, a condition that cannot be evaluated and a failing
 * action.
 */
describe('rules: evaluation end to end (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });
  const { seeded, create, evaluate, alerts } = ruleCalls(() => app);

  it('a failing query fails the evaluation: nothing runs, the active alert stays, notifyOnFailure is recorded', async () => {
    const { a } = await seeded();
    const graph = await testGraph();
    const parameters = new ParameterService({ graph });
    await parameters.put({ accountId: a.accountId, name: 'enc', body: { value: false } });
    const rule = await create(
      a,
      alertRule('fragile', {
        notifyOnFailure: true,
        question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = ${param.enc}' }] },
      }),
    );
    const ok = await evaluate(a, rule.id);
    assert.equal(ok.alert.change, 'OPENED');
    await parameters.delete({ accountId: a.accountId, name: 'enc' });
    const failed = await evaluate(a, rule.id);
    assert.equal(failed.status, 'FAILED');
    assert.equal(failed.queries[0].total, undefined);
    assert.match(failed.queries[0].error, /enc/);
    assert.deepEqual(failed.errors, [`query query0: ${failed.queries[0].error}`]);
    assert.deepEqual(failed.operations, []);
    assert.equal(failed.alert, undefined);
    assert.deepEqual(failed.failureNotification, {
      status: 'NOT_SENT',
      detail:
        'No notification email addresses are configured for the account (PUT /account/notification-emails)',
    });
    const [alert] = await alerts(a, rule.id);
    assert.equal(alert?.status, 'ACTIVE');

    const quiet = await create(
      a,
      alertRule('quiet', {
        question: { queries: [{ query: 'FIND aws_s3_bucket WITH encrypted = ${param.enc}' }] },
      }),
    );
    const unnotified = await evaluate(a, quiet.id);
    assert.equal(unnotified.status, 'FAILED');
    assert.equal(unnotified.failureNotification, undefined);
  });

  it('a condition that cannot be evaluated and a failing action are recorded; the other operations still run', async () => {
    const { a } = await seeded();
    const rule = await create(a, {
      name: 'mixed',
      question: { queries: [{ query: UNENCRYPTED }] },
      operations: [
        {
          // Valid when saved; at run time the rule has no template of its own name.
          when: {
            type: 'FILTER',
            condition: '{{queries.query0.data | mapTemplate(alertRuleName) | length > 0}}',
          },
          actions: [{ type: 'CREATE_ALERT' }],
        },
        {
          when: { type: 'FILTER', condition: true },
          actions: [
            {
              type: 'SET_PROPERTY',
              targetProperty: 'alertLevel',
              targetValue: "{{'SEV' + 'ERE'}}",
            },
            { type: 'CREATE_ALERT' },
            { type: 'SEND_EMAIL', recipients: ['sec@example.com'], body: 'x' },
            { type: 'SET_PROPERTY', targetProperty: 'after', targetValue: 'ran' },
          ],
        },
      ],
      outputs: ['after'],
    });
    const record = await evaluate(a, rule.id);
    assert.equal(record.status, 'FAILED');
    assert.equal(
      record.operations[0].error,
      "Template {{queries.query0.data | mapTemplate(alertRuleName) | length > 0}} failed: the rule has no template 'mixed' (its templates: none) (at /operations/0/when/condition, character 0)",
    );
    assert.equal(record.operations[0].conditionResult, undefined);
    assert.deepEqual(
      actions(record).map((o) => [o.type, o.status, o.error]),
      [
        ['SET_PROPERTY', 'SUCCESS', undefined],
        [
          'CREATE_ALERT',
          'FAILED',
          'alertLevel is "SEVERE"; CREATE_ALERT needs one of INFO, LOW, MEDIUM, HIGH, CRITICAL',
        ],
        [
          'SEND_EMAIL',
          'FAILED',
          'SEND_EMAIL has no mail server: name an smtp integration instance in integrationInstanceId, or set SMTP_URL',
        ],
        ['SET_PROPERTY', 'SUCCESS', undefined],
      ],
    );
    assert.deepEqual(record.errors, [
      `/operations/0/when: ${record.operations[0].error}`,
      '/operations/1/actions/1 CREATE_ALERT: alertLevel is "SEVERE"; CREATE_ALERT needs one of INFO, LOW, MEDIUM, HIGH, CRITICAL',
      '/operations/1/actions/2 SEND_EMAIL: SEND_EMAIL has no mail server: name an smtp integration instance in integrationInstanceId, or set SMTP_URL',
    ]);
    assert.deepEqual(record.outputs, { after: 'ran' });
    assert.deepEqual(await alerts(a, rule.id), []);
  });
});
