import { parseQuery } from '../query/j1ql/parse';
import { QuerySyntaxError } from '../query/j1ql/query-errors';
import type { RuleAction, RuleDefinition } from './rule-types';
import { hasTemplate, scanTemplate, type TemplateSegment } from './templates/template-scan';

/** One J1QL query of a rule that does not parse, with its JSON pointer. */
export interface QueryIssue {
  pointer: string;
  message: string;
}

/**
 * Every J1QL text of a rule, parsed as the evaluator would run it (docs/guide/rules.md, "Queries"):
 * the question's queries as they are (their `{{` is plain text to J1QL, `${param.x}` is part of the
 * grammar), and each SERVICE_QUERY's query, top level and inside FOR_EACH_ITEM, after its templates
 * render. Those values are unknown at save, so each `{{...}}` stands for a value or a name: the
 * query passes when some choice of stand-ins parses, and a query that is one template and nothing
 * else is not checked. Nothing runs; no query reaches the database.
 */
export function checkRuleQueries(
  rule: RuleDefinition,
  questionPointer = '/question/queries',
): QueryIssue[] {
  const own = (rule.question?.queries ?? []).flatMap((q, i) =>
    issue(`${questionPointer}/${i}/query`, q.name, q.query, parsesAsIs),
  );
  return [
    ...own,
    ...rule.operations.flatMap((operation, i) =>
      actionQueries(operation.actions, `/operations/${i}/actions`),
    ),
  ];
}

function actionQueries(actions: readonly RuleAction[], pointer: string): QueryIssue[] {
  return actions.flatMap((action, i) => {
    if (action.type === 'FOR_EACH_ITEM') {
      return actionQueries(action.actions, `${pointer}/${i}/actions`);
    }
    if (action.type !== 'SERVICE_QUERY') return [];
    return issue(`${pointer}/${i}/query`, action.name, action.query, parsesRendered);
  });
}

/** Why a query text does not parse, or undefined when it does. */
type ParseCheck = (text: string) => QuerySyntaxError | undefined;

function issue(pointer: string, name: string, text: string, check: ParseCheck): QueryIssue[] {
  const error = check(text);
  if (error === undefined) return [];
  return [
    { pointer, message: `${pointer}: query '${name}' ${error.message.replace(/^Query /, '')}` },
  ];
}

const parsesAsIs: ParseCheck = (text) => syntaxError(text);

function syntaxError(text: string): QuerySyntaxError | undefined {
  try {
    parseQuery(text);
    return undefined;
  } catch (err) {
    if (err instanceof QuerySyntaxError) return err;
    throw err;
  }
}

/**
 * What a `{{...}}` may become in a query: a name or a value (`x` is both to J1QL: a type, a
 * property, an alias, a bare value), or a number (`LIMIT {{param.n}}`). Inside quotes either one
 * is text.
 */
const STAND_INS = ['x', '0'] as const;
/** Beyond this many templates in one query, only uniform stand-ins are tried (2^6 parses at most). */
const MAX_COMBINED = 6;

/** A SERVICE_QUERY's query: parsed after its templates are replaced by stand-ins. */
const parsesRendered: ParseCheck = (text) => {
  if (!hasTemplate(text)) return syntaxError(text);
  let segments: TemplateSegment[];
  try {
    segments = scanTemplate(text);
  } catch {
    return undefined; // an unclosed `{{` is a template error, which the template check reports
  }
  // One template and nothing else but spaces: the whole query comes from evaluation.
  const parts = segments.filter((s) => s.kind === 'expression' || s.text.trim() !== '');
  if (parts.length === 1 && parts[0]?.kind === 'expression') return undefined;

  const count = segments.filter((s) => s.kind === 'expression').length;
  let first: { error: QuerySyntaxError; rendered: string; spans: Span[] } | undefined;
  for (const choice of standInChoices(count)) {
    const { text: rendered, spans } = render(segments, choice);
    const error = syntaxError(rendered);
    if (error === undefined) return undefined;
    first ??= { error, rendered, spans };
  }
  return first === undefined ? undefined : inOriginal(first, text);
};

/**
 * The stand-in (an index of STAND_INS) for each template, choice by choice: every combination up
 * to MAX_COMBINED templates, else the same stand-in for all. All `x` comes first, and its error is
 * the one reported.
 */
function standInChoices(count: number): number[][] {
  if (count > MAX_COMBINED) return STAND_INS.map((_, i) => Array<number>(count).fill(i));
  const choices: number[][] = [];
  for (let n = 0; n < STAND_INS.length ** count; n++) {
    choices.push(
      Array.from(
        { length: count },
        (_, k) => Math.floor(n / STAND_INS.length ** k) % STAND_INS.length,
      ),
    );
  }
  return choices;
}

/** Where a stand-in sits in the rendered text, and the template it replaced in the original. */
interface Span {
  renderedStart: number;
  renderedEnd: number;
  originalStart: number;
  originalEnd: number;
}

function render(
  segments: readonly TemplateSegment[],
  choice: readonly number[],
): { text: string; spans: Span[] } {
  let text = '';
  let original = 0;
  const spans: Span[] = [];
  for (const segment of segments) {
    if (segment.kind === 'text') {
      text += segment.text;
      original += segment.text.length;
      continue;
    }
    const standIn = STAND_INS[choice[spans.length] ?? 0] ?? 'x';
    const length = segment.source.length + 4; // the braces: {{ and }}
    spans.push({
      renderedStart: text.length,
      renderedEnd: text.length + standIn.length,
      originalStart: original,
      originalEnd: original + length,
    });
    text += standIn;
    original += length;
  }
  return { text, spans };
}

/**
 * The syntax error of the rendered text, told at the line and column of the original: a position
 * inside a stand-in is its template's start, and the token found there is the template's text.
 */
function inOriginal(
  failed: { error: QuerySyntaxError; rendered: string; spans: Span[] },
  original: string,
): QuerySyntaxError {
  const { error, rendered, spans } = failed;
  const details = error.details as ConstructorParameters<typeof QuerySyntaxError>[0];
  const offset = offsetOf(rendered, details.line, details.column);
  let at = offset;
  let token = details.token;
  for (const span of spans) {
    if (offset < span.renderedStart) break;
    if (offset < span.renderedEnd) {
      at = span.originalStart;
      token = original.slice(span.originalStart, span.originalEnd);
      break;
    }
    at = offset + span.originalEnd - span.renderedEnd;
  }
  return new QuerySyntaxError({ ...details, ...positionOf(original, at), token });
}

/** The offset of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return offset + column - 1;
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}
