import { LayoutProblem, problem } from './layout-problem';

type Node = hbs.AST.Node;
type Path = hbs.AST.PathExpression;

/**
 * The HTML side of a custom layout's check (decision 0059; layout-check.ts does the Handlebars
 * side). The layout is read as the browser would read its output, with every value written by
 * `{{...}}` standing for text the account does not control (an entity's name, say):
 *
 * - A value may be written only in text or inside a quoted attribute value: not inside a tag name,
 *   between attributes, unquoted, or in a `<style>` element.
 * - In an attribute holding an address (`href`, `src`, ...), only the documented link variables
 *   (those the service builds: `alertLink`, `rule.link`, ...); in `style`, only the colour
 *   variables (`level.colour`, `level.textColour`).
 * - The layout's own text, read with comments and values taken out (so `<scr{{!x}}ipt>` is
 *   `<script>`), carries no scripts, frames, forms, SVG or MathML, event handlers, script URLs,
 *   redirects or `@import`; every address it writes itself is an http(s) URL (returned, for the
 *   address guard), a `mailto:` or a `#fragment`.
 */
export function checkMarkup(ast: hbs.AST.Program): string[] {
  const html = new HtmlContext();
  let text = '';
  for (const item of sequence(ast)) {
    if (item.type === 'ContentStatement') {
      const value = (item as hbs.AST.ContentStatement).value;
      html.feed(value);
      text += value;
    } else {
      placeValue(item as hbs.AST.MustacheStatement, html.where());
      text += VALUE;
    }
  }
  return checkText(text);
}

/** Where a written value lands; what the text so far says. */
type Where =
  { in: 'text' } | { in: 'tag' } | { in: 'style-element' } | { in: 'value'; attribute: string };

/** Attributes whose value is an address (or a list of them). */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'background',
  'poster',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'ping',
  'data',
  'xlink:href',
  'codebase',
  'manifest',
]);

function placeValue(node: hbs.AST.MustacheStatement, where: Where): void {
  const path = node.path as Path;
  const name = path.parts.at(-1) ?? '';
  if (where.in === 'tag') {
    throw problem(
      node,
      `writes '${path.original}' inside a tag; values go in text or in a quoted attribute value`,
    );
  }
  if (where.in === 'style-element') {
    throw problem(node, `writes '${path.original}' inside a <style> element`);
  }
  if (where.in !== 'value') return;
  if (URL_ATTRIBUTES.has(where.attribute) && !/link$/i.test(name)) {
    throw problem(
      node,
      `fills a link with '${path.original}'; links take one of the documented *link variables`,
    );
  }
  if (where.attribute === 'style' && !/colour$/i.test(name)) {
    throw problem(
      node,
      `writes '${path.original}' into a style; styles take only the colour variables (level.colour, level.textColour)`,
    );
  }
}

/** What a value stands for in the joined text: nothing an address or a tag name can contain. */
const VALUE = '\uE000';

/** Markup a message must not carry (read in the layout's own text, values taken out). */
const FORBIDDEN_MARKUP: ReadonlyArray<[RegExp, string]> = [
  [/<\s*(script|iframe|frame|object|embed|applet|form|base|link|svg|math)\b/i, 'the <$1> element'],
  [/(?:^|[\s"'/\uE000])on[a-z]+\s*=/i, 'an event handler attribute (on...=)'],
  [/<meta[^>]*http-equiv/i, 'a <meta http-equiv> (refresh or redirect)'],
  [/\bsrcset\s*=/i, 'a srcset attribute (one address per image, please)'],
  [
    /@import\b|expression\s*\(|behavior\s*:|image-set\s*\(/i,
    'a CSS @import, expression(), behavior or image-set()',
  ],
];

/**
 * A script URL however it is written: character references decoded, and the spaces and control
 * characters a URL parser drops taken out (`java&#x9;script:`, `java\tscript:`).
 */
const SCRIPT_URL = /(?:javascript|vbscript|livescript|data):/i;

/** Where the layout's own text points: attributes holding addresses, and CSS url(). */
const ADDRESS = new RegExp(
  `\\b(?:${[...URL_ATTRIBUTES].join('|').replace(':', '\\:')})\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))` +
    `|url\\(\\s*(?:"([^"]*)"|'([^']*)'|([^)"']*))`,
  'gi',
);

function checkText(raw: string): string[] {
  for (const [pattern, what] of FORBIDDEN_MARKUP) {
    const found = pattern.exec(raw);
    if (found !== null) {
      throw new LayoutProblem(
        `${lineOf(raw, found.index)}contains ${what.replace('$1', (found[1] ?? '').toLowerCase())}; ${ACTIVE}`,
      );
    }
  }
  const text = decodeReferences(raw);
  // eslint-disable-next-line no-control-regex -- the characters a URL parser drops
  if (SCRIPT_URL.test(text.replace(/[\s\u0000-\u001f]/g, ''))) {
    throw new LayoutProblem(`contains a javascript:, vbscript: or data: URL; ${ACTIVE}`);
  }
  return [...text.matchAll(ADDRESS)].flatMap((match) => {
    const address = (match.slice(1).find((g) => g !== undefined) ?? '').trim();
    if (address === '' || address.startsWith(VALUE)) return [];
    if (/^(?:#|mailto:)/i.test(address)) return [];
    if (!/^https?:\/\/[^/\uE000\s]+$|^https?:\/\/[^/\uE000\s]+\/\S*$/i.test(address)) {
      throw new LayoutProblem(
        `${lineOf(text, match.index)}points to '${address.replaceAll(VALUE, '{{...}}')}'; addresses in a layout are http(s) URLs, mailto: or #fragments`,
      );
    }
    return [address.replaceAll(VALUE, '')];
  });
}

const ACTIVE = 'messages carry no scripts or active content';

/** Character references as a browser reads them in text and attribute values. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The named references that can spell a scheme or break a URL (the rest stay as written). */
const NAMED: Readonly<Record<string, string>> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  period: '.',
  lpar: '(',
  rpar: ')',
  quot: '"',
  apos: "'",
  amp: '&',
  commat: '@',
};

/** `line N: ` of a match in the joined text, counted by its newlines (values hold none). */
function lineOf(text: string, index: number): string {
  return `line ${text.slice(0, index).split('\n').length}: `;
}

/**
 * The layout's output items in order: its text and the values it writes, the blocks' bodies read
 * in place (`{{else}}` after the first branch). Comments and block tags write nothing.
 */
function sequence(program: hbs.AST.Program): Node[] {
  return program.body.flatMap((node): Node[] => {
    if (node.type === 'ContentStatement' || node.type === 'MustacheStatement') return [node];
    if (node.type !== 'BlockStatement') return [];
    const block = node as hbs.AST.BlockStatement;
    return [
      ...(block.program ? sequence(block.program) : []),
      ...(block.inverse ? sequence(block.inverse) : []),
    ];
  });
}

/** A small reader of HTML as a browser tokenizes it: enough to tell where a value lands. */
class HtmlContext {
  private state: 'text' | 'open' | 'tag' | 'value' = 'text';
  private element = '';
  private reading: 'element' | 'name' | 'none' = 'none';
  private name = '';
  private attribute = '';
  private valueNext = false;
  private unquoted = false;
  private quote = '';
  /** Inside a `<style>` element: the text read since it opened. */
  private styleText: string | undefined;

  feed(text: string): void {
    for (const c of text) this.step(c);
  }

  where(): Where {
    if (this.styleText !== undefined) return { in: 'style-element' };
    if (this.state === 'value') return { in: 'value', attribute: this.attribute };
    return this.state === 'text' ? { in: 'text' } : { in: 'tag' };
  }

  private step(c: string): void {
    if (this.styleText !== undefined) {
      this.styleText += c;
      if (/<\/style$/i.test(this.styleText)) {
        this.styleText = undefined;
        this.enterTag('');
      }
      return;
    }
    if (this.state === 'text') {
      if (c === '<') this.state = 'open';
    } else if (this.state === 'open') {
      if (/[a-z]/i.test(c)) this.enterTag(c.toLowerCase());
      else this.state = /[/!?]/.test(c) ? 'tag' : 'text';
      if (this.state === 'tag' && !/[a-z]/i.test(c)) this.enterTag('');
    } else if (this.state === 'value') {
      if (c === this.quote) this.endValue();
    } else {
      this.stepInTag(c);
    }
  }

  private enterTag(first: string): void {
    this.state = 'tag';
    this.element = first;
    this.reading = first === '' ? 'none' : 'element';
    this.valueNext = this.unquoted = false;
  }

  private endValue(): void {
    this.state = 'tag';
    this.valueNext = false;
    this.reading = 'none';
  }

  private stepInTag(c: string): void {
    if (c === '>') {
      this.state = 'text';
      if (this.element === 'style') this.styleText = '';
    } else if ((c === '"' || c === "'") && this.valueNext) {
      this.state = 'value';
      this.quote = c;
      this.attribute = this.name.toLowerCase();
    } else if (c === '=') {
      this.valueNext = true;
      this.reading = 'none';
    } else if (/[\s/]/.test(c)) {
      this.reading = 'none';
      if (this.unquoted) this.valueNext = this.unquoted = false;
    } else if (this.reading === 'element') {
      this.element += c.toLowerCase();
    } else if (this.reading === 'name') {
      this.name += c;
    } else if (this.valueNext) {
      // An unquoted value: a written value may not join it (where() says 'tag').
      this.unquoted = true;
    } else {
      this.reading = 'name';
      this.name = c;
    }
  }
}
