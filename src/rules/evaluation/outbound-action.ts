import type { TemplateContext } from '../templates/template-context';
import type { ActionType } from '../rule-types';
import type { EvaluationRecord } from './evaluation-record';

/** The actions that leave graphsync (email, chat, tickets, webhooks, topics, queues). */
export const OUTBOUND_ACTION_TYPES = [
  'SEND_EMAIL',
  'CREATE_TRACKER_TICKET',
  'SEND_CHAT_MESSAGE',
  'WEBHOOK',
  'PUBLISH_TOPIC_MESSAGE',
  'SEND_QUEUE_MESSAGE',
] as const satisfies readonly ActionType[];
export type OutboundActionType = (typeof OUTBOUND_ACTION_TYPES)[number];

export function isOutbound(type: ActionType): type is OutboundActionType {
  return (OUTBOUND_ACTION_TYPES as readonly string[]).includes(type);
}

/** The rule an action runs for, as templates and messages name it. */
export interface RuleIdentity {
  id?: string;
  name: string;
  version?: number;
  description?: string;
}

export interface OutboundActionInput {
  accountId: string;
  rule: RuleIdentity;
  evaluationId: string;
  /** When the evaluation started (epoch ms); notifications show it. Unset: the time of sending. */
  startedOn?: number;
  /** The action with every template under it rendered (type and id left out). */
  action: Record<string, unknown>;
  /** The evaluation's variables at this point (alertLevel, queries, param...). */
  context: TemplateContext;
  /** The texts of the account's secret parameters: never to appear in messages or logs (a
   * server's echo included). */
  secrets: readonly string[];
}

export interface OutboundActionResult {
  /** Where it went (a URL, a queue, recipients...), for the evaluation record. */
  target?: string;
  result?: Record<string, unknown>;
}

/**
 * One outbound action type. `execute` resolves once the message is delivered (retrying transient
 * failures itself) and rejects with an Error whose message says what failed; the evaluator records
 * either in the action's outcome.
 */
export interface OutboundActionHandler {
  readonly type: OutboundActionType;
  execute(input: OutboundActionInput): Promise<OutboundActionResult>;
}

/** How stakeholders hear of a failed evaluation of a rule with `notifyOnFailure`. */
export interface FailureNotifier {
  notify(input: {
    accountId: string;
    rule: RuleIdentity;
    record: EvaluationRecord;
  }): Promise<{ status: 'SENT' | 'NOT_SENT'; detail: string }>;
}
