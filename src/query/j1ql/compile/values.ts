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
    const ms = Date.parse(date.iso);
    if (Number.isNaN(ms)) {
      throw new InvalidQueryError(`date(${date.iso}) is not an ISO-8601 date`, date.at);
    }
    return ms;
  }
  if (date.offset === undefined) return now;
  return shift(now, date.offset.amount, date.offset.unit);
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
 * J1QL regular expressions as Java patterns (Neo4j's `=~` matches the whole string). The
 * language's subset has character classes and `\d \w \D \W`, no groups, alternation or anchors
 * (j1ql.md section 1): anchoring comes from the operator. Refusing the rest also keeps
 * catastrophic backtracking out of the database.
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
  checkRegexSubset(source, at);
  const prefix = `(?s)${flags.includes('i') ? '(?iu)' : ''}`;
  const body = `(?:${source})`;
  if (anchor === 'start') return `${prefix}${body}.*`;
  if (anchor === 'end') return `${prefix}.*${body}`;
  return `${prefix}.*${body}.*`;
}

function checkRegexSubset(source: string, at: Position): void {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || (/[A-Za-z0-9]/.test(next) && !/[dwDWtnr]/.test(next))) {
        throw new InvalidQueryError(
          `Regular expression escape '\\${next ?? ''}' is not supported`,
          at,
        );
      }
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
    } else if (c !== undefined && '()|^$'.includes(c)) {
      throw new InvalidQueryError(
        `Regular expression /${source}/ uses '${c}', which J1QL does not support ` +
          '(anchor with ^= or $= instead)',
        at,
      );
    }
  }
  if (inClass) throw new InvalidQueryError(`Regular expression /${source}/ has an unclosed [`, at);
  try {
    new RegExp(source);
  } catch (err) {
    throw new InvalidQueryError(
      `Regular expression /${source}/ is invalid: ${(err as Error).message}`,
      at,
    );
  }
}
