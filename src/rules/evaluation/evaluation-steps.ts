import type { FullQueryResult } from '../../query/query-service';
import type { RuleDefinition } from '../rule-types';
import { evaluateExpression } from '../templates/render';
import type { QueryResultContext, TemplateContext } from '../templates/template-context';
import type { AlertRecord } from './alert-decision';
import type {
  EvaluationRecord,
  EvaluationTrigger,
  OperationOutcome,
  QueryOutcome,
} from './evaluation-record';
import type { RuleIdentity } from './outbound-action';
import { redact, secretTexts } from './redact';

/**
 * The pure steps of one evaluation (rule-evaluator.ts runs them in order, with the IO between
 * them): what the templates see, each query's record, the entities' comparison with the previous
 * evaluation, the `outputs`, the record. Plain data in, plain data out; the conditions and
 * operations are operation-steps.ts, the alert decision alert-decision.ts.
 */

/** A rule as the evaluator runs it: a stored rule has its id and version, a dry-run body not. */
export type EvaluatedRule = RuleDefinition & { id?: string; version?: number };

/** The rule as templates and messages name it. */
export function ruleIdentity(rule: EvaluatedRule): RuleIdentity {
  return {
    ...(rule.id === undefined ? {} : { id: rule.id }),
    name: rule.name,
    ...(rule.version === undefined ? {} : { version: rule.version }),
    ...(rule.description === undefined ? {} : { description: rule.description }),
  };
}

/** The texts to hide in what is recorded: the values of the account's secret parameters. */
export function parameterSecrets(
  param: Record<string, unknown>,
  listed: ReadonlyArray<{ name: string; secret: boolean }>,
): string[] {
  return secretTexts(listed.filter((p) => p.secret).map((p) => param[p.name]));
}

/** The names of the account's secret parameters. */
export function secretNames(listed: ReadonlyArray<{ name: string; secret: boolean }>): string[] {
  return listed.filter((p) => p.secret).map((p) => p.name);
}

/** The template variables before any query ran: the parameters and the rule's names. */
export function initialContext(
  rule: EvaluatedRule,
  param: Record<string, unknown>,
  webLink: string,
): TemplateContext {
  return {
    queries: {},
    param,
    alertRuleName: rule.name,
    alertRuleId: rule.id,
    alertRuleDescription: rule.description,
    alertWebLink: webLink,
  };
}

/** A query's result as templates see it (`queries.<name>`), and the result as it came (`raw`). */
export type QueryRun = QueryResultContext & { raw: FullQueryResult['data'] };

export function queryRun(result: FullQueryResult): QueryRun {
  const data = Array.isArray(result.data) ? result.data : [result.data];
  return { data, total: result.total, raw: result.data };
}

/** How one query ended: its result, or the text of its error. */
export type QueryAnswer = { result: FullQueryResult } | { error: string };

/** One query's record: the query as run, its total and type, or its error; secrets hidden. */
export function queryOutcome(
  name: string,
  query: string,
  answer: QueryAnswer,
  durationMs: number,
  secrets: readonly string[],
): QueryOutcome {
  const outcome: QueryOutcome = { name, query: redact(query, secrets), durationMs };
  if ('error' in answer) return { ...outcome, error: redact(answer.error, secrets) };
  const { total, type, warnings, truncatedAt } = answer.result;
  const capped = truncatedAt === undefined ? {} : { truncatedAt };
  return { ...outcome, total, type, ...(warnings === undefined ? {} : { warnings }), ...capped };
}

/** The evaluation's error line for a failed query (none for one that ran). */
export function queryErrors(outcome: QueryOutcome): string[] {
  return outcome.error === undefined ? [] : [`query ${outcome.name}: ${outcome.error}`];
}

/** `queries.<name>.total` of every query that ran, for the alert (`queryTotals`). */
export function queryTotals(queries: readonly QueryOutcome[]): Record<string, number> {
  return Object.fromEntries(
    queries.flatMap((q) => (q.total === undefined ? [] : [[q.name, q.total]])),
  );
}

/** The results' distinct entities, and how many of them the previous results did not hold. */
export interface EntityChange {
  entityCount: number;
  newEntityCount: number;
}

/** On a first evaluation (no previous results) every entity is new. */
export function entityChange(
  entityIds: ReadonlySet<string>,
  previous: ReadonlySet<string> | undefined,
): EntityChange {
  const newEntityCount =
    previous === undefined ? entityIds.size : [...entityIds].filter((e) => !previous.has(e)).length;
  return { entityCount: entityIds.size, newEntityCount };
}

/**
 * Whether `triggerActionsOnNewEntitiesOnly` holds the actions back: the queries ran and found no
 * entity absent from the previous results (none at all, on a first evaluation).
 */
export function actionsHeldBack(
  rule: Pick<RuleDefinition, 'triggerActionsOnNewEntitiesOnly'>,
  queriesFailed: boolean,
  newEntityCount: number,
): boolean {
  return !queriesFailed && rule.triggerActionsOnNewEntitiesOnly && newEntityCount === 0;
}

/**
 * The rule's `outputs`: each path's value at the end of the evaluation (null when undefined),
 * secrets hidden; a path that cannot be evaluated is an error line instead.
 */
export async function readOutputs(
  paths: readonly string[],
  context: TemplateContext,
  secrets: readonly string[],
): Promise<{ outputs: Record<string, unknown>; errors: string[] }> {
  const outputs: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const path of paths) {
    try {
      outputs[path] = redact(await evaluateExpression(path, context), secrets) ?? null;
    } catch (err) {
      errors.push(`outputs ${path}: ${redact(errorText(err), secrets)}`);
    }
  }
  return { outputs, errors };
}

/** Everything the record of an evaluation is made of. */
export interface RecordParts {
  id: string;
  rule: Pick<EvaluatedRule, 'id' | 'version' | 'name'>;
  trigger: EvaluationTrigger;
  dryRun: boolean;
  startedOn: number;
  endedOn: number;
  queries: QueryOutcome[];
  outputs: Record<string, unknown>;
  operations: OperationOutcome[];
  /** Every error of the evaluation, in the order met; none makes it a SUCCESS. */
  errors: string[];
  entities: EntityChange;
  actionsHeldBack: boolean;
  alert: AlertRecord | undefined;
}

/** The evaluation's record (decision 0023): SUCCESS exactly when nothing failed. */
export function buildRecord(parts: RecordParts): EvaluationRecord {
  const { rule, alert } = parts;
  return {
    id: parts.id,
    ...(rule.id === undefined ? {} : { ruleId: rule.id }),
    ...(rule.version === undefined ? {} : { ruleVersion: rule.version }),
    ruleName: rule.name,
    trigger: parts.trigger,
    dryRun: parts.dryRun,
    status: parts.errors.length === 0 ? 'SUCCESS' : 'FAILED',
    startedOn: parts.startedOn,
    endedOn: parts.endedOn,
    durationMs: parts.endedOn - parts.startedOn,
    queries: parts.queries,
    outputs: parts.outputs,
    operations: parts.operations,
    errors: parts.errors,
    entityCount: parts.entities.entityCount,
    newEntityCount: parts.entities.newEntityCount,
    ...(parts.actionsHeldBack ? { actionsSkipped: 'NO_NEW_ENTITIES' as const } : {}),
    ...(alert === undefined ? {} : { alert }),
  };
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
