import assert from 'node:assert/strict';
import {
  actionsHeldBack,
  buildRecord,
  entityChange,
  initialContext,
  parameterSecrets,
  queryErrors,
  queryOutcome,
  queryRun,
  queryTotals,
  readOutputs,
  type RecordParts,
  ruleIdentity,
} from '../../../../src/rules/evaluation/evaluation-steps';
import { REDACTED } from '../../../../src/rules/evaluation/redact';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';
import { plainRule } from './evaluation-fixtures';

/** The pure steps of an evaluation: variables, query records, entities, outputs, the record. */
describe('rule evaluation steps: queries, entities, outputs, record', () => {
  const SECRETS = ['tok-secret'];

  it('ruleIdentity and initialContext: the rule as templates name it', () => {
    const stored = { ...plainRule(), id: 'r-1', version: 3, description: 'd' };
    assert.deepEqual(ruleIdentity(stored), {
      id: 'r-1',
      name: 'rule',
      version: 3,
      description: 'd',
    });
    assert.deepEqual(ruleIdentity(plainRule()), { name: 'rule' });
    assert.deepEqual(initialContext(stored, { a: 1 }, 'http://x/alerts?ruleId=r-1'), {
      queries: {},
      param: { a: 1 },
      alertRuleName: 'rule',
      alertRuleId: 'r-1',
      alertRuleDescription: 'd',
      alertWebLink: 'http://x/alerts?ruleId=r-1',
    });
  });

  it('parameterSecrets: the values of the secret parameters only', () => {
    const secrets = parameterSecrets({ token: 'tok-secret', plain: 'visible' }, [
      { name: 'token', secret: true },
      { name: 'plain', secret: false },
    ]);
    assert.ok(secrets.includes('tok-secret'));
    assert.ok(!secrets.includes('visible'));
  });

  describe('queries', () => {
    const result = { type: 'list' as const, data: [{ id: 'e1' }], total: 1 };

    it('queryOutcome: the query as run, secrets hidden, its total and type, or its error', () => {
      assert.deepEqual(queryOutcome('q', 'FIND x WITH t="tok-secret"', { result }, 7, SECRETS), {
        name: 'q',
        query: `FIND x WITH t="${REDACTED}"`,
        durationMs: 7,
        total: 1,
        type: 'list',
      });
      assert.deepEqual(
        queryOutcome('q', 'FIND x', { result: { ...result, warnings: ['w'] } }, 1, []).warnings,
        ['w'],
      );
      const failed = queryOutcome('q', 'FIND x', { error: 'no tok-secret here' }, 2, SECRETS);
      assert.deepEqual(failed, {
        name: 'q',
        query: 'FIND x',
        durationMs: 2,
        error: `no ${REDACTED} here`,
      });
      assert.deepEqual(queryErrors(failed), [`query q: no ${REDACTED} here`]);
      assert.deepEqual(queryErrors(queryOutcome('q', 'FIND x', { result }, 1, [])), []);
    });

    it('queryRun: a tree result is one element of data; raw is the result as it came', () => {
      const tree = { type: 'tree' as const, data: { vertices: [], edges: [] }, total: 0 };
      assert.deepEqual(queryRun(tree), { data: [tree.data], total: 0, raw: tree.data });
      assert.deepEqual(queryRun(result), { data: result.data, total: 1, raw: result.data });
    });

    it('queryTotals: the total of every query that ran', () => {
      const ran = queryOutcome('a', 'FIND x', { result }, 1, []);
      const failed = queryOutcome('b', 'FIND y', { error: 'x' }, 1, []);
      assert.deepEqual(queryTotals([ran, failed]), { a: 1 });
    });
  });

  describe('entities', () => {
    it('entityChange: every entity is new on a first evaluation, else those not seen before', () => {
      const ids = new Set(['e1', 'e2', 'e3']);
      assert.deepEqual(entityChange(ids, undefined), { entityCount: 3, newEntityCount: 3 });
      assert.deepEqual(entityChange(ids, new Set(['e1', 'e9'])), {
        entityCount: 3,
        newEntityCount: 2,
      });
      assert.deepEqual(entityChange(ids, ids), { entityCount: 3, newEntityCount: 0 });
    });

    it('actionsHeldBack: only with triggerActionsOnNewEntitiesOnly, clean queries and no new entity', () => {
      const only = { triggerActionsOnNewEntitiesOnly: true };
      assert.equal(actionsHeldBack(only, false, 0), true);
      assert.equal(actionsHeldBack(only, false, 1), false);
      assert.equal(actionsHeldBack(only, true, 0), false, 'a failed query runs no action anyway');
      assert.equal(actionsHeldBack({ triggerActionsOnNewEntitiesOnly: false }, false, 0), false);
    });
  });

  describe('outputs', () => {
    const context: TemplateContext = {
      queries: { q: { total: 2, data: [] } },
      param: { token: 'tok-secret' },
      alertLevel: 'HIGH',
    };

    it("each path's value at the end, undefined as null, secrets hidden", async () => {
      assert.deepEqual(
        await readOutputs(
          ['alertLevel', 'queries.q.total', 'missing', 'param.token'],
          context,
          SECRETS,
        ),
        {
          outputs: {
            alertLevel: 'HIGH',
            'queries.q.total': 2,
            missing: null,
            'param.token': REDACTED,
          },
          errors: [],
        },
      );
    });

    it('a path that cannot be evaluated is an error line; the others are still read', async () => {
      const { outputs, errors } = await readOutputs(
        ['queries.q.total', 'a ==', 'alertLevel'],
        context,
        [],
      );
      assert.deepEqual(outputs, { 'queries.q.total': 2, alertLevel: 'HIGH' });
      assert.equal(errors.length, 1);
      assert.match(errors[0]!, /^outputs a ==: /);
    });
  });

  describe('buildRecord', () => {
    const parts: RecordParts = {
      id: 'ev-1',
      rule: { id: 'r-1', version: 2, name: 'rule' },
      trigger: 'MANUAL',
      dryRun: false,
      startedOn: 1000,
      endedOn: 1250,
      queries: [],
      outputs: { x: 1 },
      operations: [{ index: 0, conditionResult: false, actions: [] }],
      errors: [],
      entities: { entityCount: 3, newEntityCount: 1 },
      actionsHeldBack: false,
      alert: undefined,
    };

    it('SUCCESS without errors, with the rule, timings, entities and parts as given', () => {
      assert.deepEqual(buildRecord(parts), {
        id: 'ev-1',
        ruleId: 'r-1',
        ruleVersion: 2,
        ruleName: 'rule',
        trigger: 'MANUAL',
        dryRun: false,
        status: 'SUCCESS',
        startedOn: 1000,
        endedOn: 1250,
        durationMs: 250,
        queries: [],
        outputs: { x: 1 },
        operations: parts.operations,
        errors: [],
        entityCount: 3,
        newEntityCount: 1,
      });
    });

    it('FAILED with any error; actionsSkipped when held back; the alert when there is one', () => {
      const alert = { id: 'al-1', status: 'ACTIVE', change: 'OPENED' as const };
      const record = buildRecord({
        ...parts,
        errors: ['query q: x'],
        actionsHeldBack: true,
        alert,
      });
      assert.equal(record.status, 'FAILED');
      assert.equal(record.actionsSkipped, 'NO_NEW_ENTITIES');
      assert.deepEqual(record.alert, alert);
    });

    it('a rule body (dry run) has no ruleId or ruleVersion', () => {
      const record = buildRecord({
        ...parts,
        rule: { name: 'body' },
        trigger: 'DRY_RUN',
        dryRun: true,
      });
      assert.equal('ruleId' in record, false);
      assert.equal('ruleVersion' in record, false);
      assert.equal(record.ruleName, 'body');
    });
  });
});
