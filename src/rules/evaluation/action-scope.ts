import type { AlertStore } from '../../alerts/alert-api';
import type { AlertRecord } from './alert-decision';
import type { OutboundActionHandler, OutboundActionType, RuleIdentity } from './outbound-action';

/**
 * What actions run with (action-runner.ts, the action table of action-table.ts): the services
 * that do their effects, and one evaluation's view of the world. Types only.
 */

/** Sets (or, with a null value, removes) properties on entities of the account; answers how many. */
export interface EntityTagger {
  tag(accountId: string, entityIds: string[], properties: Record<string, unknown>): Promise<number>;
}

/** Runs one J1QL query of the evaluation (recording it) and answers its result for templates. */
export type QueryStep = (
  name: string,
  query: string,
) => Promise<{ data: unknown[]; total: number }>;

export interface ActionRunnerDeps {
  alerts: AlertStore;
  tagger: EntityTagger;
  outbound: ReadonlyMap<OutboundActionType, OutboundActionHandler>;
  now: () => number;
}

/** One evaluation's view of the world, shared by its actions. */
export interface ActionScope {
  accountId: string;
  rule: RuleIdentity;
  evaluationId: string;
  /** When the evaluation started (epoch ms): the time notifications name. */
  startedOn: number;
  dryRun: boolean;
  templates: Readonly<Record<string, string>>;
  /** Secret parameter texts to hide in what is recorded. */
  secrets: readonly string[];
  runQuery: QueryStep;
  queryTotals: () => Record<string, number>;
  /** Set by CREATE_ALERT: the alert this evaluation raised. */
  raised?: AlertRecord;
}
