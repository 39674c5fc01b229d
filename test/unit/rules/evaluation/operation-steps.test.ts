import assert from 'node:assert/strict';
import type { OperationOutcome } from '../../../../src/rules/evaluation/evaluation-record';
import {
  conditionHolds,
  decideCondition,
  decideOperations,
  heldBackActions,
  operationErrors,
  operationOutcome,
} from '../../../../src/rules/evaluation/operation-steps';
import { REDACTED } from '../../../../src/rules/evaluation/redact';
import type { FilterCondition, RuleAction, RuleOperation } from '../../../../src/rules/rule-types';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';

/** The operations' pure decisions: each condition, each operation's record, what they mean. */
const CONTEXT: TemplateContext = {
  queries: { query0: { total: 2, data: [{ a: 1 }, { a: 2 }] } },
  param: { token: 'tok-secret' },
  alertLevel: 'HIGH',
};
const filter = (condition: unknown) => ({ type: 'FILTER', condition }) as FilterCondition;
const options = (pointer = '/operations/0/when') => ({
  templates: { big: '{{item.a > 1}}' },
  pointer,
  secrets: ['tok-secret'],
});

const ALERT: RuleAction = { type: 'CREATE_ALERT' };
const SET: RuleAction = { type: 'SET_PROPERTY', targetProperty: 'x', targetValue: 1 };
const EACH_ALERT: RuleAction = {
  type: 'FOR_EACH_ITEM',
  itemRef: 'item',
  items: [],
  actions: [{ type: 'FOR_EACH_ITEM', itemRef: 'inner', items: [], actions: [ALERT] }],
};
const EACH_SET: RuleAction = { type: 'FOR_EACH_ITEM', itemRef: 'item', items: [], actions: [SET] };

const op = (...actions: RuleAction[]): RuleOperation => ({ when: filter(true), actions });
const outcome = (index: number, o: Partial<OperationOutcome> = {}): OperationOutcome => ({
  index,
  conditionResult: true,
  actions: [],
  ...o,
});

describe('rule evaluation steps: operations', () => {
  describe('decideCondition', () => {
    it('holds: a template, a triple and mapTemplate over the variables as they are', async () => {
      assert.deepEqual(
        await decideCondition(filter('{{queries.query0.total > 1}}'), CONTEXT, options()),
        { holds: true },
      );
      assert.deepEqual(
        await decideCondition(filter(['alertLevel', '==', 'HIGH']), CONTEXT, options()),
        { holds: true },
      );
      assert.deepEqual(
        await decideCondition(
          filter("{{queries.query0.data | mapTemplate('big') | join(',') == 'false,true'}}"),
          CONTEXT,
          options(),
        ),
        { holds: true },
      );
    });

    it('does not hold: false, a false comparison, one false condition of a list', async () => {
      assert.deepEqual(await decideCondition(filter(false), CONTEXT, options()), { holds: false });
      assert.deepEqual(
        await decideCondition(filter(['queries.query0.total', '>', 2]), CONTEXT, options()),
        { holds: false },
      );
      assert.deepEqual(
        await decideCondition(
          [filter(true), filter('{{alertLevel == "LOW"}}')],
          CONTEXT,
          options(),
        ),
        { holds: false },
      );
    });

    it('errored: the error names the pointer, secrets hidden; it never throws', async () => {
      const decision = await decideCondition(
        filter('{{param.token}} and more'),
        CONTEXT,
        options('/operations/3/when'),
      );
      assert.ok('error' in decision);
      assert.match(decision.error, /^\/operations\/3\/when/);
      assert.match(decision.error, /neither true nor false/);
      assert.ok(decision.error.includes(REDACTED));
      assert.ok(!decision.error.includes('tok-secret'));
      const unknown = await decideCondition(
        filter("{{queries.query0.data | mapTemplate('nope')}}"),
        CONTEXT,
        options(),
      );
      assert.ok('error' in unknown && /nope/.test(unknown.error));
    });

    it('conditionHolds: only a condition that held runs its actions', () => {
      assert.equal(conditionHolds({ holds: true }), true);
      assert.equal(conditionHolds({ holds: false }), false);
      assert.equal(conditionHolds({ error: 'x' }), false);
    });
  });

  describe('operationOutcome', () => {
    const done = [
      {
        pointer: '/operations/1/actions/0',
        type: 'SET_PROPERTY',
        status: 'SUCCESS' as const,
        durationMs: 1,
      },
    ];

    it('a condition that held keeps its actions; one that did not or errored has none', () => {
      assert.deepEqual(operationOutcome(1, { holds: true }, done), {
        index: 1,
        conditionResult: true,
        actions: done,
      });
      assert.deepEqual(operationOutcome(1, { holds: false }, done), {
        index: 1,
        conditionResult: false,
        actions: [],
      });
      assert.deepEqual(operationOutcome(1, { error: 'bad' }, done), {
        index: 1,
        error: 'bad',
        actions: [],
      });
    });

    it('heldBackActions: each action SKIPPED with its pointer and id', () => {
      assert.deepEqual(heldBackActions([SET, { ...ALERT, id: 'a-1' }], '/operations/2/actions'), [
        {
          pointer: '/operations/2/actions/0',
          type: 'SET_PROPERTY',
          status: 'SKIPPED',
          durationMs: 0,
        },
        {
          pointer: '/operations/2/actions/1',
          type: 'CREATE_ALERT',
          id: 'a-1',
          status: 'SKIPPED',
          durationMs: 0,
        },
      ]);
    });
  });

  describe('operationErrors', () => {
    it("the condition's error, then each failed action, FOR_EACH_ITEM items' included", () => {
      assert.deepEqual(operationErrors(outcome(4, { conditionResult: undefined, error: 'boom' })), [
        '/operations/4/when: boom',
      ]);
      const failed = (pointer: string, error?: string) => ({
        pointer,
        type: 'WEBHOOK',
        status: 'FAILED' as const,
        durationMs: 0,
        ...(error === undefined ? {} : { error }),
      });
      const ok = {
        pointer: '/operations/0/actions/0',
        type: 'SET_PROPERTY',
        status: 'SUCCESS' as const,
        durationMs: 0,
      };
      const actions = [
        ok,
        failed('/operations/0/actions/1', 'HTTP 500'),
        {
          ...failed('/operations/0/actions/2', 'an action failed for some item'),
          type: 'FOR_EACH_ITEM',
          items: [
            { index: 0, actions: [ok] },
            { index: 1, actions: [failed('/operations/0/actions/2/actions/0')] },
          ],
        },
      ];
      assert.deepEqual(operationErrors(outcome(0, { actions })), [
        '/operations/0/actions/1 WEBHOOK: HTTP 500',
        '/operations/0/actions/2/actions/0 WEBHOOK: failed',
      ]);
      assert.deepEqual(operationErrors(outcome(0, { actions: [ok] })), []);
    });
  });

  describe('decideOperations', () => {
    it('conditionsFailed: any condition that could not be evaluated', () => {
      const ops = [op(SET), op(SET)];
      assert.equal(decideOperations(ops, [outcome(0), outcome(1)], false).conditionsFailed, false);
      assert.equal(
        decideOperations(
          ops,
          [outcome(0), outcome(1, { error: 'x', conditionResult: undefined })],
          false,
        ).conditionsFailed,
        true,
      );
    });

    it('alertReached: a CREATE_ALERT whose condition held, even failing or held back', () => {
      const ops = [op(SET), op(SET, ALERT)];
      assert.equal(decideOperations(ops, [outcome(0), outcome(1)], false).alertReached, true);
      assert.equal(
        decideOperations(ops, [outcome(0), outcome(1, { conditionResult: false })], false)
          .alertReached,
        false,
      );
      assert.equal(
        decideOperations([op(SET)], [outcome(0)], false).alertReached,
        false,
        'no CREATE_ALERT at all',
      );
      assert.equal(decideOperations(ops, [outcome(0)], false).alertReached, false, 'not run');
    });

    it('a FOR_EACH_ITEM holding a CREATE_ALERT keeps the alert when it failed or was held back', () => {
      const ops = [op(EACH_ALERT)];
      const ran = (status: 'SUCCESS' | 'FAILED') =>
        outcome(0, {
          actions: [
            { pointer: '/operations/0/actions/0', type: 'FOR_EACH_ITEM', status, durationMs: 0 },
          ],
        });
      // Ran cleanly: whether an item raised the alert is the evaluation's `raised`, not this.
      assert.equal(decideOperations(ops, [ran('SUCCESS')], false).alertReached, false);
      assert.equal(decideOperations(ops, [ran('FAILED')], false).alertReached, true);
      assert.equal(decideOperations(ops, [outcome(0)], true).alertReached, true);
      // A FOR_EACH_ITEM without a CREATE_ALERT never keeps it.
      assert.equal(decideOperations([op(EACH_SET)], [outcome(0)], true).alertReached, false);
    });
  });
});
