/** A custom layout's problem: what and where (`line 3`), for a 400 that says how to mend it. */
export class LayoutProblem extends Error {}

/** The problem at a node of the layout, led by its line. */
export function problem(node: hbs.AST.Node, what: string): LayoutProblem {
  const line = node.loc?.start.line;
  return new LayoutProblem(line === undefined ? what : `line ${line}: ${what}`);
}
