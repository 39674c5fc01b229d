import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, ValidationError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type {
  ListRulesInput,
  RuleApi,
  RulePage,
  RuleRef,
  RuleVersion,
  StoredRule,
} from './rule-api';
import { decodeKeysetCursor, encodeKeysetCursor, pageLimit } from '../paging/keyset-page';
import type { QuestionApi } from '../questions/question-api';
import type { PollingInterval, RuleDefinition } from './rule-types';
import type { RuleSchedule } from './schedule/rule-schedule';

export const DEFAULT_RULE_PAGE_SIZE = 100;
export const MAX_RULE_PAGE_SIZE = 1000;

/** How a body becomes a rule definition (src/rules/rule-schema.ts), passed in by the caller. */
export interface RuleValidator {
  validateRule(body: unknown): RuleDefinition;
  expandRulePack(body: unknown): RuleDefinition;
}

interface RuleRow {
  rule: {
    id: string;
    version: number;
    definition: string;
    createdOn: number;
    updatedOn: number;
  } | null;
  taken?: boolean;
}

/**
 * Rules as `:_Rule` nodes (one per rule: its normalised definition as JSON text, its name and
 * tags for lookups, its version). A name is unique per account: create and update refuse a
 * taken one with 409 RULE_NAME_TAKEN, checked in the writing statement and backed by a
 * constraint. Another account's rule is the same 404 as an unknown one.
 */
export class RuleService implements RuleApi {
  private readonly graph: Graph;
  private readonly validator: RuleValidator;
  private readonly now: () => number;
  private readonly schedule: RuleSchedule | undefined;
  private readonly questions: Pick<QuestionApi, 'get'> | undefined;

  constructor(deps: {
    graph: Graph;
    validator: RuleValidator;
    /** Told of every saved and deleted rule, so that it runs on its polling interval. */
    schedule?: RuleSchedule;
    /** Where a `questionId` must name a question of the account. */
    questions?: Pick<QuestionApi, 'get'>;
    now?: () => number;
  }) {
    this.graph = deps.graph;
    this.validator = deps.validator;
    this.schedule = deps.schedule;
    this.questions = deps.questions;
    this.now = deps.now ?? Date.now;
  }

  validate(body: unknown): RuleDefinition {
    return this.validator.validateRule(body);
  }

  async create(input: { accountId: string; body: unknown }): Promise<StoredRule> {
    return this.insert(input.accountId, this.validator.validateRule(input.body));
  }

  async import(input: { accountId: string; body: unknown }): Promise<StoredRule> {
    return this.insert(input.accountId, this.validator.expandRulePack(input.body));
  }

  async get(ref: RuleRef): Promise<StoredRule> {
    const [row] = await this.graph.read<RuleRow>('rules/get-rule', params(ref));
    return stored(row, ref.ruleId);
  }

  async list(input: ListRulesInput): Promise<RulePage> {
    const limit = pageLimit(input.limit, {
      default: DEFAULT_RULE_PAGE_SIZE,
      max: MAX_RULE_PAGE_SIZE,
    });
    const rows = await this.graph.read<RuleRow & { rule: { name: string } }>('rules/list-rules', {
      accountId: input.accountId,
      // Rules are listed by name, unique per account.
      after: input.cursor === undefined ? null : decodeKeysetCursor(input.cursor, () => true),
      nameContains: input.name ?? null,
      tag: input.tag ?? null,
      limit,
    });
    const rules = rows.slice(0, limit).map((row) => stored(row, ''));
    const last = rows.length > limit ? rows[limit - 1]?.rule.name : undefined;
    return last === undefined ? { rules } : { rules, cursor: encodeKeysetCursor(last) };
  }

  async update(input: RuleRef & { body: unknown }): Promise<StoredRule> {
    const definition = this.validator.validateRule(input.body);
    await this.checkQuestion(input.accountId, definition);
    const [row] = await this.writeRule('rules/update-rule', {
      ...params(input),
      ...columns(definition),
    });
    if (row?.taken === true) throw nameTaken(definition.name);
    return this.scheduled(input.accountId, stored(row, input.ruleId));
  }

  /** The rule's versions, newest first: the current one, then those updates replaced. */
  async versions(ref: RuleRef): Promise<RuleVersion[]> {
    const [row] = await this.graph.read<
      RuleRow & { versions: Array<{ version: number; definition: string; savedOn: number }> }
    >('rules/list-rule-versions', params(ref));
    if (row?.rule === undefined || row.rule === null) throw ruleNotFound(ref.ruleId);
    const { version, updatedOn, definition } = row.rule;
    return [
      { version, savedOn: updatedOn, rule: JSON.parse(definition) as RuleDefinition },
      ...row.versions.map((v) => ({
        version: v.version,
        savedOn: v.savedOn,
        rule: JSON.parse(v.definition) as RuleDefinition,
      })),
    ];
  }

  /** Deletes the rule with its evaluation records, earlier versions and schedule; its alerts stay. */
  async delete(ref: RuleRef): Promise<StoredRule> {
    const [row] = await this.graph.write<RuleRow>('rules/delete-rule', params(ref));
    const rule = stored(row, ref.ruleId);
    await this.schedule?.remove(ref);
    return rule;
  }

  /** Every rule of every account with its polling interval: what the schedule starts from. */
  async scheduledRules(): Promise<
    Array<{ accountId: string; ruleId: string; pollingInterval: PollingInterval }>
  > {
    return this.graph.read('rules/list-scheduled-rules');
  }

  private async insert(accountId: string, definition: RuleDefinition): Promise<StoredRule> {
    await this.checkQuestion(accountId, definition);
    const id = randomUUID();
    const [row] = await this.writeRule('rules/create-rule', {
      accountId,
      id,
      ...columns(definition),
    });
    if (row?.taken === true) throw nameTaken(definition.name);
    return this.scheduled(accountId, stored(row, id));
  }

  private async scheduled(accountId: string, rule: StoredRule): Promise<StoredRule> {
    await this.schedule?.set({
      accountId,
      ruleId: rule.id,
      pollingInterval: rule.pollingInterval,
    });
    return rule;
  }

  /** A `questionId` must name a question of the account (400 otherwise: the body is wrong). */
  private async checkQuestion(accountId: string, definition: RuleDefinition): Promise<void> {
    if (definition.questionId === undefined || this.questions === undefined) return;
    try {
      await this.questions.get({ accountId, questionId: definition.questionId });
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      throw new ValidationError(
        `/questionId: no question with id '${definition.questionId}' in this account`,
      );
    }
  }

  /** A write whose name check lost a race with another writer meets the constraint: the same 409. */
  private async writeRule(name: string, values: Record<string, unknown>): Promise<RuleRow[]> {
    try {
      return await this.graph.write<RuleRow>(name, { ...values, now: this.now() });
    } catch (err) {
      if (err instanceof ConflictError) throw nameTaken(String(values.name));
      throw err;
    }
  }
}

function params(ref: RuleRef): { accountId: string; id: string } {
  return { accountId: ref.accountId, id: ref.ruleId };
}

/** What the statements store beside the definition, for lookups and schedules. */
function columns(definition: RuleDefinition): Record<string, unknown> {
  return {
    name: definition.name,
    tags: definition.tags,
    pollingInterval: definition.pollingInterval,
    questionId: definition.questionId ?? null,
    definition: JSON.stringify(definition),
  };
}

function stored(row: RuleRow | undefined, ruleId: string): StoredRule {
  if (row?.rule === undefined || row.rule === null) throw ruleNotFound(ruleId);
  const { id, version, createdOn, updatedOn, definition } = row.rule;
  return {
    ...(JSON.parse(definition) as RuleDefinition),
    id,
    version,
    createdOn,
    updatedOn,
    state: null,
  };
}

export function ruleNotFound(ruleId: string): NotFoundError {
  return new NotFoundError(`No rule with id '${ruleId}' in this account`, 'RULE_NOT_FOUND');
}

function nameTaken(name: string): ConflictError {
  return new ConflictError(
    `A rule named '${name}' already exists in this account`,
    'RULE_NAME_TAKEN',
  );
}
