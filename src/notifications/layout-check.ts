import {
  BUILT_IN_HELPERS,
  compileLayout,
  type Format,
  HELPERS,
  handlebars,
} from './handlebars-env';
import { LayoutProblem, problem } from './layout-problem';
import { checkMarkup } from './markup-check';
import type { VariableSchema } from './views';

type Node = hbs.AST.Node;
type Path = hbs.AST.PathExpression;
type Fields = Record<string, VariableSchema>;

/** Largest layout part accepted (html or text), in UTF-8 bytes. */
export const MAX_LAYOUT_BYTES = 64 * 1024;

export { LayoutProblem };

/**
 * A custom layout is checked before it is saved (decision 0059): it parses and compiles; it calls
 * only the documented helpers (if, unless, each, with, plural, eq); it reads only the kind's
 * documented variables (each block's own where `{{#each}}` or `{{#with}}` moves the context);
 * it uses no partials, decorators or unescaped output (`{{{x}}}`, `{{&x}}`) in HTML; and its HTML
 * passes markup-check.ts (where values land, no active content). The addresses the layout writes
 * itself are returned for the address guard.
 */
export function checkLayout(source: string, format: Format, variables: Fields): string[] {
  if (Buffer.byteLength(source) > MAX_LAYOUT_BYTES) {
    throw new LayoutProblem(
      `is ${Buffer.byteLength(source)} bytes; at most ${MAX_LAYOUT_BYTES} are accepted`,
    );
  }
  let ast: hbs.AST.Program;
  try {
    ast = handlebars.parse(source);
  } catch (err) {
    throw new LayoutProblem(`does not parse: ${firstLine(err)}`);
  }
  new Checker(format).program(ast, [{ fields: variables }]);
  try {
    compileLayout(source, format);
  } catch (err) {
    throw new LayoutProblem(`does not compile: ${firstLine(err)}`);
  }
  return format === 'html' ? checkMarkup(ast) : [];
}

/** What a name stands for: an object's variables, a list (of items), or a plain value. */
type Scope = { fields: Fields } | { items: VariableSchema } | { value: true };

const HELPER_NAMES: ReadonlySet<string> = new Set([...BUILT_IN_HELPERS, ...Object.keys(HELPERS)]);
const DATA_VARIABLES: ReadonlySet<string> = new Set(['index', 'first', 'last', 'key', 'root']);

/** #each inside #each at most this deep (the digest's levels and their rules): bounded output. */
const MAX_EACH_DEPTH = 2;

class Checker {
  private eachDepth = 0;

  constructor(private readonly format: Format) {}

  program(program: hbs.AST.Program, scopes: Scope[]): void {
    for (const statement of program.body) this.statement(statement, scopes);
  }

  private statement(node: Node, scopes: Scope[]): void {
    switch (node.type) {
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement':
        this.mustache(node as hbs.AST.MustacheStatement, scopes);
        return;
      case 'BlockStatement':
        this.block(node as hbs.AST.BlockStatement, scopes);
        return;
      case 'PartialStatement':
      case 'PartialBlockStatement':
        throw problem(node, 'uses a partial ({{> ...}}); a custom layout is one whole document');
      default:
        throw problem(node, `uses ${node.type}, which layouts may not`);
    }
  }

  private mustache(node: hbs.AST.MustacheStatement, scopes: Scope[]): void {
    if (!node.escaped && this.format === 'html') {
      throw problem(
        node,
        'writes a value unescaped ({{{...}}} or {{&...}}); values are escaped in HTML layouts',
      );
    }
    const path = node.path;
    if (path.type !== 'PathExpression') throw problem(node, 'calls something that is not a helper');
    const helperCall = node.params.length > 0 || node.hash !== undefined;
    if (helperCall || HELPER_NAMES.has((path as Path).original)) {
      this.helper(path as Path, node, scopes);
      return;
    }
    this.variable(path as Path, scopes);
  }

  private block(node: hbs.AST.BlockStatement, scopes: Scope[]): void {
    const name = node.path.original;
    if (!(BUILT_IN_HELPERS as readonly string[]).includes(name)) {
      throw problem(node, `opens a block with '${name}'; blocks are #if, #unless, #each and #with`);
    }
    if (node.params.length !== 1 || node.hash !== undefined) {
      throw problem(node, `#${name} takes one value and no name=value arguments`);
    }
    if ((node.program?.blockParams?.length ?? 0) > 0) {
      throw problem(node, `#${name} names its item (as |x|); use the item's own variables`);
    }
    const [param] = node.params as Node[];
    const target = this.expression(param!, scopes);
    let inner = scopes;
    if (name === 'each') {
      if (++this.eachDepth > MAX_EACH_DEPTH) {
        throw problem(node, `nests #each more than ${MAX_EACH_DEPTH} deep`);
      }
      inner = [...scopes, itemsScope(target, node)];
    }
    if (name === 'with') inner = [...scopes, target ?? { value: true }];
    if (node.program !== undefined) this.program(node.program, inner);
    if (name === 'each') this.eachDepth--;
    // {{else}} of #each and #with runs in the outer context.
    if (node.inverse !== undefined) this.program(node.inverse, scopes);
  }

  /** A helper's name and arguments: the name must be a documented helper, the arguments known. */
  private helper(
    path: Path,
    node: hbs.AST.MustacheStatement | hbs.AST.SubExpression,
    scopes: Scope[],
  ): void {
    if (!HELPER_NAMES.has(path.original)) {
      throw problem(
        node,
        `uses the unknown helper '${path.original}'; the helpers are ${[...HELPER_NAMES].join(', ')}`,
      );
    }
    for (const param of node.params as Node[]) this.expression(param, scopes);
    for (const pair of node.hash?.pairs ?? []) this.expression(pair.value, scopes);
  }

  /** A value: a literal, a known variable (its schema), or a helper call in parentheses. */
  private expression(node: Node, scopes: Scope[]): Scope | undefined {
    if (node.type === 'PathExpression') return this.variable(node as Path, scopes);
    if (node.type === 'SubExpression') {
      const sub = node as hbs.AST.SubExpression;
      this.helper(sub.path, sub, scopes);
      return { value: true };
    }
    return { value: true }; // a string, number, boolean, null or undefined literal
  }

  /** Resolves a variable against the scopes; unknown names are refused. */
  private variable(path: Path, scopes: Scope[]): Scope | undefined {
    if (path.data) {
      const [head] = path.parts;
      if (
        head === undefined ||
        !DATA_VARIABLES.has(head) ||
        (head === 'root' && path.parts.length > 1)
      ) {
        throw problem(
          path,
          `reads '@${path.parts.join('.')}'; the data variables are @index, @first, @last and @key`,
        );
      }
      return { value: true };
    }
    const scope = scopes[scopes.length - 1 - path.depth];
    if (scope === undefined)
      throw problem(path, `reads '${path.original}' above the layout's variables`);
    let at: Scope = scope;
    for (const part of path.parts) {
      if (!('fields' in at) || !Object.hasOwn(at.fields, part)) {
        throw problem(path, `reads the unknown variable '${path.original}'`);
      }
      at = asScope(at.fields[part]!);
    }
    return at;
  }
}

function asScope(schema: VariableSchema): Scope {
  if (schema === 'value') return { value: true };
  return 'fields' in schema ? { fields: schema.fields } : { items: schema.items };
}

function itemsScope(target: Scope | undefined, node: Node): Scope {
  if (target === undefined || !('items' in target))
    throw problem(node, '#each takes a list variable');
  return asScope(target.items);
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
