import { jsonPointer } from '../../model/property-rules';
import { isRecord } from './result-items';
import { ConditionError } from './template-errors';
import { describeType } from './transforms';

/**
 * The list form's comparison operators (docs/guide/rules.md, "Operations and conditions"); `=`
 * and `==` are the same.
 */
export const COMPARE_OPERATORS = ['>', '<', '>=', '<=', '=', '==', '!='] as const;
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];

/** One `condition` of a FILTER, parsed; every node knows its JSON pointer for errors. */
export type ConditionNode =
  | { kind: 'boolean'; value: boolean; pointer: string }
  | { kind: 'template'; text: string; pointer: string }
  | {
      kind: 'compare';
      /** A Jexl expression (normally a dotted path such as `queries.query0.total`) or a template. */
      path: string;
      operator: CompareOperator;
      /** A literal, or a template string rendered at evaluation. */
      value: unknown;
      pointer: string;
    }
  | { kind: 'group'; operator: 'AND' | 'OR'; clauses: ConditionNode[]; pointer: string };

const SHAPES =
  "a {{template}} string, true or false, a [path, operator, value] triple or an ['AND' or 'OR', clause, ...] group";

/**
 * A RuleOperation's `when` as the conditions that must all hold: a FILTER condition object, or a
 * list of them (all must hold; an empty list, `undefined` and `null` hold always). Throws a
 * ConditionError naming the JSON pointer (below `pointer`) of the first malformed part.
 */
export function parseWhen(when: unknown, pointer = ''): ConditionNode[] {
  if (when === undefined || when === null) return [];
  if (Array.isArray(when)) return when.map((c, i) => parseFilter(c, `${pointer}${jsonPointer(i)}`));
  return [parseFilter(when, pointer)];
}

function parseFilter(when: unknown, pointer: string): ConditionNode {
  if (!isRecord(when)) {
    throw new ConditionError(
      pointer,
      `a condition is an object {"type": "FILTER", "condition": ...}, not ${describeType(when)}`,
    );
  }
  if (when.type !== 'FILTER') {
    throw new ConditionError(
      `${pointer}/type`,
      `the condition type must be FILTER, not ${JSON.stringify(when.type) ?? 'missing'}`,
    );
  }
  if (!Object.hasOwn(when, 'condition')) {
    throw new ConditionError(pointer, `a FILTER needs a condition: ${SHAPES}`);
  }
  return parseCondition(when.condition, `${pointer}/condition`);
}

/**
 * The three forms of a condition (docs/guide/rules.md, "Operations and conditions"): a literal
 * boolean, a template string, or the list form (a triple, or an AND/OR group, case-insensitive, of
 * one or more triples or nested groups).
 */
export function parseCondition(condition: unknown, pointer: string): ConditionNode {
  if (typeof condition === 'boolean') return { kind: 'boolean', value: condition, pointer };
  if (typeof condition === 'string') return { kind: 'template', text: condition, pointer };
  if (Array.isArray(condition)) return parseList(condition, pointer);
  throw new ConditionError(pointer, `a condition is ${SHAPES}, not ${describeType(condition)}`);
}

function parseList(list: unknown[], pointer: string): ConditionNode {
  const [head, ...rest] = list;
  const group = typeof head === 'string' ? head.toUpperCase() : undefined;
  if (group === 'AND' || group === 'OR') {
    if (rest.length === 0) {
      throw new ConditionError(pointer, `an ${group} group needs at least one clause`);
    }
    const clauses = rest.map((clause, i) => {
      const at = `${pointer}/${i + 1}`;
      if (!Array.isArray(clause)) {
        throw new ConditionError(
          at,
          `a clause of an ${group} group is a [path, operator, value] triple or a nested group, not ${describeType(clause)}`,
        );
      }
      return parseList(clause, at);
    });
    return { kind: 'group', operator: group, clauses, pointer };
  }
  return parseTriple(list, pointer);
}

function parseTriple(list: unknown[], pointer: string): ConditionNode {
  if (list.length !== 3) {
    throw new ConditionError(
      pointer,
      `a list condition is a [path, operator, value] triple or an ['AND' or 'OR', clause, ...] group; this list has ${list.length} element${list.length === 1 ? '' : 's'}`,
    );
  }
  const [path, operator, value] = list;
  if (typeof path !== 'string' || path.trim() === '') {
    const found = typeof path === 'string' ? 'an empty string' : describeType(path);
    throw new ConditionError(
      `${pointer}/0`,
      `the path is a string such as "queries.query0.total", not ${found}`,
    );
  }
  if (!isOperator(operator)) {
    throw new ConditionError(
      `${pointer}/1`,
      `the operator ${JSON.stringify(operator) ?? 'undefined'} is not one of ${COMPARE_OPERATORS.join(' ')}`,
    );
  }
  return { kind: 'compare', path, operator, value, pointer };
}

function isOperator(value: unknown): value is CompareOperator {
  return COMPARE_OPERATORS.some((op) => op === value);
}
