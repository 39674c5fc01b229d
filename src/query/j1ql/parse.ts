import type { Query } from './ast';
import { parse as generatedParse, SyntaxError as GeneratedSyntaxError } from './parser.generated';
import { QuerySyntaxError } from './query-errors';

/** The longest query text accepted: J1QL queries are short; a megabyte is not a question. */
export const MAX_QUERY_LENGTH = 20_000;

interface PeggyExpectation {
  type: 'literal' | 'class' | 'any' | 'end' | 'other';
  text?: string;
  description?: string;
}
interface PeggyError {
  message: string;
  expected: PeggyExpectation[] | null;
  location: { start: { line: number; column: number; offset: number } };
}

/**
 * Parses J1QL text into the syntax tree of ast.ts. Pure: no IO. Any text that is not a query is a
 * QuerySyntaxError naming the line, the column, the token found there and what was expected.
 */
export function parseQuery(text: string): Query {
  if (text.length > MAX_QUERY_LENGTH) {
    throw new QuerySyntaxError({
      line: 1,
      column: MAX_QUERY_LENGTH + 1,
      token: '',
      expected: [`a query of at most ${MAX_QUERY_LENGTH} characters`],
    });
  }
  try {
    return generatedParse(text, {}) as Query;
  } catch (err) {
    if (!(err instanceof GeneratedSyntaxError)) throw err;
    const e = err as unknown as PeggyError;
    const { line, column, offset } = e.location.start;
    const token = tokenAt(text, offset);
    if (e.expected === null) throwSyntax({ line, column, token, expected: [], reason: e.message });
    return throwSyntax({ line, column, token, expected: expected(e.expected) });
  }
}

function throwSyntax(input: ConstructorParameters<typeof QuerySyntaxError>[0]): never {
  throw new QuerySyntaxError(input);
}

function expected(items: PeggyExpectation[]): string[] {
  const names = new Set<string>();
  for (const item of items) {
    if (item.type === 'end') names.add('the end of the query');
    else if (item.type === 'literal') names.add(`'${item.text ?? ''}'`);
    else names.add(item.description ?? item.text ?? item.type);
  }
  names.delete('whitespace');
  return [...names].sort();
}

/** The word (or single symbol) at the offset, as the user would see it. */
function tokenAt(text: string, offset: number): string {
  const rest = text.slice(offset);
  const word = /^[A-Za-z0-9_@.]+|^[!~^$<>=]+|^\S/.exec(rest);
  return word === null ? '' : word[0];
}
