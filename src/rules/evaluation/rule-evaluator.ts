import { randomUUID } from 'node:crypto';
import type { AlertStore } from '../../alerts/alert-api';
import type { FullQueryResult } from '../../query/query-service';
import type { QuestionQuery, RuleDefinition, RuleOperation } from '../rule-types';
import { evaluateWhen } from '../templates/conditions';
import { evaluateExpression } from '../templates/render';
import type { TemplateContext } from '../templates/template-context';
import { ActionRunner, type ActionScope, type ActionRunnerDeps } from './action-runner';
import type {
  EvaluationRecord,
  EvaluationTrigger,
  OperationOutcome,
  QueryOutcome,
} from './evaluation-record';
import type { RuleIdentity } from './outbound-action';
import { redact, secretTexts } from './redact';
import { entityIdsOfResult } from './result-entities';

export interface RuleEvaluatorDeps extends ActionRunnerDeps {
  queries: {
    runAll(request: {
      accountId: string;
      query: string;
      includeDeleted?: boolean;
    }): Promise<FullQueryResult>;
  };
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
  rule: RuleDefinition & { id?: string; version?: number };
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

/**
 * One evaluation of a rule (docs/guide/rules.md, "Evaluations and their records"; decision 0023):
 * run each query in order with every row; build the template variables; evaluate each operation's
 * `when` and run its actions in order; read the `outputs`; then settle the rule's alert: a rule
 * whose CREATE_ALERT was not reached by a clean evaluation (every query and condition evaluated)
 * has its active alert resolved. A failed query stops the evaluation before any operation.
 */
export class RuleEvaluator {
  private readonly actions: ActionRunner;

  constructor(private readonly deps: RuleEvaluatorDeps) {
    this.actions = new ActionRunner(deps);
  }

  async evaluate(input: EvaluateInput): Promise<EvaluateOutput> {
    const { accountId, rule } = input;
    const startedOn = this.deps.now();
    const id = (this.deps.newId ?? randomUUID)();
    const [param, listed] = await Promise.all([
      this.deps.parameters.values(accountId),
      this.deps.parameters.list(accountId),
    ]);
    const secrets = secretTexts(listed.filter((p) => p.secret).map((p) => param[p.name]));
    const identity: RuleIdentity = {
      ...(rule.id === undefined ? {} : { id: rule.id }),
      name: rule.name,
      ...(rule.version === undefined ? {} : { version: rule.version }),
      ...(rule.description === undefined ? {} : { description: rule.description }),
    };
    const errors: string[] = [];
    const queryOutcomes: QueryOutcome[] = [];
    const context: TemplateContext = {
      queries: {},
      param,
      alertRuleName: rule.name,
      alertRuleId: rule.id,
      alertRuleDescription: rule.description,
      alertWebLink: this.deps.webLink(rule.id),
    };

    const runQuery = async (name: string, query: string, includeDeleted: boolean) => {
      const started = this.deps.now();
      const outcome: QueryOutcome = { name, query: redact(query, secrets), durationMs: 0 };
      queryOutcomes.push(outcome);
      try {
        const result = await this.deps.queries.runAll({ accountId, query, includeDeleted });
        Object.assign(outcome, { total: result.total, type: result.type });
        if (result.warnings !== undefined) outcome.warnings = result.warnings;
        const data = Array.isArray(result.data) ? result.data : [result.data];
        return { data, total: result.total, raw: result.data };
      } catch (err) {
        outcome.error = redact(errorText(err), secrets);
        errors.push(`query ${name}: ${outcome.error}`);
        throw err;
      } finally {
        outcome.durationMs = this.deps.now() - started;
      }
    };

    const entityIds = new Set<string>();
    let queriesFailed = input.failure !== undefined;
    if (input.failure !== undefined) errors.push(input.failure);
    for (const q of queriesFailed ? [] : input.queries) {
      try {
        const result = await runQuery(q.name, q.query, q.includeDeleted);
        context.queries = { ...context.queries, [q.name]: result };
        for (const entityId of entityIdsOfResult(result.raw)) entityIds.add(entityId);
      } catch {
        queriesFailed = true;
        break;
      }
    }
    const newEntityCount =
      input.previousEntityIds === undefined
        ? entityIds.size
        : [...entityIds].filter((e) => !input.previousEntityIds?.has(e)).length;
    // No entity absent from the previous results (none at all, on a first evaluation): held back.
    const skipActions =
      !queriesFailed && rule.triggerActionsOnNewEntitiesOnly && newEntityCount === 0;

    const scope: ActionScope = {
      accountId,
      rule: identity,
      evaluationId: id,
      dryRun: input.dryRun,
      templates: rule.templates,
      secrets,
      runQuery: async (name, query) => {
        const { data, total } = await runQuery(name, query, false);
        return { data, total };
      },
      queryTotals: () =>
        Object.fromEntries(
          queryOutcomes.flatMap((q) => (q.total === undefined ? [] : [[q.name, q.total]])),
        ),
    };
    const operations: OperationOutcome[] = [];
    let alertReached = false;
    let conditionsFailed = false;
    if (!queriesFailed) {
      for (const [index, operation] of rule.operations.entries()) {
        const outcome = await this.operation(operation, index, context, scope, skipActions);
        operations.push(outcome);
        if (outcome.error !== undefined) {
          conditionsFailed = true;
          errors.push(`/operations/${index}/when: ${outcome.error}`);
        }
        if (outcome.conditionResult === true && holdsAlert(operation, outcome, skipActions)) {
          alertReached = true;
        }
        for (const failure of failedActions(outcome.actions)) errors.push(failure);
      }
    }

    const outputs: Record<string, unknown> = {};
    for (const path of rule.outputs) {
      try {
        outputs[path] = redact(await evaluateExpression(path, context), secrets) ?? null;
      } catch (err) {
        errors.push(`outputs ${path}: ${redact(errorText(err), secrets)}`);
      }
    }

    let alert = scope.raised;
    if (scope.raised !== undefined) alertReached = true;
    if (
      !input.dryRun &&
      !queriesFailed &&
      !conditionsFailed &&
      !alertReached &&
      rule.id !== undefined
    ) {
      const resolved = await this.deps.alerts.resolve({
        accountId,
        ruleId: rule.id,
        evaluationId: id,
        now: this.deps.now(),
      });
      if (resolved !== undefined)
        alert = { id: resolved.id, status: resolved.status, change: 'RESOLVED' };
    }

    const endedOn = this.deps.now();
    const record: EvaluationRecord = {
      id,
      ...(rule.id === undefined ? {} : { ruleId: rule.id }),
      ...(rule.version === undefined ? {} : { ruleVersion: rule.version }),
      ruleName: rule.name,
      trigger: input.trigger,
      dryRun: input.dryRun,
      status: errors.length === 0 ? 'SUCCESS' : 'FAILED',
      startedOn,
      endedOn,
      durationMs: endedOn - startedOn,
      queries: queryOutcomes,
      outputs,
      operations,
      errors,
      entityCount: entityIds.size,
      newEntityCount,
      ...(skipActions ? { actionsSkipped: 'NO_NEW_ENTITIES' as const } : {}),
      ...(alert === undefined ? {} : { alert }),
    };
    return queriesFailed ? { record } : { record, entityIds: [...entityIds] };
  }

  private async operation(
    operation: RuleOperation,
    index: number,
    context: TemplateContext,
    scope: ActionScope,
    skipActions: boolean,
  ): Promise<OperationOutcome> {
    const pointer = `/operations/${index}`;
    let holds: boolean;
    try {
      holds = await evaluateWhen(operation.when, context, {
        templates: scope.templates,
        pointer: `${pointer}/when`,
      });
    } catch (err) {
      return { index, error: redact(errorText(err), scope.secrets), actions: [] };
    }
    if (!holds) return { index, conditionResult: false, actions: [] };
    if (skipActions) {
      return {
        index,
        conditionResult: true,
        actions: operation.actions.map((action, i) => ({
          pointer: `${pointer}/actions/${i}`,
          type: action.type,
          ...(action.id === undefined ? {} : { id: action.id }),
          status: 'SKIPPED' as const,
          durationMs: 0,
        })),
      };
    }
    const actions = await this.actions.runAll(
      operation.actions,
      context,
      scope,
      `${pointer}/actions`,
    );
    return { index, conditionResult: true, actions };
  }
}

/**
 * Whether an operation whose condition held keeps the rule's alert: a CREATE_ALERT of its own was
 * reached (run, even failing, or held back); a FOR_EACH_ITEM holding one was held back or failed
 * (which items would have raised it is unknown). A FOR_EACH_ITEM that ran cleanly keeps it when
 * an item raised it (the evaluation's `raised`).
 */
function holdsAlert(
  operation: RuleOperation,
  outcome: OperationOutcome,
  skipped: boolean,
): boolean {
  return operation.actions.some((action, i) => {
    if (action.type === 'CREATE_ALERT') return true;
    if (action.type !== 'FOR_EACH_ITEM' || !reachesAlert(action)) return false;
    return skipped || outcome.actions[i]?.status === 'FAILED';
  });
}

/** Whether actions raise the rule's alert (directly or inside FOR_EACH_ITEM). */
function reachesAlert(operation: { actions: RuleOperation['actions'] }): boolean {
  return operation.actions.some(
    (a) => a.type === 'CREATE_ALERT' || (a.type === 'FOR_EACH_ITEM' && reachesAlert(a)),
  );
}

function failedActions(outcomes: EvaluationRecord['operations'][number]['actions']): string[] {
  return outcomes.flatMap((o) => {
    if (o.items !== undefined) return o.items.flatMap((item) => failedActions(item.actions));
    return o.status === 'FAILED' ? [`${o.pointer} ${o.type}: ${o.error ?? 'failed'}`] : [];
  });
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
