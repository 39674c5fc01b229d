import { ConflictError, NotFoundError } from '../../errors/app-error';
import type { components } from '../../generated/openapi';
import type { Graph } from '../../graph/graph';
import { decodeKeysetCursor, encodeKeysetCursor, pageLimit } from '../../paging/keyset-page';
import type { QuestionApi } from '../../questions/question-api';
import type { RuleApi, StoredRule } from '../rule-api';
import type { QuestionQuery } from '../../questions/question-query';
import type { RuleDefinition } from '../rule-types';
import type { RuleKey, RuleLock, ScheduledRunner } from '../schedule/rule-schedule';
import type { EvaluationRecord, EvaluationTrigger } from './evaluation-record';
import type { FailureNotifier } from './outbound-action';
import type { RuleEvaluator } from './rule-evaluator';
import { timeRuleEvaluation } from '../../telemetry/metrics';

export const DEFAULT_EVALUATION_PAGE_SIZE = 20;
export const MAX_EVALUATION_PAGE_SIZE = 100;

/** One page of a rule's records (openapi.yaml's EvaluationListResponse). */
export type EvaluationPage = components['schemas']['EvaluationListResponse'];

/** The evaluations API: run a rule now, dry-run a rule body, read a rule's records. */
export interface RuleEvaluationApi {
  /** Runs the stored rule now (a dry run when asked): 409 while it is being evaluated. */
  evaluate(input: RuleKey & { dryRun?: boolean }): Promise<EvaluationRecord>;
  /** Validates a rule body and dry-runs it: nothing is saved, no side effect happens. */
  dryRun(input: { accountId: string; rule: unknown }): Promise<EvaluationRecord>;
  /** A rule's records, newest first. */
  list(input: RuleKey & { limit?: number; cursor?: string }): Promise<EvaluationPage>;
  get(input: RuleKey & { evaluationId: string }): Promise<EvaluationRecord>;
  /** The record's result entities (the first `limit`), and how many it found. */
  entities(input: RuleKey & { evaluationId: string; limit: number }): Promise<EvaluationEntities>;
}

/** An entity an evaluation's queries returned, as the console and notifications list it. */
export interface EvaluationEntity {
  id: string;
  displayName: string | null;
  /** Its `_class`, always as a list. */
  class: string[];
  type: string;
  /** Deleted since the evaluation. */
  deleted: boolean;
}

export interface EvaluationEntities {
  /** How many entities the evaluation's results held (0 when its queries did not all run). */
  total: number;
  entities: EvaluationEntity[];
}

export interface EvaluationServiceDeps {
  graph: Graph;
  rules: Pick<RuleApi, 'get' | 'validate'>;
  questions: Pick<QuestionApi, 'get'>;
  evaluator: RuleEvaluator;
  lock: RuleLock;
  /** Records kept per rule (config.rules.evaluationsKept). */
  evaluationsKept: number;
  /** How `notifyOnFailure` reaches people; none yet means the record says NOT_SENT. */
  notifier?: FailureNotifier;
}

const CURSOR_KEY = /^(\d{1,16}):([0-9a-f-]{36})$/;

/**
 * Rule evaluations end to end: load the rule and its queries (its own question or the stored one
 * it names), hold the rule's lock so that evaluations of one rule never overlap (a manual one
 * meeting a running one is 409; a scheduled tick is skipped), compare with the previous result's
 * entities, evaluate, tell stakeholders of a failure, store the record.
 */
export class EvaluationService implements RuleEvaluationApi, ScheduledRunner {
  constructor(private readonly deps: EvaluationServiceDeps) {}

  async evaluate(input: RuleKey & { dryRun?: boolean }): Promise<EvaluationRecord> {
    const rule = await this.deps.rules.get(input);
    if (input.dryRun === true) return this.run(input.accountId, rule, 'DRY_RUN');
    const done = await this.deps.lock.withLock(input, () =>
      this.run(input.accountId, rule, 'MANUAL'),
    );
    if (!done.ran) {
      throw new ConflictError(
        `Rule '${input.ruleId}' is being evaluated right now; try again when that evaluation ends`,
        'RULE_EVALUATION_RUNNING',
      );
    }
    return done.value;
  }

  async dryRun(input: { accountId: string; rule: unknown }): Promise<EvaluationRecord> {
    const definition = this.deps.rules.validate(input.rule);
    return this.run(input.accountId, definition, 'DRY_RUN');
  }

  async runScheduled(key: RuleKey): Promise<'ran' | 'busy' | 'gone'> {
    let rule: StoredRule;
    try {
      rule = await this.deps.rules.get(key);
    } catch (err) {
      if (err instanceof NotFoundError) return 'gone';
      throw err;
    }
    if (rule.pollingInterval === 'DISABLED') return 'gone';
    const done = await this.deps.lock.withLock(key, () =>
      this.run(key.accountId, rule, 'SCHEDULED'),
    );
    return done.ran ? 'ran' : 'busy';
  }

  async list(input: RuleKey & { limit?: number; cursor?: string }): Promise<EvaluationPage> {
    await this.deps.rules.get(input); // 404 for an unknown rule, not an empty page
    const limit = pageLimit(input.limit, {
      default: DEFAULT_EVALUATION_PAGE_SIZE,
      max: MAX_EVALUATION_PAGE_SIZE,
    });
    const before =
      input.cursor === undefined
        ? undefined
        : CURSOR_KEY.exec(decodeKeysetCursor(input.cursor, (key) => CURSOR_KEY.test(key)));
    const rows = await this.deps.graph.read<{ record: string; startedOn: number; id: string }>(
      'evaluations/list-evaluations',
      {
        accountId: input.accountId,
        ruleId: input.ruleId,
        beforeStartedOn: before === undefined || before === null ? null : Number(before[1]),
        beforeId: before?.[2] ?? null,
        limit,
      },
    );
    const evaluations = rows.slice(0, limit).map((r) => JSON.parse(r.record) as EvaluationRecord);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return last === undefined
      ? { evaluations }
      : { evaluations, cursor: encodeKeysetCursor(`${last.startedOn}:${last.id}`) };
  }

  async entities(
    input: RuleKey & { evaluationId: string; limit: number },
  ): Promise<EvaluationEntities> {
    await this.deps.rules.get(input);
    const [row] = await this.deps.graph.read<EvaluationEntities>(
      'evaluations/list-evaluation-entities',
      {
        accountId: input.accountId,
        ruleId: input.ruleId,
        id: input.evaluationId,
        limit: input.limit,
      },
    );
    if (row === undefined) throw evaluationNotFound(input);
    return { total: row.total, entities: row.entities };
  }

  async get(input: RuleKey & { evaluationId: string }): Promise<EvaluationRecord> {
    await this.deps.rules.get(input);
    const [row] = await this.deps.graph.read<{ record: string }>('evaluations/get-evaluation', {
      accountId: input.accountId,
      ruleId: input.ruleId,
      id: input.evaluationId,
    });
    if (row === undefined) throw evaluationNotFound(input);
    return JSON.parse(row.record) as EvaluationRecord;
  }

  private async run(
    accountId: string,
    rule: RuleDefinition & { id?: string; version?: number },
    trigger: EvaluationTrigger,
  ): Promise<EvaluationRecord> {
    const dryRun = trigger === 'DRY_RUN';
    const queries = await this.queriesOf(accountId, rule);
    const previous = rule.id === undefined ? undefined : await this.previousIds(accountId, rule.id);
    const { record, entityIds } = await timeRuleEvaluation(
      trigger,
      () =>
        this.deps.evaluator.evaluate({
          accountId,
          rule,
          queries: queries.queries,
          trigger,
          dryRun,
          ...(queries.error === undefined ? {} : { failure: queries.error }),
          ...(previous === undefined ? {} : { previousEntityIds: previous }),
        }),
      (done) => done.record.status.toLowerCase(),
    );
    if (record.status === 'FAILED' && rule.notifyOnFailure && !dryRun) {
      record.failureNotification = await this.notify(accountId, rule, record);
    }
    if (!dryRun && rule.id !== undefined) {
      await this.deps.graph.write('evaluations/create-evaluation', {
        accountId,
        ruleId: rule.id,
        id: record.id,
        startedOn: record.startedOn,
        status: record.status,
        record: JSON.stringify(record),
        entityIds: entityIds ?? null,
        kept: this.deps.evaluationsKept,
      });
    }
    return record;
  }

  /** The rule's own queries, or its stored question's; a vanished question fails the evaluation. */
  private async queriesOf(
    accountId: string,
    rule: RuleDefinition,
  ): Promise<{ queries: QuestionQuery[]; error?: string }> {
    if (rule.question !== undefined) return { queries: rule.question.queries };
    try {
      const question = await this.deps.questions.get({ accountId, questionId: rule.questionId });
      return { queries: question.queries };
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      return { queries: [], error: `questionId: ${err.message}` };
    }
  }

  private async previousIds(accountId: string, ruleId: string): Promise<Set<string> | undefined> {
    const [row] = await this.deps.graph.read<{ entityIds: string[] }>(
      'evaluations/previous-entity-ids',
      { accountId, ruleId },
    );
    return row === undefined ? undefined : new Set(row.entityIds);
  }

  private async notify(
    accountId: string,
    rule: RuleDefinition & { id?: string; version?: number },
    record: EvaluationRecord,
  ): Promise<NonNullable<EvaluationRecord['failureNotification']>> {
    if (this.deps.notifier === undefined) {
      return {
        status: 'NOT_SENT',
        detail: 'No failure notification channel is configured in this deployment',
      };
    }
    try {
      return await this.deps.notifier.notify({
        accountId,
        rule: { ...(rule.id === undefined ? {} : { id: rule.id }), name: rule.name },
        record,
      });
    } catch (err) {
      return { status: 'NOT_SENT', detail: err instanceof Error ? err.message : String(err) };
    }
  }
}

function evaluationNotFound(input: RuleKey & { evaluationId: string }): NotFoundError {
  return new NotFoundError(
    `Rule '${input.ruleId}' has no evaluation with id '${input.evaluationId}'`,
    'EVALUATION_NOT_FOUND',
  );
}
