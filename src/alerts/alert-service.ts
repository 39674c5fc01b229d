import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, UnavailableError } from '../errors/app-error';
import type { Graph } from '../graph/graph';
import { decodeTimeIdCursor, encodeTimeIdCursor, pageLimit } from '../paging/keyset-page';
import type {
  Alert,
  AlertApi,
  AlertPage,
  AlertStore,
  ListAlertsInput,
  RaiseAlertInput,
} from './alert-api';

export const DEFAULT_ALERT_PAGE_SIZE = 100;
export const MAX_ALERT_PAGE_SIZE = 1000;

/** How often raise tries again after losing to a concurrent raise, resolve or dismiss. */
const RAISE_ATTEMPTS = 5;

/** An alert as the statements answer it: absent properties are null, queryTotals is JSON text. */
type AlertNode = Omit<Alert, 'ruleDescription' | 'resolvedOn' | 'dismissedOn' | 'queryTotals'> & {
  ruleDescription: string | null;
  resolvedOn: number | null;
  dismissedOn: number | null;
  queryTotals: string;
};

interface AlertRow {
  alert: AlertNode | null;
}

/**
 * Alerts as `:_Alert` nodes, one per alert, for the rule evaluator (raise, resolve) and the HTTP
 * API (list, get, dismiss). A rule has at most one ACTIVE alert: the active one alone holds
 * `activeRuleId` (the rule's id), unique per account by constraint. Raise MERGEs on it (update the
 * active alert, else open one); resolve and dismiss remove it, so the rule's next raise opens a
 * new alert. A raise that loses a race (the constraint refused it, or the alert it found was
 * resolved or dismissed meanwhile) raises again. Another account's alert is the same 404 as an
 * unknown one.
 */
export class AlertService implements AlertStore, AlertApi {
  private readonly graph: Graph;
  private readonly now: () => number;

  constructor(deps: { graph: Graph; now?: () => number }) {
    this.graph = deps.graph;
    this.now = deps.now ?? Date.now;
  }

  async raise(input: RaiseAlertInput): Promise<{ alert: Alert; created: boolean }> {
    for (let attempt = 1; attempt <= RAISE_ATTEMPTS; attempt++) {
      const id = randomUUID();
      let rows: Array<AlertRow & { created: boolean }>;
      try {
        rows = await this.graph.write<AlertRow & { created: boolean }>('alerts/raise-alert', {
          accountId: input.accountId,
          ruleId: input.ruleId,
          id,
          ruleName: input.ruleName,
          ruleVersion: input.ruleVersion,
          ruleDescription: input.ruleDescription ?? null,
          level: input.level,
          evaluationId: input.evaluationId,
          queryTotals: JSON.stringify(input.queryTotals),
          now: input.now,
        });
      } catch (err) {
        // Another raise opened the rule's active alert first: the next attempt updates it.
        if (err instanceof ConflictError) continue;
        throw err;
      }
      const [row] = rows;
      // No row: the alert it found was resolved or dismissed meanwhile; the next attempt opens one.
      if (row?.alert !== undefined && row.alert !== null) {
        return { alert: toAlert(row.alert), created: row.created };
      }
    }
    throw new UnavailableError(
      `Raising the alert of rule '${input.ruleId}' kept meeting concurrent writes; try again`,
    );
  }

  async resolve(input: {
    accountId: string;
    ruleId: string;
    evaluationId: string;
    now: number;
  }): Promise<Alert | undefined> {
    const [row] = await this.graph.write<AlertRow>('alerts/resolve-alert', input);
    return row?.alert === undefined || row.alert === null ? undefined : toAlert(row.alert);
  }

  async list(input: ListAlertsInput): Promise<AlertPage> {
    const limit = pageLimit(input.limit, {
      default: DEFAULT_ALERT_PAGE_SIZE,
      max: MAX_ALERT_PAGE_SIZE,
    });
    const after = input.cursor === undefined ? undefined : decodeTimeIdCursor(input.cursor);
    const rows = await this.graph.read<AlertRow>('alerts/list-alerts', {
      accountId: input.accountId,
      afterCreatedOn: after?.time ?? null,
      afterId: after?.id ?? null,
      ruleId: input.ruleId ?? null,
      status: input.status ?? null,
      level: input.level ?? null,
      limit,
    });
    const alerts = rows.slice(0, limit).map((row) => found(row, ''));
    const last = rows.length > limit ? alerts[limit - 1] : undefined;
    return last === undefined
      ? { alerts }
      : { alerts, cursor: encodeTimeIdCursor({ time: last.createdOn, id: last.id }) };
  }

  async get(ref: { accountId: string; alertId: string }): Promise<Alert> {
    const [row] = await this.graph.read<AlertRow>('alerts/get-alert', params(ref));
    return found(row, ref.alertId);
  }

  async dismiss(ref: { accountId: string; alertId: string }): Promise<Alert> {
    const [row] = await this.graph.write<AlertRow>('alerts/dismiss-alert', {
      ...params(ref),
      now: this.now(),
    });
    const alert = found(row, ref.alertId);
    if (alert.status === 'RESOLVED') throw alertNotActive(alert);
    return alert;
  }
}

function params(ref: { accountId: string; alertId: string }): { accountId: string; id: string } {
  return { accountId: ref.accountId, id: ref.alertId };
}

function found(row: AlertRow | undefined, alertId: string): Alert {
  if (row?.alert === undefined || row.alert === null) throw alertNotFound(alertId);
  return toAlert(row.alert);
}

/** The node as an Alert, fields in the contract's order: absent ones left out, totals parsed. */
function toAlert(node: AlertNode): Alert {
  return {
    id: node.id,
    ruleId: node.ruleId,
    ruleName: node.ruleName,
    ruleVersion: node.ruleVersion,
    ...(node.ruleDescription === null ? {} : { ruleDescription: node.ruleDescription }),
    level: node.level,
    status: node.status,
    createdOn: node.createdOn,
    updatedOn: node.updatedOn,
    ...(node.resolvedOn === null ? {} : { resolvedOn: node.resolvedOn }),
    ...(node.dismissedOn === null ? {} : { dismissedOn: node.dismissedOn }),
    firstEvaluationId: node.firstEvaluationId,
    lastEvaluationId: node.lastEvaluationId,
    evaluationCount: node.evaluationCount,
    queryTotals: JSON.parse(node.queryTotals) as Record<string, number>,
  };
}

export function alertNotFound(alertId: string): NotFoundError {
  return new NotFoundError(`No alert with id '${alertId}' in this account`, 'ALERT_NOT_FOUND');
}

function alertNotActive(alert: Alert): ConflictError {
  return new ConflictError(
    `Alert '${alert.id}' is ${alert.status}; only an active alert can be dismissed`,
    'ALERT_NOT_ACTIVE',
  );
}
