import type { RaiseAlertInput } from '../../../alerts/alert-api';
import { ALERT_LEVELS, type AlertLevel, type CreateAlertAction } from '../../rule-types';
import { describeValue } from '../../../common/describe-value';
import type { ActionScope } from '../action-scope';
import { raisedAlert } from '../alert-decision';
import type { ActionHandler } from './action-handler';

/** CREATE_ALERT: raises the rule's alert at the level SET_PROPERTY gave `alertLevel`. */
export interface CreateAlertPlan {
  level: AlertLevel;
}

export const createAlert: ActionHandler<CreateAlertAction, CreateAlertPlan> = {
  plan: (_action, { context }) => ({ level: alertLevelOf(context.alertLevel) }),
  dryRun: ({ level }) => ({ level }),
  async perform({ level }, { deps, scope }) {
    const answer = await deps.alerts.raise(alertToRaise(scope, level, deps.now()));
    scope.raised = raisedAlert(scope.raised, answer);
    const { alert, created } = answer;
    return {
      target: alert.id,
      inputs: { level },
      result: { alertId: alert.id, created, evaluationCount: alert.evaluationCount },
    };
  },
};

/** `alertLevel` as SET_PROPERTY left it: one of ALERT_LEVELS in any case; unset means INFO. */
export function alertLevelOf(value: unknown): AlertLevel {
  if (value === undefined || value === null || value === '') return 'INFO';
  const level = typeof value === 'string' ? value.toUpperCase() : value;
  if ((ALERT_LEVELS as readonly unknown[]).includes(level)) return level as AlertLevel;
  throw new Error(
    `alertLevel is ${describeValue(value, 200)}; CREATE_ALERT needs one of ${ALERT_LEVELS.join(', ')}`,
  );
}

/** What the alert store is asked to raise: the rule, the level, the query totals so far. */
export function alertToRaise(scope: ActionScope, level: AlertLevel, now: number): RaiseAlertInput {
  return {
    accountId: scope.accountId,
    ruleId: scope.rule.id ?? '',
    ruleName: scope.rule.name,
    ruleVersion: scope.rule.version ?? 0,
    ...(scope.rule.description === undefined ? {} : { ruleDescription: scope.rule.description }),
    level,
    evaluationId: scope.evaluationId,
    queryTotals: scope.queryTotals(),
    now,
  };
}
