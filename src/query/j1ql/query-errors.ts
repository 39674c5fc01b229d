import { AppError } from '../../errors/app-error';
import type { Position } from './ast';

/** A query that does not parse: where it stopped, the token found there and what could follow. */
export class QuerySyntaxError extends AppError {
  constructor(input: {
    line: number;
    column: number;
    token: string;
    expected: string[];
    /** Set when the grammar itself refused what it read (e.g. a clause given twice). */
    reason?: string;
  }) {
    const found = input.token === '' ? 'the end of the query' : `'${input.token}'`;
    const what = input.reason ?? `found ${found}, expected ${describeExpected(input.expected)}`;
    super(
      'J1QL_SYNTAX_ERROR',
      `Query does not parse at line ${input.line}, column ${input.column}: ${what}`,
      { details: { ...input } },
    );
  }
}

/** A query that parses but cannot run: an unknown alias, an aggregate in the wrong place... */
export class InvalidQueryError extends AppError {
  constructor(message: string, at?: Position) {
    super(
      'J1QL_INVALID_QUERY',
      at === undefined ? message : `${message} (line ${at.line}, column ${at.column})`,
      at === undefined ? {} : { details: { line: at.line, column: at.column } },
    );
  }
}

function describeExpected(expected: string[]): string {
  if (expected.length === 0) return 'nothing more';
  if (expected.length === 1) return expected[0] ?? '';
  return `one of ${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1] ?? ''}`;
}
