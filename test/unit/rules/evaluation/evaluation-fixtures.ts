import type { Alert, AlertStore, RaiseAlertInput } from '../../../../src/alerts/alert-api';
import type { FullQueryResult } from '../../../../src/query/query-service';
import type { ActionScope } from '../../../../src/rules/evaluation/action-scope';
import type { EvaluatedRule } from '../../../../src/rules/evaluation/evaluation-steps';
import type {
  OutboundActionHandler,
  OutboundActionInput,
  OutboundActionResult,
  OutboundActionType,
} from '../../../../src/rules/evaluation/outbound-action';
import type { RuleEvaluatorDeps } from '../../../../src/rules/evaluation/rule-evaluator';
import type { FilterCondition } from '../../../../src/rules/rule-types';

/**
 * Plain-data stand-ins for what an evaluation talks to (queries, parameters, alerts, tags,
 * outbound senders): in memory, recording each call, no Neo4j and no network.
 */

/** A normalised rule as the evaluator runs it. */
export function plainRule(extra: Partial<EvaluatedRule> = {}): EvaluatedRule {
  return {
    name: 'rule',
    specVersion: 1,
    pollingInterval: 'DISABLED',
    question: { queries: [] },
    operations: [],
    templates: {},
    outputs: [],
    notifyOnFailure: false,
    triggerActionsOnNewEntitiesOnly: false,
    tags: [],
    ...extra,
  } as EvaluatedRule;
}

/** A FILTER condition of the given form. */
export function filter(condition: unknown): FilterCondition {
  return { type: 'FILTER', condition } as FilterCondition;
}

/** A list result of entity-shaped vertices with these ids. */
export function entities(...ids: string[]): FullQueryResult {
  return {
    type: 'list',
    data: ids.map((id) => ({
      id,
      entity: { _id: id, displayName: id },
      properties: { name: id },
    })),
    total: ids.length,
  };
}

/** One active alert per rule, as AlertService keeps them. */
export class MemoryAlerts implements AlertStore {
  readonly alerts: Alert[] = [];
  readonly raised: RaiseAlertInput[] = [];
  readonly resolved: Array<{ ruleId: string; evaluationId: string }> = [];

  raise(input: RaiseAlertInput): Promise<{ alert: Alert; created: boolean }> {
    this.raised.push(input);
    const active = this.active(input.ruleId);
    if (active !== undefined) {
      if (active.lastEvaluationId !== input.evaluationId) active.evaluationCount += 1;
      Object.assign(active, { level: input.level, lastEvaluationId: input.evaluationId });
      return Promise.resolve({ alert: { ...active }, created: false });
    }
    const alert: Alert = {
      id: `alert-${this.alerts.length + 1}`,
      ruleId: input.ruleId,
      ruleName: input.ruleName,
      ruleVersion: input.ruleVersion,
      level: input.level,
      status: 'ACTIVE',
      createdOn: input.now,
      updatedOn: input.now,
      firstEvaluationId: input.evaluationId,
      lastEvaluationId: input.evaluationId,
      evaluationCount: 1,
      queryTotals: input.queryTotals,
    };
    this.alerts.push(alert);
    return Promise.resolve({ alert: { ...alert }, created: true });
  }

  resolve(input: { ruleId: string; evaluationId: string }): Promise<Alert | undefined> {
    this.resolved.push({ ruleId: input.ruleId, evaluationId: input.evaluationId });
    const active = this.active(input.ruleId);
    if (active !== undefined) active.status = 'RESOLVED';
    return Promise.resolve(active === undefined ? undefined : { ...active });
  }

  private active(ruleId: string): Alert | undefined {
    return this.alerts.find((a) => a.ruleId === ruleId && a.status === 'ACTIVE');
  }
}

/** An outbound sender that records what it was handed; `fail` makes it reject. */
export function recordingSender(
  type: OutboundActionType,
  sent: OutboundActionInput[],
  answer: (input: OutboundActionInput) => OutboundActionResult = () => ({ target: 'there' }),
): OutboundActionHandler {
  return {
    type,
    execute: (input) => {
      sent.push(input);
      return Promise.resolve(input).then(answer);
    },
  };
}

export interface FakeWorld {
  deps: RuleEvaluatorDeps;
  alerts: MemoryAlerts;
  /** Each query run, in order. */
  queries: Array<{ query: string; includeDeleted: boolean | undefined }>;
  tagged: Array<{ entityIds: string[]; properties: Record<string, unknown> }>;
  sent: OutboundActionInput[];
}

/** Deps over plain data: `results` answers each query text (an Error rejects). */
export function fakeWorld(
  options: {
    results?: Record<string, FullQueryResult | Error>;
    param?: Record<string, unknown>;
    secret?: string[];
    senders?: (sent: OutboundActionInput[]) => OutboundActionHandler[];
  } = {},
): FakeWorld {
  const alerts = new MemoryAlerts();
  const queries: FakeWorld['queries'] = [];
  const tagged: FakeWorld['tagged'] = [];
  const sent: OutboundActionInput[] = [];
  let clock = 1000;
  let ids = 0;
  const deps: RuleEvaluatorDeps = {
    queries: {
      runAll: ({ query, includeDeleted }) => {
        queries.push({ query, includeDeleted });
        const result = options.results?.[query];
        if (result === undefined) return Promise.reject(new Error(`no such query: ${query}`));
        return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
      },
    },
    parameters: {
      values: () => Promise.resolve(options.param ?? {}),
      list: () =>
        Promise.resolve(
          Object.keys(options.param ?? {}).map((name) => ({
            name,
            secret: (options.secret ?? []).includes(name),
          })),
        ),
    },
    alerts,
    tagger: {
      tag: (_accountId, entityIds, properties) => {
        tagged.push({ entityIds, properties });
        return Promise.resolve(entityIds.length);
      },
    },
    outbound: new Map((options.senders?.(sent) ?? []).map((h) => [h.type, h])),
    now: () => (clock += 10),
    webLink: (ruleId) => `http://graphsync.test/alerts?ruleId=${ruleId ?? ''}`,
    newId: () => `ev-${++ids}`,
  };
  return { deps, alerts, queries, tagged, sent };
}

/** An evaluation's scope for actions run on their own. */
export function actionScope(extra: Partial<ActionScope> = {}): ActionScope {
  return {
    accountId: 'acc',
    rule: { id: 'r-1', name: 'rule', version: 1 },
    evaluationId: 'ev-1',
    startedOn: Date.UTC(2026, 10, 29, 3, 40),
    dryRun: false,
    templates: {},
    secrets: [],
    runQuery: () => Promise.reject(new Error('no query expected')),
    queryTotals: () => ({}),
    ...extra,
  };
}
