import {
  BUILT_IN_HELPERS,
  compileLayout,
  type Format,
  HELPERS,
  handlebars,
} from './handlebars-env';
import type { VariableSchema } from './views';

type Node = hbs.AST.Node;
type Path = hbs.AST.PathExpression;
type Fields = Record<string, VariableSchema>;

/** Largest layout part accepted (html or text), in UTF-8 bytes. */
export const MAX_LAYOUT_BYTES = 64 * 1024;

/** A layout's problem: what and where (`line 3`), for a 400 that says how to mend it. */
export class LayoutProblem extends Error {}

/**
 * A custom layout is checked before it is saved (decision 0059): it parses and compiles; it calls
 * only the documented helpers (if, unless, each, with, plural, eq); it reads only the kind's
 * documented variables (each block's own where `{{#each}}` or `{{#with}}` moves the context);
 * it uses no partials, decorators or unescaped output (`{{{x}}}`, `{{&x}}`) in HTML; and an
 * `href` or `src` filled from a variable names one of the links the service builds. The links
 * and images written into the layout itself are returned for the address guard.
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

/** Markup a message must not carry: scripts, frames, forms, event handlers, script URLs. */
const FORBIDDEN_MARKUP: ReadonlyArray<[RegExp, string]> = [
  [/<\s*(script|iframe|object|embed|form|base|link)\b/i, 'the <$1> element'],
  [/(?:^|[\s"'])on[a-z]+\s*=\s*["']/i, 'an event handler attribute (on...=)'],
  [/\b(?:javascript|vbscript|data)\s*:/i, 'a javascript:, vbscript: or data: URL'],
  [/<meta[^>]*http-equiv/i, 'a <meta http-equiv> (refresh or redirect)'],
];

/** Where the layout's own text points (href, src, background, url()). */
const ADDRESS = /(?:\b(?:href|src|background)\s*=\s*["']?|url\(\s*["']?)([^"'\s>)]+)/gi;

/**
 * The layout's own text (not what variables fill in): no forbidden markup, and every address it
 * writes is an http(s) URL (returned, for the address guard), a mailto: or a #fragment.
 */
function checkMarkup(ast: hbs.AST.Program): string[] {
  const urls: string[] = [];
  for (const node of contents(ast)) {
    for (const [pattern, what] of FORBIDDEN_MARKUP) {
      const found = pattern.exec(node.value);
      if (found !== null)
        throw problem(
          node,
          `contains ${what.replace('$1', (found[1] ?? '').toLowerCase())}; messages carry no scripts or active content`,
        );
    }
    for (const [, address] of node.value.matchAll(ADDRESS)) {
      if (address === undefined || address === '' || /^(?:#|mailto:)/i.test(address)) continue;
      if (!/^https?:\/\//i.test(address)) {
        throw problem(
          node,
          `points to '${address}'; addresses in a layout are http(s) URLs, mailto: or #fragments`,
        );
      }
      urls.push(address);
    }
  }
  return urls;
}

/** The literal text of a layout, in every block. */
function contents(program: hbs.AST.Program): hbs.AST.ContentStatement[] {
  return program.body.flatMap((node): hbs.AST.ContentStatement[] => {
    if (node.type === 'ContentStatement') return [node as hbs.AST.ContentStatement];
    if (node.type !== 'BlockStatement') return [];
    const block = node as hbs.AST.BlockStatement;
    return [
      ...(block.program ? contents(block.program) : []),
      ...(block.inverse ? contents(block.inverse) : []),
    ];
  });
}

/** What a name stands for: an object's variables, a list (of items), or a plain value. */
type Scope = { fields: Fields } | { items: VariableSchema } | { value: true };

const HELPER_NAMES: ReadonlySet<string> = new Set([...BUILT_IN_HELPERS, ...Object.keys(HELPERS)]);
const DATA_VARIABLES: ReadonlySet<string> = new Set(['index', 'first', 'last', 'key', 'root']);

class Checker {
  /** The content just before the mustache being checked (to see an attribute it fills). */
  private before = '';

  constructor(private readonly format: Format) {}

  program(program: hbs.AST.Program, scopes: Scope[]): void {
    for (const statement of program.body) this.statement(statement, scopes);
  }

  private statement(node: Node, scopes: Scope[]): void {
    switch (node.type) {
      case 'ContentStatement':
        this.before = (node as hbs.AST.ContentStatement).value;
        return;
      case 'CommentStatement':
        return;
      case 'MustacheStatement':
        this.mustache(node as hbs.AST.MustacheStatement, scopes);
        this.before = '';
        return;
      case 'BlockStatement':
        this.block(node as hbs.AST.BlockStatement, scopes);
        this.before = '';
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
    if (this.format === 'html' && /\b(?:href|src)\s*=\s*["']?$/i.test(this.before)) {
      const name = (path as Path).parts.at(-1) ?? '';
      if (!/link$/i.test(name)) {
        throw problem(
          node,
          `fills a link with '${(path as Path).original}'; links take one of the documented *link variables`,
        );
      }
    }
  }

  private block(node: hbs.AST.BlockStatement, scopes: Scope[]): void {
    const name = node.path.original;
    if (!(BUILT_IN_HELPERS as readonly string[]).includes(name)) {
      throw problem(node, `opens a block with '${name}'; blocks are #if, #unless, #each and #with`);
    }
    if (node.params.length !== 1) throw problem(node, `#${name} takes one value`);
    const [param] = node.params as Node[];
    const target = this.expression(param!, scopes);
    let inner = scopes;
    if (name === 'each') inner = [...scopes, itemsScope(target, node)];
    if (name === 'with') inner = [...scopes, target ?? { value: true }];
    if (node.program !== undefined) this.program(node.program, inner);
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

function problem(node: Node, what: string): LayoutProblem {
  const line = node.loc?.start.line;
  return new LayoutProblem(line === undefined ? what : `line ${line}: ${what}`);
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
