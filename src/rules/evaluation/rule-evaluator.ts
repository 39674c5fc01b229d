import { randomUUID } from 'node:crypto';
import type { AlertStore } from '../../alerts/alert-api';
import type { QuestionQuery } from '../../questions/question-query';
import { opaqueParameters } from '../templates/secret-value';
import type { TemplateContext } from '../templates/template-context';
import { ActionRunner, type ActionScope, type ActionRunnerDeps } from './action-runner';
import { type AlertChange, alertChange, type AlertRecord, resolvedAlert } from './alert-decision';
import type { EvaluationRecord, EvaluationTrigger, OperationOutcome } from './evaluation-record';
import { EvaluationLog, type QueryRunner } from './evaluation-log';
import {
  actionsHeldBack,
  buildRecord,
  type EvaluatedRule,
  entityChange,
  initialContext,
  parameterSecrets,
  secretNames,
  queryTotals,
  readOutputs,
  ruleIdentity,
} from './evaluation-steps';
import {
  conditionHolds,
  decideCondition,
  decideOperations,
  heldBackActions,
  operationErrors,
  operationOutcome,
} from './operation-steps';
import { entityIdsOfResult } from './result-entities';

export interface RuleEvaluatorDeps extends ActionRunnerDeps {
  queries: QueryRunner;
  /** The account's parameters (`param.*`), and which of them are secret. */
  parameters: {
    values(accountId: string): Promise<Record<string, unknown>>;
    list(accountId: string): Promise<Array<{ name: string; secret: boolean }>>;
  };
  alerts: AlertStore;
  /** `alertWebLink` of a rule: where its alerts are listed. */
  webLink: (ruleId: string | undefined) => string;
  newId?: () => string;
}

export interface EvaluateInput {
  accountId: string;
  rule: EvaluatedRule;
  /** The rule's queries: its own question's, or those of the question it names. */
  queries: QuestionQuery[];
  trigger: EvaluationTrigger;
  dryRun: boolean;
  /** A failure found before evaluating (e.g. the rule's question is gone): recorded, and the
   * evaluation stops as if a query had failed. */
  failure?: string;
  /** Entity ids of the previous evaluation's results (none for the first). */
  previousEntityIds?: ReadonlySet<string>;
}

export interface EvaluateOutput {
  record: EvaluationRecord;
  /** Distinct entity ids of the results, for the next evaluation's comparison. Absent when a
   * query failed (the results are incomplete). */
  entityIds?: string[];
}

/** One evaluation under way: what its steps share. */
interface Evaluation {
  input: EvaluateInput;
  context: TemplateContext;
  log: EvaluationLog;
  scope: ActionScope;
}

/**
 * One evaluation of a rule (docs/guide/rules.md, "Evaluations and their records"; decision 0023):
 * run each query in order with every row; build the template variables; evaluate each operation's
 * `when` and run its actions in order; read the `outputs`; then settle the rule's alert: a rule
 * whose CREATE_ALERT was not reached by a clean evaluation (every query and condition evaluated)
 * has its active alert resolved. A failed query stops the evaluation before any operation.
 *
 * This is the IO shell: every decision is a pure step (evaluation-steps.ts, operation-steps.ts,
 * alert-decision.ts; the actions' in action-table.ts).
 */
export class RuleEvaluator {
  private readonly actions: ActionRunner;

  constructor(private readonly deps: RuleEvaluatorDeps) {
    this.actions = new ActionRunner(deps);
  }

  async evaluate(input: EvaluateInput): Promise<EvaluateOutput> {
    const { rule } = input;
    const startedOn = this.deps.now();
    const id = (this.deps.newId ?? randomUUID)();
    const evaluation = await this.begin(input, id, startedOn);
    const { context, log, scope } = evaluation;
    const queried = await this.runQueries(evaluation);
    const entities = entityChange(queried.entityIds, input.previousEntityIds);
    const heldBack = actionsHeldBack(rule, queried.failed, entities.newEntityCount);
    const operations = queried.failed ? [] : await this.runOperations(evaluation, heldBack);
    const decided = decideOperations(rule.operations, operations, heldBack);
    const { outputs, errors } = await readOutputs(rule.outputs, context, scope.secrets);
    log.errors.push(...errors);
    const change = alertChange(scope.raised, {
      dryRun: input.dryRun,
      ...(rule.id === undefined ? {} : { ruleId: rule.id }),
      queriesFailed: queried.failed,
      ...decided,
    });
    const alert = await this.settleAlert(change, input.accountId, id);
    const record = buildRecord({
      id,
      rule,
      trigger: input.trigger,
      dryRun: input.dryRun,
      startedOn,
      endedOn: this.deps.now(),
      queries: log.queries,
      outputs,
      operations,
      errors: log.errors,
      entities,
      actionsHeldBack: heldBack,
      alert,
    });
    return queried.failed ? { record } : { record, entityIds: [...queried.entityIds] };
  }

  /** The account's parameters read: the template variables, the secrets, the actions' scope. */
  private async begin(
    input: EvaluateInput,
    evaluationId: string,
    startedOn: number,
  ): Promise<Evaluation> {
    const { accountId, rule } = input;
    const [param, listed] = await Promise.all([
      this.deps.parameters.values(accountId),
      this.deps.parameters.list(accountId),
    ]);
    const secrets = parameterSecrets(param, listed);
    const log = new EvaluationLog(this.deps, accountId, secrets);
    const scope: ActionScope = {
      accountId,
      rule: ruleIdentity(rule),
      evaluationId,
      startedOn,
      dryRun: input.dryRun,
      templates: rule.templates,
      secrets,
      runQuery: async (name, query) => {
        const { data, total } = await log.runQuery(name, query, false);
        return { data, total };
      },
      queryTotals: () => queryTotals(log.queries),
    };
    // Secret parameters reach templates opaque (templates/secret-value.ts).
    const opaque = opaqueParameters(param, secretNames(listed));
    const context = initialContext(rule, opaque, this.deps.webLink(rule.id));
    return { input, context, log, scope };
  }

  /** The rule's queries in order, until one fails; the distinct entities of their results. */
  private async runQueries({
    input,
    context,
    log,
  }: Evaluation): Promise<{ failed: boolean; entityIds: Set<string> }> {
    const entityIds = new Set<string>();
    if (input.failure !== undefined) {
      log.errors.push(input.failure);
      return { failed: true, entityIds };
    }
    for (const q of input.queries) {
      try {
        const result = await log.runQuery(q.name, q.query, q.includeDeleted);
        context.queries = { ...context.queries, [q.name]: result };
        for (const entityId of entityIdsOfResult(result.raw)) entityIds.add(entityId);
      } catch {
        return { failed: true, entityIds };
      }
    }
    return { failed: false, entityIds };
  }

  /** Each operation in order: its condition decided, then its actions run (or held back). */
  private async runOperations(
    { input, context, log, scope }: Evaluation,
    heldBack: boolean,
  ): Promise<OperationOutcome[]> {
    const outcomes: OperationOutcome[] = [];
    for (const [index, operation] of input.rule.operations.entries()) {
      const pointer = `/operations/${index}`;
      const decision = await decideCondition(operation.when, context, {
        templates: scope.templates,
        pointer: `${pointer}/when`,
        secrets: scope.secrets,
      });
      const actions = !conditionHolds(decision)
        ? []
        : heldBack
          ? heldBackActions(operation.actions, `${pointer}/actions`)
          : await this.actions.runAll(operation.actions, context, scope, `${pointer}/actions`);
      const outcome = operationOutcome(index, decision, actions);
      outcomes.push(outcome);
      log.errors.push(...operationErrors(outcome));
    }
    return outcomes;
  }

  /** The alert the record names: the one raised, or the one the store resolved, if any. */
  private async settleAlert(
    change: AlertChange,
    accountId: string,
    evaluationId: string,
  ): Promise<AlertRecord | undefined> {
    if (change.kind === 'RAISED') return change.alert;
    if (change.kind === 'KEEP') return undefined;
    const resolved = await this.deps.alerts.resolve({
      accountId,
      ruleId: change.ruleId,
      evaluationId,
      now: this.deps.now(),
    });
    return resolvedAlert(resolved);
  }
}
