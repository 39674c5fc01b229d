import assert from 'node:assert/strict';
import { REDACTED } from '../../../../src/rules/evaluation/redact';
import { type EvaluateInput, RuleEvaluator } from '../../../../src/rules/evaluation/rule-evaluator';
import type { QuestionQuery } from '../../../../src/questions/question-query';
import type { RuleOperation } from '../../../../src/rules/rule-types';
import { entities, fakeWorld, type FakeWorld, filter, plainRule } from './evaluation-fixtures';

/**
 * The evaluator's shell over in-memory stand-ins (no Neo4j): the steps in order, what each one
 * hands the next, and the alert settled at the end.
 */
describe('rule evaluation: the evaluator over plain data', () => {
  const query = (name: string, text: string, includeDeleted = false): QuestionQuery => ({
    name,
    query: text,
    version: 'v1',
    includeDeleted,
  });
  const alertOperation: RuleOperation = {
    when: filter('{{queries.q.total > 0}}'),
    actions: [
      { type: 'SET_PROPERTY', targetProperty: 'alertLevel', targetValue: 'high' },
      { type: 'CREATE_ALERT' },
    ],
  };
  const input = (extra: Partial<EvaluateInput> = {}): EvaluateInput => ({
    accountId: 'acc',
    rule: plainRule({ id: 'r-1', version: 2, operations: [alertOperation] }),
    queries: [query('q', 'FIND a')],
    trigger: 'MANUAL',
    dryRun: false,
    ...extra,
  });
  const evaluate = (world: FakeWorld, extra: Partial<EvaluateInput> = {}) =>
    new RuleEvaluator(world.deps).evaluate(input(extra));

  it('runs the queries, decides the condition, runs the actions, reads outputs, opens the alert', async () => {
    const world = fakeWorld({
      results: { 'FIND a': entities('e1', 'e2'), 'FIND b': entities('e2') },
    });
    const { record, entityIds } = await evaluate(world, {
      queries: [query('q', 'FIND a'), query('all', 'FIND b', true)],
      rule: plainRule({
        id: 'r-1',
        version: 2,
        operations: [alertOperation],
        outputs: ['alertLevel', 'queries.all.total'],
      }),
    });
    assert.deepEqual(world.queries, [
      { query: 'FIND a', includeDeleted: false },
      { query: 'FIND b', includeDeleted: true },
    ]);
    assert.equal(record.status, 'SUCCESS', JSON.stringify(record.errors));
    assert.deepEqual(
      record.queries.map((q) => [q.name, q.total, q.type]),
      [
        ['q', 2, 'list'],
        ['all', 1, 'list'],
      ],
    );
    assert.equal(record.operations[0]?.conditionResult, true);
    assert.deepEqual(
      record.operations[0]?.actions.map((a) => [a.type, a.status]),
      [
        ['SET_PROPERTY', 'SUCCESS'],
        ['CREATE_ALERT', 'SUCCESS'],
      ],
    );
    assert.deepEqual(record.outputs, { alertLevel: 'high', 'queries.all.total': 1 });
    assert.deepEqual(record.alert, { id: 'alert-1', status: 'ACTIVE', change: 'OPENED' });
    assert.equal(world.alerts.raised[0]?.level, 'HIGH');
    assert.deepEqual(world.alerts.raised[0]?.queryTotals, { q: 2, all: 1 });
    assert.deepEqual(world.alerts.resolved, []);
    assert.deepEqual([record.entityCount, record.newEntityCount], [2, 2]);
    assert.deepEqual(entityIds?.sort(), ['e1', 'e2']);
    assert.deepEqual(
      [record.id, record.ruleId, record.ruleVersion, record.ruleName],
      ['ev-1', 'r-1', 2, 'rule'],
    );
    assert.equal(record.durationMs, record.endedOn - record.startedOn);
  });

  it("a later operation's condition sees what an earlier operation's actions set", async () => {
    const world = fakeWorld({ results: { 'FIND a': entities('e1') } });
    const { record } = await evaluate(world, {
      rule: plainRule({
        operations: [
          {
            when: filter(true),
            actions: [{ type: 'SET_PROPERTY', targetProperty: 'flag', targetValue: 'on' }],
          },
          { when: filter('{{flag == "on"}}'), actions: [] },
          { when: filter('{{flag == "off"}}'), actions: [] },
        ],
      }),
    });
    assert.deepEqual(
      record.operations.map((o) => o.conditionResult),
      [true, true, false],
    );
  });

  it('a failing query stops the evaluation: no operation, the alert kept, no entity ids', async () => {
    const world = fakeWorld({
      results: { 'FIND a': entities('e1'), 'FIND bad': new Error('syntax error near tok-secret') },
      param: { token: 'tok-secret' },
      secret: ['token'],
    });
    const { record, entityIds } = await evaluate(world, {
      queries: [query('q', 'FIND a'), query('bad', 'FIND bad'), query('never', 'FIND never')],
    });
    assert.equal(record.status, 'FAILED');
    assert.deepEqual(record.errors, [`query bad: syntax error near ${REDACTED}`]);
    assert.deepEqual(
      record.queries.map((q) => [q.name, q.error]),
      [
        ['q', undefined],
        ['bad', `syntax error near ${REDACTED}`],
      ],
    );
    assert.equal(world.queries.length, 2);
    assert.deepEqual(record.operations, []);
    assert.deepEqual([world.alerts.raised, world.alerts.resolved], [[], []]);
    assert.equal(entityIds, undefined);
    assert.equal(record.entityCount, 1);
  });

  it('a failure found before evaluating is recorded first and runs nothing', async () => {
    const world = fakeWorld();
    const { record } = await evaluate(world, { failure: 'questionId: gone' });
    assert.deepEqual(record.errors, ['questionId: gone']);
    assert.deepEqual([world.queries, record.operations], [[], []]);
    assert.deepEqual(world.alerts.resolved, []);
  });

  it('a clean evaluation reaching no CREATE_ALERT resolves the active alert; then there is none', async () => {
    const world = fakeWorld({ results: { 'FIND a': entities('e1'), 'FIND none': entities() } });
    assert.equal((await evaluate(world)).record.alert?.change, 'OPENED');
    const second = await evaluate(world);
    assert.deepEqual(second.record.alert, { id: 'alert-1', status: 'ACTIVE', change: 'UPDATED' });
    const third = await evaluate(world, { queries: [query('q', 'FIND none')] });
    assert.equal(third.record.operations[0]?.conditionResult, false);
    assert.deepEqual(third.record.alert, { id: 'alert-1', status: 'RESOLVED', change: 'RESOLVED' });
    const fourth = await evaluate(world, { queries: [query('q', 'FIND none')] });
    assert.equal(fourth.record.alert, undefined);
    assert.equal(world.alerts.resolved.length, 2);
  });

  it('a dry run or a condition error keeps the alert; a dry run raises nothing', async () => {
    const world = fakeWorld({ results: { 'FIND a': entities('e1'), 'FIND none': entities() } });
    await evaluate(world);
    const dry = await evaluate(world, { dryRun: true, trigger: 'DRY_RUN' });
    assert.equal(dry.record.operations[0]?.actions[1]?.status, 'DRY_RUN');
    assert.equal(dry.record.alert, undefined);
    const broken = await evaluate(world, {
      queries: [query('q', 'FIND none')],
      rule: plainRule({
        id: 'r-1',
        operations: [alertOperation, { when: filter('{{queries.q.total}} x'), actions: [] }],
      }),
    });
    assert.equal(broken.record.status, 'FAILED');
    assert.match(broken.record.errors[0] ?? '', /^\/operations\/1\/when: /);
    assert.equal(broken.record.alert, undefined);
    assert.deepEqual(world.alerts.resolved, []);
    assert.equal(world.alerts.raised.length, 1);
  });

  it('triggerActionsOnNewEntitiesOnly without new entities: actions SKIPPED, the alert kept', async () => {
    const world = fakeWorld({ results: { 'FIND a': entities('e1') } });
    const { record } = await evaluate(world, {
      rule: plainRule({
        id: 'r-1',
        operations: [alertOperation],
        triggerActionsOnNewEntitiesOnly: true,
      }),
      previousEntityIds: new Set(['e1']),
    });
    assert.equal(record.actionsSkipped, 'NO_NEW_ENTITIES');
    assert.deepEqual(
      record.operations[0]?.actions.map((a) => a.status),
      ['SKIPPED', 'SKIPPED'],
    );
    assert.deepEqual([world.alerts.raised, world.alerts.resolved], [[], []]);
    assert.equal(record.status, 'SUCCESS');
  });

  it("errors in the order met: a SERVICE_QUERY's query, its action, then outputs", async () => {
    const world = fakeWorld({ results: { 'FIND a': entities('e1') } });
    const { record } = await evaluate(world, {
      rule: plainRule({
        operations: [
          {
            when: filter(true),
            actions: [
              { type: 'SERVICE_QUERY', name: 'more', query: 'FIND missing' },
              { type: 'SET_PROPERTY', targetProperty: 'after', targetValue: 'ran' },
            ],
          },
        ],
        outputs: ['after', 'a =='],
      }),
    });
    assert.equal(record.errors.length, 3, JSON.stringify(record.errors));
    assert.equal(record.errors[0], 'query more: no such query: FIND missing');
    assert.equal(
      record.errors[1],
      '/operations/0/actions/0 SERVICE_QUERY: no such query: FIND missing',
    );
    assert.match(record.errors[2] ?? '', /^outputs a ==: /);
    assert.equal(record.outputs.after, 'ran');
    assert.deepEqual(
      record.queries.map((q) => q.name),
      ['q', 'more'],
    );
  });
});
