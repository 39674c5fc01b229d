import type { PollingInterval } from '../rule-types';
import { POLLING_INTERVAL_MS, type RuleKey } from './rule-schedule';

/** The BullMQ queue rule evaluations run through (queue mode). */
export const RULE_EVALUATION_QUEUE = 'rule-evaluation';
/** The name of every job a rule's scheduler produces. */
export const EVALUATE_RULE_JOB = 'evaluate-rule';
/** Every rule's scheduler id starts with this; reconcile leaves other schedulers alone. */
export const RULE_SCHEDULER_PREFIX = 'rule:';

/**
 * The id of a rule's job scheduler: `rule:<accountId>:<ruleId>`. Rule ids are UUIDs (no colon),
 * so the id is unambiguous even for account ids that contain colons.
 */
export function ruleSchedulerId(key: RuleKey): string {
  return `${RULE_SCHEDULER_PREFIX}${key.accountId}:${key.ruleId}`;
}

export type EnabledInterval = Exclude<PollingInterval, 'DISABLED'>;

/** How often a rule runs: RULE_SCHEDULE_OVERRIDE when set, else its polling interval. */
export function ruleIntervalMs(interval: EnabledInterval, overrideMs: number | undefined): number {
  return overrideMs ?? POLLING_INTERVAL_MS[interval];
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
