import {
  HighlightStyle,
  StreamLanguage,
  type StringStream,
  syntaxHighlighting,
} from '@codemirror/language';
import { tags } from '@lezer/highlight';

/** The J1QL words the editor highlights and completes (docs/guide/j1ql.md). */
export const J1QL_KEYWORDS = [
  'FIND',
  'THAT',
  'WITH',
  'AND',
  'OR',
  'NOT',
  'AS',
  'WHERE',
  'RETURN',
  'TREE',
  'LIMIT',
  'SKIP',
  'ORDER BY',
  'ASC',
  'DESC',
  'TO',
  'FROM',
  'RELATES TO',
  'DISTINCT',
  'COUNT',
  'SUM',
  'AVG',
  'MIN',
  'MAX',
  'ANY',
  'NULL',
  'UNDEFINED',
  'TRUE',
  'FALSE',
];

const WORDS = new Set(J1QL_KEYWORDS.flatMap((k) => k.split(' ')));

/**
 * A stream tokenizer is enough for J1QL: the language has no nesting the highlighter needs to
 * know about, and the API's parser gives the real syntax errors.
 */
export const j1ql = StreamLanguage.define<null>({
  name: 'j1ql',
  startState: () => null,
  token(stream: StringStream) {
    if (stream.eatSpace()) return null;
    const quote = stream.peek();
    if (quote === '"' || quote === "'") {
      stream.next();
      let escaped = false;
      for (let ch = stream.next(); ch !== undefined; ch = stream.next()) {
        if (ch === quote && !escaped) break;
        escaped = !escaped && ch === '\\';
      }
      return 'string';
    }
    if (stream.match(/^-?\d+(\.\d+)?/)) return 'number';
    if (stream.match(/^[<>!=~^$]+|^[<>]?-+[<>]?/)) return 'operator';
    const word = stream.match(/^[A-Za-z_][\w.]*/);
    if (word !== null && word !== false) {
      const text = (word as RegExpMatchArray)[0];
      if (WORDS.has(text.toUpperCase())) return 'keyword';
      // Classes are capitalised by convention (Host, User), types are snake_case.
      return /^[A-Z]/.test(text) ? 'typeName' : 'variableName';
    }
    stream.next();
    return null;
  },
});

/**
 * Colours for J1QL that keep 4.5:1 contrast on the editor's active-line background (CodeMirror's
 * default green for type names does not).
 */
export const j1qlHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: tags.keyword, color: '#6b1f8f', fontWeight: '600' },
    { tag: tags.typeName, color: '#0f5c2e' },
    { tag: tags.string, color: '#9c1a1a' },
    { tag: tags.number, color: '#1d4f8a' },
    { tag: tags.operator, color: '#4a5360' },
    { tag: tags.variableName, color: '#1b1f24' },
  ]),
);
