import assert from 'node:assert/strict';
import { checkWhen, evaluateWhen } from '../../../../src/rules/templates/conditions';
import type { TemplateContext } from '../../../../src/rules/templates/template-context';
import { ConditionError, TemplateError } from '../../../../src/rules/templates/template-errors';

/**
 * `when` (docs/guide/rules.md, "Operations and conditions"): template strings, the list form,
 * literal booleans, lists of conditions.
 */
const CONTEXT: TemplateContext = {
  alertLevel: 'HIGH',
  param: { threshold: 5, flag: false, limit: '100' },
  queries: {
    query0: { total: 3, data: [{ a: 1 }] },
    query1: { total: 0, data: [] },
    big: { total: 150, data: [] },
  },
};

const filter = (condition: unknown) => ({ type: 'FILTER', specVersion: 1, condition });
const holds = (condition: unknown, context: TemplateContext = CONTEXT) =>
  evaluateWhen(filter(condition), context);

async function assertConditions(cases: Array<[unknown, boolean]>): Promise<void> {
  for (const [condition, expected] of cases) {
    assert.equal(await holds(condition), expected, JSON.stringify(condition));
  }
}

async function conditionError(
  when: unknown,
  pointer = '/operations/0/when',
): Promise<ConditionError> {
  try {
    await evaluateWhen(when, CONTEXT, { pointer });
  } catch (err) {
    assert.ok(err instanceof ConditionError, String(err));
    assert.equal(err.code, 'VALIDATION_ERROR');
    return err;
  }
  assert.fail(`${JSON.stringify(when)} evaluated`);
}

describe('rule templates: when conditions', () => {
  it('a literal boolean', async () => {
    await assertConditions([
      [true, true],
      [false, false],
    ]);
  });

  describe('a template string', () => {
    it('one expression: its truthiness', async () => {
      await assertConditions([
        ['{{queries.query0.total > 0}}', true],
        ['{{queries.query1.total > 0}}', false],
        ['{{queries.query0.total != 0}}', true],
        ['{{ queries.query0.total > param.threshold }}', false],
        ['{{queries.big.total > 100 && alertLevel == "HIGH"}}', true],
        ['{{param.flag}}', false],
        ['{{queries.query0.total}}', true],
        ['{{queries.query1.total}}', false],
        ['{{alertLevel}}', true],
        // JavaScript truthiness: any list, even empty, is truthy; compare `| length` instead.
        ['{{queries.query1.data}}', true],
        ['{{queries.query1.data | length}}', false],
        ['{{missing}}', false],
      ]);
    });

    it('a query that does not exist is undefined, so > 0 is false (CIS packs name no query0)', async () => {
      await assertConditions([
        ['{{queries.queryBAD.total > 0}}', false],
        [['queries.queryBAD.total', '>', 0], false],
      ]);
    });

    it('text must read true or false (case and outer whitespace ignored; empty is false)', async () => {
      await assertConditions([
        ['true', true],
        [' FALSE ', false],
        ['', false],
        ['{{true}} ', true],
        ['{{queries.query0.total > 0}}{{""}}', true],
        [' {{queries.query1.total > 0}}', false],
      ]);
      const err = await conditionError(filter('{{queries.query0.total}} > 0'));
      assert.equal(
        err.message,
        '/operations/0/when/condition: the condition renders to the text "3 > 0", which is neither true nor false; write it as one {{expression}}, e.g. "{{queries.query0.total > 0}}"',
      );
      assert.deepEqual(err.details, { pointer: '/operations/0/when/condition' });
    });

    it('a template error carries the condition pointer', async () => {
      await assert.rejects(
        () =>
          evaluateWhen(filter('{{queries.query0.total >}}'), CONTEXT, {
            pointer: '/operations/1/when',
          }),
        (err: unknown) =>
          err instanceof TemplateError &&
          err.problem === 'parse' &&
          err.details?.pointer === '/operations/1/when/condition',
      );
    });
  });

  describe('the list form', () => {
    it('a bare [path, op, value] triple with each operator', async () => {
      await assertConditions([
        [['queries.query0.total', '>', 0], true],
        [['queries.query0.total', '>', 3], false],
        [['queries.query0.total', '>=', 3], true],
        [['queries.query0.total', '>=', 4], false],
        [['queries.query0.total', '<', 4], true],
        [['queries.query0.total', '<', 3], false],
        [['queries.query0.total', '<=', 3], true],
        [['queries.query0.total', '<=', 2], false],
        [['queries.query0.total', '=', 3], true],
        [['queries.query0.total', '=', 4], false],
        [['queries.query0.total', '==', 3], true],
        [['queries.query0.total', '!=', 3], false],
        [['queries.query0.total', '!=', 0], true],
        [['alertLevel', '=', 'HIGH'], true],
        [['alertLevel', '!=', 'LOW'], true],
      ]);
    });

    it('Jexl semantics: loose equality, undefined compares false, paths are Jexl expressions', async () => {
      await assertConditions([
        [['queries.query0.total', '=', '3'], true],
        [['queries.query1.total', '==', false], true],
        [['queries.nope.total', '>', 0], false],
        [['queries.nope.total', '<=', 0], false],
        [['queries.nope.total', '!=', 0], true],
        [['queries.query0.data | length', '=', 1], true],
        [['queries.query0.data.a', '=', 1], true],
        [['queries.query0.total * 2', '>', 5], true],
      ]);
    });

    it('the value, and the path, may be templates', async () => {
      await assertConditions([
        [['queries.query0.total', '<', '{{param.threshold}}'], true],
        [['queries.big.total', '>', '{{param.limit}}'], true],
        [['queries.query0.total', '>', '{{param.threshold - 3}}'], true],
        [['{{queries.query0.total}}', '=', 3], true],
        [['queries.query0.total', '=', 'x {{1}}'], false],
      ]);
    });

    it('AND / OR groups, nested, case-insensitive', async () => {
      await assertConditions([
        [['AND', ['queries.query0.total', '>', 0]], true],
        [['AND', ['queries.query0.total', '>', 0], ['queries.query0.total', '<=', 100]], true],
        [['AND', ['queries.big.total', '>', 0], ['queries.big.total', '<=', 100]], false],
        [['OR', ['queries.query0.total', '>', 0], ['queries.query1.total', '>', 0]], true],
        [['OR', ['queries.query1.total', '>', 0], ['queries.query1.total', '>', 1]], false],
        [
          [
            'AND',
            ['alertLevel', '=', 'HIGH'],
            [
              'OR',
              ['queries.query1.total', '>', 0],
              ['AND', ['queries.big.total', '>', 100], ['queries.query0.total', '=', 3]],
            ],
          ],
          true,
        ],
        [
          [
            'OR',
            ['AND', ['queries.query1.total', '>', 0]],
            ['OR', ['queries.query1.total', '>', 0]],
          ],
          false,
        ],
        [['and', ['queries.query0.total', '>', 0]], true],
        [['Or', ['queries.query1.total', '>', 0], ['queries.query0.total', '>', 0]], true],
      ]);
    });

    it('groups short-circuit left to right', async () => {
      // The second clause would fail (its path does not parse), but is never reached.
      await assertConditions([
        [['OR', ['queries.query0.total', '>', 0], ['queries.', '>', 0]], true],
        [['AND', ['queries.query1.total', '>', 0], ['queries.', '>', 0]], false],
      ]);
      await assert.rejects(
        () => holds(['AND', ['queries.query0.total', '>', 0], ['queries.', '>', 0]]),
        TemplateError,
      );
    });
  });

  describe('when: one condition or a list that must all hold', () => {
    it('a list is AND; empty, missing and null always hold', async () => {
      const yes = filter(['queries.query0.total', '>', 0]);
      const no = filter('{{queries.query1.total > 0}}');
      assert.equal(await evaluateWhen([yes, filter(true)], CONTEXT), true);
      assert.equal(await evaluateWhen([yes, no], CONTEXT), false);
      assert.equal(await evaluateWhen([no, yes], CONTEXT), false);
      assert.equal(await evaluateWhen([], CONTEXT), true);
      assert.equal(await evaluateWhen(undefined, CONTEXT), true);
      assert.equal(await evaluateWhen(null, CONTEXT), true);
    });
  });

  describe('malformed conditions are ConditionErrors with the JSON pointer', () => {
    it('each shape mistake', async () => {
      const cases: Array<[unknown, string]> = [
        [
          { type: 'SCRIPT', condition: true },
          '/operations/0/when/type: the condition type must be FILTER, not "SCRIPT"',
        ],
        [
          { condition: true },
          '/operations/0/when/type: the condition type must be FILTER, not missing',
        ],
        [
          { type: 'FILTER' },
          `/operations/0/when: a FILTER needs a condition: a {{template}} string, true or false, a [path, operator, value] triple or an ['AND' or 'OR', clause, ...] group`,
        ],
        [
          'nope',
          '/operations/0/when: a condition is an object {"type": "FILTER", "condition": ...}, not a string',
        ],
        [
          [filter(true), 5],
          '/operations/0/when/1: a condition is an object {"type": "FILTER", "condition": ...}, not a number',
        ],
        [
          filter(7),
          `/operations/0/when/condition: a condition is a {{template}} string, true or false, a [path, operator, value] triple or an ['AND' or 'OR', clause, ...] group, not a number`,
        ],
        [
          filter(null),
          `/operations/0/when/condition: a condition is a {{template}} string, true or false, a [path, operator, value] triple or an ['AND' or 'OR', clause, ...] group, not null`,
        ],
        [
          filter(['queries.query0.total', '>']),
          "/operations/0/when/condition: a list condition is a [path, operator, value] triple or an ['AND' or 'OR', clause, ...] group; this list has 2 elements",
        ],
        [
          filter(['queries.query0.total', '=>', 0]),
          '/operations/0/when/condition/1: the operator "=>" is not one of > < >= <= = == !=',
        ],
        [
          filter([5, '>', 0]),
          '/operations/0/when/condition/0: the path is a string such as "queries.query0.total", not a number',
        ],
        [
          filter([' ', '>', 0]),
          '/operations/0/when/condition/0: the path is a string such as "queries.query0.total", not an empty string',
        ],
        [filter(['AND']), '/operations/0/when/condition: an AND group needs at least one clause'],
        [
          filter(['OR', ['queries.query0.total', '>', 0], 'queries.query1.total > 0']),
          '/operations/0/when/condition/2: a clause of an OR group is a [path, operator, value] triple or a nested group, not a string',
        ],
        [
          filter(['AND', ['OR', ['a', '>', 0], ['b', '~=', 1]]]),
          '/operations/0/when/condition/1/2/1: the operator "~=" is not one of > < >= <= = == !=',
        ],
      ];
      for (const [when, message] of cases) {
        const err = await conditionError(when);
        assert.equal(err.message, message);
      }
    });

    it('without a pointer the message starts with Condition', async () => {
      await assert.rejects(
        () => evaluateWhen(filter(7), CONTEXT),
        /^ConditionError: \/condition: a condition is/,
      );
      await assert.rejects(
        () => evaluateWhen(5, CONTEXT),
        (err: unknown) => err instanceof ConditionError && err.message.startsWith('Condition: '),
      );
    });
  });

  describe('checkWhen (save time, nothing evaluated)', () => {
    it('no issue for the corpus forms', () => {
      for (const when of [
        filter('{{queries.query0.total > 0}}'),
        filter(['AND', ['queries.query0.total', '>', 0]]),
        filter(['queries.query0.total', '>', 100]),
        filter(true),
        [filter(true), filter(['OR', ['queries.query0.total', '>', '{{param.threshold}}']])],
        undefined,
      ]) {
        assert.deepEqual(checkWhen(when), [], JSON.stringify(when));
      }
    });

    it('the shape error, then template and path problems, each with its pointer', () => {
      assert.deepEqual(checkWhen(filter(['a', 'is', 1]), { pointer: '/operations/0/when' }), [
        {
          pointer: '/operations/0/when/condition/1',
          problem: 'condition',
          message:
            '/operations/0/when/condition/1: the operator "is" is not one of > < >= <= = == !=',
        },
      ]);
      const issues = checkWhen(
        [
          filter('{{queries.query0.total >}}'),
          filter(['OR', ['queries.', '>', 0], ['a', '>', '{{ x | nope }}'], ['{{b', '=', 1]]),
        ],
        { pointer: '/w' },
      );
      assert.deepEqual(
        issues.map((i) => [i.pointer, i.problem]),
        [
          ['/w/0/condition', 'parse'],
          ['/w/1/condition/1/0', 'parse'],
          ['/w/1/condition/2/2', 'invalid'],
          ['/w/1/condition/3/0', 'unclosed'],
        ],
      );
    });
  });
});
