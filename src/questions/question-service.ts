import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import { decodeKeysetCursor, encodeKeysetCursor, pageLimit } from '../paging/keyset-page';
import type { QuestionApi, QuestionPage, QuestionRef, StoredQuestion } from './question-api';
import type { QuestionDefinition } from './question-normalize';
import { validateQuestion } from './question-schema';

export const DEFAULT_QUESTION_PAGE_SIZE = 100;
export const MAX_QUESTION_PAGE_SIZE = 1000;
/** Rules named in a QUESTION_IN_USE message; the rest are counted. */
const RULES_NAMED = 5;

interface QuestionRow {
  question: {
    id: string;
    version: number;
    definition: string;
    createdOn: number;
    updatedOn: number;
  } | null;
}

interface DeleteRow extends QuestionRow {
  rulesUsing: number;
  ruleNames: string[];
}

/**
 * The question library as `:_Question` nodes (one per question: its normalised definition as JSON
 * text, its title and tags for lookups, its version). Titles need not be unique. A question that
 * a rule of the account refers to by `questionId` cannot be deleted (409 QUESTION_IN_USE).
 * Another account's question is the same 404 as an unknown one.
 */
export class QuestionService implements QuestionApi {
  private readonly graph: Graph;
  private readonly now: () => number;

  constructor(deps: { graph: Graph; now?: () => number }) {
    this.graph = deps.graph;
    this.now = deps.now ?? Date.now;
  }

  async create(input: { accountId: string; body: unknown }): Promise<StoredQuestion> {
    const definition = validateQuestion(input.body);
    const id = randomUUID();
    const [row] = await this.graph.write<QuestionRow>('questions/create-question', {
      accountId: input.accountId,
      id,
      ...columns(definition),
      now: this.now(),
    });
    return stored(row, id);
  }

  async get(ref: QuestionRef): Promise<StoredQuestion> {
    const [row] = await this.graph.read<QuestionRow>('questions/get-question', params(ref));
    return stored(row, ref.questionId);
  }

  async list(input: Parameters<QuestionApi['list']>[0]): Promise<QuestionPage> {
    const limit = pageLimit(input.limit, {
      default: DEFAULT_QUESTION_PAGE_SIZE,
      max: MAX_QUESTION_PAGE_SIZE,
    });
    const rows = await this.graph.read<QuestionRow & { question: { title: string } }>(
      'questions/list-questions',
      {
        accountId: input.accountId,
        // Titles repeat: questions are listed by [title, id].
        after: input.cursor === undefined ? null : decodeAfter(input.cursor),
        titleContains: input.title ?? null,
        tag: input.tag ?? null,
        limit,
      },
    );
    const questions = rows.slice(0, limit).map((row) => stored(row, ''));
    const last = rows.length > limit ? rows[limit - 1]?.question : undefined;
    return last === undefined
      ? { questions }
      : { questions, cursor: encodeKeysetCursor(JSON.stringify([last.title, last.id])) };
  }

  async update(input: QuestionRef & { body: unknown }): Promise<StoredQuestion> {
    const definition = validateQuestion(input.body);
    const [row] = await this.graph.write<QuestionRow>('questions/update-question', {
      ...params(input),
      ...columns(definition),
      now: this.now(),
    });
    return stored(row, input.questionId);
  }

  async delete(ref: QuestionRef): Promise<StoredQuestion> {
    const [row] = await this.graph.write<DeleteRow>('questions/delete-question', params(ref));
    if (row !== undefined && row.rulesUsing > 0) {
      throw questionInUse(ref.questionId, row.ruleNames, row.rulesUsing);
    }
    return stored(row, ref.questionId);
  }
}

function params(ref: QuestionRef): { accountId: string; id: string } {
  return { accountId: ref.accountId, id: ref.questionId };
}

/** What the statements store beside the definition, for lookups. */
function columns(definition: QuestionDefinition): Record<string, unknown> {
  return { title: definition.title, tags: definition.tags, definition: JSON.stringify(definition) };
}

/** A cursor is the `[title, id]` of the previous page's last question, as JSON. */
function decodeAfter(cursor: string): [string, string] {
  return JSON.parse(decodeKeysetCursor(cursor, isTitleAndId)) as [string, string];
}

function isTitleAndId(key: string): boolean {
  try {
    const value: unknown = JSON.parse(key);
    return (
      Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')
    );
  } catch {
    return false;
  }
}

function stored(row: QuestionRow | undefined, questionId: string): StoredQuestion {
  if (row?.question === undefined || row.question === null) throw questionNotFound(questionId);
  const { id, version, createdOn, updatedOn, definition } = row.question;
  return { ...(JSON.parse(definition) as QuestionDefinition), id, version, createdOn, updatedOn };
}

export function questionNotFound(questionId: string): NotFoundError {
  return new NotFoundError(
    `No question with id '${questionId}' in this account`,
    'QUESTION_NOT_FOUND',
  );
}

function questionInUse(questionId: string, names: string[], count: number): ConflictError {
  const listed = names
    .slice(0, RULES_NAMED)
    .map((name) => `'${name}'`)
    .join(', ');
  const more = count > names.length ? ` and ${count - names.length} more` : '';
  const rules = count === 1 ? 'rule' : 'rules';
  return new ConflictError(
    `Question '${questionId}' is used by ${rules} ${listed}${more}: change or delete them first`,
    'QUESTION_IN_USE',
  );
}
