import type { ContractEnum } from '../contract/contract-types';
import type { components } from '../generated/openapi';

/** An alert's level (the rule engine's ALERT_LEVELS are tied to the same enum). */
type AlertLevel = components['schemas']['AlertLevel'];

type Schemas = components['schemas'];

/**
 * Alerts: what a rule's CREATE_ALERT action raises. A rule has at most one ACTIVE alert: each
 * evaluation whose CREATE_ALERT runs updates it (or opens one), and the first evaluation whose
 * condition no longer holds resolves it. A user may dismiss an active alert; the rule's next
 * firing then opens a new one.
 */
export const ALERT_STATUSES = ['ACTIVE', 'RESOLVED', 'DISMISSED'] as const;
export type AlertStatus = ContractEnum<Schemas['AlertStatus'], typeof ALERT_STATUSES>;

/**
 * An alert as the API answers it (openapi.yaml's Alert). `evaluationCount` counts evaluations,
 * not raises: an evaluation raising it twice counts once.
 */
export type Alert = Schemas['Alert'];

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

/** One page of `GET /alerts`; `cursor` is absent on the last one. */
export type AlertPage = Schemas['AlertListResponse'];

/** The HTTP side: GET /alerts, GET /alerts/{alertId}, POST /alerts/{alertId}/dismiss. */
export interface AlertApi {
  /** Newest first (createdOn descending, then id). */
  list(input: ListAlertsInput): Promise<AlertPage>;
  get(ref: { accountId: string; alertId: string }): Promise<Alert>;
  /** ACTIVE -> DISMISSED; a DISMISSED alert answers as it is; a RESOLVED one is 409. */
  dismiss(ref: { accountId: string; alertId: string }): Promise<Alert>;
}
