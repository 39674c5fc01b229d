import { TemplateError } from './template-errors';

/** A piece of template text: literal text, or the Jexl expression of one `{{ ... }}`. */
export type TemplateSegment =
  { kind: 'text'; text: string } | { kind: 'expression'; source: string; position: number };

/** Whether a string holds a template at all (a `{{`); other strings are used as they are. */
export function hasTemplate(text: string): boolean {
  return text.includes('{{');
}

/**
 * Splits template text into literal text and `{{ expression }}` segments. An expression ends at
 * the first `}}` outside a quoted string and outside `{ }` braces, so object literals
 * (`{{ {a: {b: 1}} }}`) and strings holding `}}` stay whole. There is no escape for a literal
 * `{{`: one that is never closed is a TemplateError (`unclosed`). A `}}` in literal text is text.
 */
export function scanTemplate(text: string, pointer?: string): TemplateSegment[] {
  const segments: TemplateSegment[] = [];
  let textStart = 0;
  for (let open = text.indexOf('{{'); open >= 0; open = text.indexOf('{{', textStart)) {
    const close = findClose(text, open + 2);
    if (close < 0) {
      throw new TemplateError({
        problem: 'unclosed',
        template: text,
        expression: '',
        position: open,
        ...(pointer === undefined ? {} : { pointer }),
        reason: 'no closing }}',
      });
    }
    if (open > textStart) segments.push({ kind: 'text', text: text.slice(textStart, open) });
    segments.push({ kind: 'expression', source: text.slice(open + 2, close), position: open });
    textStart = close + 2;
  }
  if (textStart < text.length) segments.push({ kind: 'text', text: text.slice(textStart) });
  return segments;
}

/**
 * The rule "exactly one expression and nothing else" (docs/guide/rules.md, "Templates"): such a
 * template yields the expression's value with its type. Whitespace outside the braces is text, so
 * `" {{x}}"` is a string; whitespace inside (`{{ x }}`) is part of the expression.
 */
export function singleExpression(
  segments: readonly TemplateSegment[],
): Extract<TemplateSegment, { kind: 'expression' }> | undefined {
  const [only, ...rest] = segments;
  return only?.kind === 'expression' && rest.length === 0 ? only : undefined;
}

/** Index of the `}` that starts the closing `}}`, or -1. */
function findClose(text: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      if (depth > 0) depth--;
      else if (text[i + 1] === '}') return i;
    }
  }
  return -1;
}
