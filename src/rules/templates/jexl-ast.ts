/**
 * Jexl 2.3's syntax tree (as its parser builds it; jexl's own typings miss the nulls) and the two
 * passes graphsync runs on it after parsing: `findProblem` (what `compile` accepts but evaluation
 * would reject) and `rewrite` (the fixes and plumbing of jexl-engine.ts). Pure functions.
 */
export type JexlNode =
  | { type: 'UnaryExpression'; operator: string; right: JexlNode }
  | { type: 'BinaryExpression'; operator: string; left: JexlNode; right: JexlNode }
  | {
      type: 'ConditionalExpression';
      test: JexlNode;
      /** null for the Elvis form `x ?: y`. */
      consequent?: JexlNode | null;
      /** Missing when the expression ends after `?:` (which jexl's parser lets through). */
      alternate?: JexlNode | null;
    }
  | { type: 'FilterExpression'; relative: boolean; expr: JexlNode; subject: JexlNode }
  | { type: 'Literal'; value: string | number | boolean }
  | { type: 'ArrayLiteral'; value: JexlNode[] }
  | { type: 'ObjectLiteral'; value: Record<string, JexlNode> }
  | { type: 'Identifier'; value: string; from?: JexlNode; relative?: boolean }
  | { type: 'FunctionCall'; name: string; pool: 'functions' | 'transforms'; args: JexlNode[] };

type FunctionCall = Extract<JexlNode, { type: 'FunctionCall' }>;

/**
 * Names a template cannot spell (the lexer has no `@`), used by the rewritten tree: the variable
 * holding the evaluation scope, and the functions standing in for `a.b` and `a[expr]`.
 */
export const SCOPE_VARIABLE = '@scope';
export const MEMBER_FUNCTION = '@member';
export const INDEX_FUNCTION = '@index';

/** How many arguments (after the piped value) each transform takes: [min, max]. */
export type TransformArity = Readonly<Record<string, readonly [number, number]>>;

export interface AstProblem {
  problem: 'parse' | 'invalid';
  reason: string;
}

/**
 * The first thing wrong with a parsed expression that jexl's parser accepts: an Elvis with
 * nothing after it (`a ?:`), a function call (templates have none), a transform that does not
 * exist or gets the wrong number of arguments.
 */
export function findProblem(node: JexlNode, arity: TransformArity): AstProblem | undefined {
  const own = ownProblem(node, arity);
  if (own !== undefined) return own;
  for (const child of children(node)) {
    const problem = findProblem(child, arity);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Every transform call in the tree, outermost first, with its arguments after the piped value. */
export function transformCalls(node: JexlNode): Array<{ name: string; args: JexlNode[] }> {
  const own = node.type === 'FunctionCall' && node.pool === 'transforms';
  return [
    ...(own ? [{ name: node.name, args: node.args.slice(1) }] : []),
    ...children(node).flatMap(transformCalls),
  ];
}

/**
 * A copy of the tree with:
 * - `a.b` as `@member(a, 'b')` and `a[expr]` (not a `[.x == y]` filter) as `@index(a, expr)`, so
 *   a member of an empty list or of `undefined` is `undefined` (jexl 2.3 throws a TypeError);
 * - `mapTemplate(name)` given the `@scope` variable as a last argument, as transforms see no
 *   context otherwise.
 */
export function rewrite(node: JexlNode): JexlNode {
  switch (node.type) {
    case 'Identifier':
      if (node.from === undefined) return { ...node };
      return call('functions', MEMBER_FUNCTION, [
        rewrite(node.from),
        { type: 'Literal', value: node.value },
      ]);
    case 'FilterExpression':
      if (node.relative) {
        return { ...node, subject: rewrite(node.subject), expr: rewrite(node.expr) };
      }
      return call('functions', INDEX_FUNCTION, [rewrite(node.subject), rewrite(node.expr)]);
    case 'FunctionCall': {
      const args = node.args.map(rewrite);
      if (node.pool === 'transforms' && node.name === 'mapTemplate') {
        args.push({ type: 'Identifier', value: SCOPE_VARIABLE });
      }
      return { ...node, args };
    }
    case 'UnaryExpression':
      return { ...node, right: rewrite(node.right) };
    case 'BinaryExpression':
      return { ...node, left: rewrite(node.left), right: rewrite(node.right) };
    case 'ConditionalExpression':
      return {
        ...node,
        test: rewrite(node.test),
        consequent: node.consequent ? rewrite(node.consequent) : node.consequent,
        alternate: node.alternate ? rewrite(node.alternate) : node.alternate,
      };
    case 'ArrayLiteral':
      return { ...node, value: node.value.map(rewrite) };
    case 'ObjectLiteral':
      return {
        ...node,
        value: Object.fromEntries(Object.entries(node.value).map(([k, v]) => [k, rewrite(v)])),
      };
    case 'Literal':
      return { ...node };
  }
}

function ownProblem(node: JexlNode, arity: TransformArity): AstProblem | undefined {
  if (node.type === 'ConditionalExpression' && !node.alternate) {
    return { problem: 'parse', reason: 'Unexpected end of expression after ?:' };
  }
  if (node.type !== 'FunctionCall') return undefined;
  if (node.pool === 'functions') {
    return {
      problem: 'invalid',
      reason: `${node.name}() is not a function: templates have none, transforms follow a | (${Object.keys(arity).join(', ')})`,
    };
  }
  const range = Object.hasOwn(arity, node.name) ? arity[node.name] : undefined;
  if (range === undefined) {
    return {
      problem: 'invalid',
      reason: `there is no transform ${node.name} (the transforms are ${Object.keys(arity).join(', ')})`,
    };
  }
  const given = node.args.length - 1;
  const [min, max] = range;
  if (given >= min && given <= max) return undefined;
  const wanted =
    min === max
      ? countArguments(min)
      : min === 0
        ? `at most ${countArguments(max)}`
        : `at least ${countArguments(min)}`;
  return { problem: 'invalid', reason: `${node.name} takes ${wanted}, not ${given}` };
}

function countArguments(count: number): string {
  return `${count} argument${count === 1 ? '' : 's'}`;
}

function children(node: JexlNode): JexlNode[] {
  switch (node.type) {
    case 'UnaryExpression':
      return [node.right];
    case 'BinaryExpression':
      return [node.left, node.right];
    case 'ConditionalExpression':
      return [node.test, node.consequent, node.alternate].filter((n): n is JexlNode => !!n);
    case 'FilterExpression':
      return [node.subject, node.expr];
    case 'ArrayLiteral':
      return node.value;
    case 'ObjectLiteral':
      return Object.values(node.value);
    case 'Identifier':
      return node.from === undefined ? [] : [node.from];
    case 'FunctionCall':
      return node.args;
    case 'Literal':
      return [];
  }
}

function call(pool: FunctionCall['pool'], name: string, args: JexlNode[]): FunctionCall {
  return { type: 'FunctionCall', pool, name, args };
}
