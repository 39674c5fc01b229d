import type { AlertLevel } from '../rules/rule-types';

/**
 * Alerts: what a rule's CREATE_ALERT action raises. A rule has at most one ACTIVE alert: each
 * evaluation whose CREATE_ALERT runs updates it (or opens one), and the first evaluation whose
 * condition no longer holds resolves it. A user may dismiss an active alert; the rule's next
 * firing then opens a new one.
 */
export const ALERT_STATUSES = ['ACTIVE', 'RESOLVED', 'DISMISSED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export interface Alert {
  id: string;
  ruleId: string;
  /** The rule's name and version when the alert was last raised. */
  ruleName: string;
  ruleVersion: number;
  ruleDescription?: string;
  /** `alertLevel` of the latest evaluation that raised it. */
  level: AlertLevel;
  status: AlertStatus;
  /** Epoch ms. */
  createdOn: number;
  /** Epoch ms of the latest raise, resolve or dismiss. */
  updatedOn: number;
  resolvedOn?: number;
  dismissedOn?: number;
  /** The evaluation that opened it, and the latest that raised (or resolved) it. */
  firstEvaluationId: string;
  lastEvaluationId: string;
  /** How many evaluations raised it (1 when opened; an evaluation raising it twice counts once). */
  evaluationCount: number;
  /** Each query's total in the latest evaluation that raised it. */
  queryTotals: Record<string, number>;
}

/** What the evaluator hands over when a CREATE_ALERT action runs. */
export interface RaiseAlertInput {
  accountId: string;
  ruleId: string;
  ruleName: string;
  ruleVersion: number;
  ruleDescription?: string;
  level: AlertLevel;
  evaluationId: string;
  queryTotals: Record<string, number>;
  /** Epoch ms. */
  now: number;
}

/** The evaluator's side: raise and resolve a rule's active alert. */
export interface AlertStore {
  /** Updates the rule's ACTIVE alert (level, totals, count + 1 for a new evaluation id) or opens
   * a new one. */
  raise(input: RaiseAlertInput): Promise<{ alert: Alert; created: boolean }>;
  /** Resolves the rule's ACTIVE alert, if it has one; answers it as it now is. */
  resolve(input: {
    accountId: string;
    ruleId: string;
    evaluationId: string;
    now: number;
  }): Promise<Alert | undefined>;
}

export interface ListAlertsInput {
  accountId: string;
  ruleId?: string;
  status?: AlertStatus;
  level?: AlertLevel;
  limit?: number;
  cursor?: string;
}

export interface AlertPage {
  alerts: Alert[];
  /** Pass as `cursor` for the next page; absent on the last one. */
  cursor?: string;
}

/** The HTTP side: GET /alerts, GET /alerts/{alertId}, POST /alerts/{alertId}/dismiss. */
export interface AlertApi {
  /** Newest first (createdOn descending, then id). */
  list(input: ListAlertsInput): Promise<AlertPage>;
  get(ref: { accountId: string; alertId: string }): Promise<Alert>;
  /** ACTIVE -> DISMISSED; a DISMISSED alert answers as it is; a RESOLVED one is 409. */
  dismiss(ref: { accountId: string; alertId: string }): Promise<Alert>;
}
