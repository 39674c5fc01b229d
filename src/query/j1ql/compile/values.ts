import type { DateValue, Literal, ParamRef, Position, Scalar, TimeUnit } from '../ast';
import { InvalidQueryError } from '../query-errors';

/** A value a comparison can use: JS scalars, or `undefined` for an absent property. */
export type Value = string | number | boolean | undefined;

/** Account parameter values (`${param.X}`): scalars or lists of scalars. */
export type ParameterValue = string | number | boolean | Array<string | number | boolean>;

export interface ValueContext {
  /** Epoch ms that `date.now` stands for: one instant for the whole query. */
  now: number;
  parameters: Readonly<Record<string, ParameterValue>>;
}

/** A scalar of the query as values: one, or several for a list-valued account parameter. */
export function scalarValues(scalar: Scalar, ctx: ValueContext): Value[] {
  switch (scalar.kind) {
    case 'now':
    case 'date':
      return [dateValue(scalar, ctx.now)];
    case 'param':
      return paramValues(scalar, ctx);
    default:
      return [literalValue(scalar)];
  }
}

export function literalValue(literal: Literal): Value {
  return literal.kind === 'undefined' ? undefined : literal.value;
}

function paramValues(ref: ParamRef, ctx: ValueContext): Value[] {
  if (!Object.hasOwn(ctx.parameters, ref.name)) {
    throw new InvalidQueryError(`Unknown account parameter '${ref.name}'`, ref.at);
  }
  const value = ctx.parameters[ref.name];
  if (Array.isArray(value)) {
    if (value.length === 0) {
      throw new InvalidQueryError(`Account parameter '${ref.name}' is an empty list`, ref.at);
    }
    return value;
  }
  return [value];
}

/** Epoch milliseconds: the instant `date.now ± N unit` or `date(ISO-8601)` names. */
export function dateValue(date: DateValue, now: number): number {
  if (date.kind === 'date') {
    const ms = isoMillis(date.iso);
    if (ms === undefined) {
      throw new InvalidQueryError(`date(${date.iso}) is not an ISO-8601 date`, date.at);
    }
    return ms;
  }
  if (date.offset === undefined) return now;
  return shift(now, date.offset.amount, date.offset.unit);
}

/** ISO-8601 from a bare year to fractions of a second with a zone. */
const ISO_8601 =
  /^\d{4}(-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/i;

/** Epoch ms of an ISO-8601 text; a time without a zone is UTC, whatever the server's zone. */
function isoMillis(text: string): number | undefined {
  const match = ISO_8601.exec(text);
  if (match === null) return undefined;
  let normalised = text.replace(' ', 'T');
  if (match[3] !== undefined && match[6] === undefined) normalised += 'Z';
  normalised = normalised.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? undefined : ms;
}

const FIXED_MS: Partial<Record<TimeUnit, number>> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

/** Months and years move the calendar (UTC), as people mean them; shorter units are fixed. */
function shift(now: number, amount: number, unit: TimeUnit): number {
  const fixed = FIXED_MS[unit];
  if (fixed !== undefined) return Math.round(now + amount * fixed);
  const date = new Date(now);
  const months = unit === 'month' ? amount : amount * 12;
  const whole = Math.trunc(months);
  date.setUTCMonth(date.getUTCMonth() + whole);
  // A fractional month (date.now - 1.5 months) adds its remainder as 30-day months.
  return Math.round(date.getTime() + (months - whole) * 30 * 86_400_000);
}

/**
 * J1QL regular expressions (JavaScript syntax) as Java patterns for Neo4j's `=~`, which matches the
 * whole string, so the operator's anchoring becomes `.*` around the body. The language's subset has
 * character classes and `\d \w \D \W`, no groups, alternation or anchors (docs/guide/j1ql.md,
 * "Regular expressions"). Where Java reads the same text differently, the body is rewritten: `[`
 * and `&` inside a class are characters (not a nested class or an intersection), a `{` that starts
 * no `{n,m}` is a character. Java's matcher cannot be stopped mid-match, so a pattern may repeat at
 * most one part without a small bound: more can backtrack for hours on a long value.
 */
export function regexPattern(
  source: string,
  flags: string,
  anchor: 'none' | 'start' | 'end',
  at: Position,
): string {
  for (const flag of flags) {
    if (flag !== 'i' && flag !== 'g') {
      throw new InvalidQueryError(`Regular expression flag '${flag}' is not supported (use i)`, at);
    }
  }
  const body = `(?:${javaBody(source, at)})`;
  const any = '(?s:.*)';
  const prefix = flags.includes('i') ? '(?iu)' : '';
  if (anchor === 'start') return `${prefix}${body}${any}`;
  if (anchor === 'end') return `${prefix}${any}${body}`;
  return `${prefix}${any}${body}${any}`;
}

/** A repetition with an upper bound above this counts as unbounded. */
const SMALL_BOUND = 10;

function javaBody(source: string, at: Position): string {
  const { out, inClass, unbounded } = translateRegex(source, at);
  if (inClass) throw new InvalidQueryError(`Regular expression /${source}/ has an unclosed [`, at);
  if (unbounded > 1) {
    throw new InvalidQueryError(
      `Regular expression /${source}/ repeats more than one part without a small bound ` +
        `(*, +, {n,}): J1QL allows one, which keeps matching fast`,
      at,
    );
  }
  try {
    new RegExp(source);
  } catch (err) {
    throw new InvalidQueryError(
      `Regular expression /${source}/ is invalid: ${(err as Error).message}`,
      at,
    );
  }
  return out;
}

/**
 * The JavaScript regex `source` in Java's syntax, character by character: escapes checked, `[`
 * and `&` escaped inside a class, a `{` that is no bound escaped; with whether a class is left
 * open and how many parts repeat without a small bound.
 */
function translateRegex(
  source: string,
  at: Position,
): { out: string; inClass: boolean; unbounded: number } {
  let out = '';
  let inClass = false;
  let unbounded = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      out += javaEscape(source[i + 1], at);
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c === '[' || c === '&' ? `\\${c}` : c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if ('()|^$'.includes(c)) {
      throw new InvalidQueryError(
        `Regular expression /${source}/ uses '${c}', which J1QL does not support ` +
          '(anchor with ^= or $= instead)',
        at,
      );
    } else if (c === '{') {
      const bound = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (bound === null) {
        out += '\\{';
      } else {
        const upper =
          bound[2] === undefined ? Number(bound[1]) : bound[3] === '' ? Infinity : Number(bound[3]);
        if (upper > SMALL_BOUND) unbounded++;
        out += bound[0];
        i += bound[0].length - 1;
      }
    } else {
      if (c === '*' || c === '+') unbounded++;
      out += c;
    }
  }
  return { out, inClass, unbounded };
}

/** `\x` in Java's syntax: only the escapes both dialects read alike (`\d \w \D \W \t \n \r`, punctuation). */
function javaEscape(next: string | undefined, at: Position): string {
  if (next === undefined || (/[A-Za-z0-9]/.test(next) && !/[dwDWtnr]/.test(next))) {
    throw new InvalidQueryError(`Regular expression escape '\\${next ?? ''}' is not supported`, at);
  }
  return `\\${next}`;
}
