/**
 * The audit trail's vocabulary: who changed what (docs/security.md, "Audit trail"). Every change
 * to an account's rules, questions, parameters, integrations, subscriptions, API keys, account settings, alert
 * dismissals and entities made through the API, the admin API or the CLI is one event.
 */

/**
 * Who made a change: an API key of the account, the admin API (ADMIN_TOKEN), the CLI, or the
 * service itself (a sync job's finalization stopped by the delete guard).
 */
export type AuditActor =
  | { type: 'apiKey'; keyId: string; keyName: string | null }
  | { type: 'admin' }
  | { type: 'cli' }
  | { type: 'service' };

export const AUDIT_TARGETS = [
  'account',
  'alert',
  'apiKey',
  'entity',
  'integration',
  'notificationTemplate',
  'parameter',
  'question',
  'rule',
  'subscription',
  'syncJob',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGETS)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'dismiss'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A summary value: never a secret value (src/audit/audit-summary.ts builds it). */
export type SummaryValue = string | number | boolean | null | string[];
export type AuditSummary = Record<string, SummaryValue>;

/** An event to record: the change's target and summary already worked out. */
export interface AuditRecord {
  accountId: string;
  actor: AuditActor;
  /** The operationId of the API, or the CLI's command (`key create`). */
  operation: string;
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  summary: AuditSummary;
  /** The request's id (X-Request-Id); null for the CLI. */
  requestId: string | null;
}

/** A recorded event, as `GET /audit-events` answers it. */
export interface AuditEvent {
  id: string;
  accountId: string;
  /** Epoch ms. */
  occurredOn: number;
  /** The same instant, ISO 8601. */
  occurredAt: string;
  actor: { type: AuditActor['type']; keyId: string | null; keyName: string | null };
  operation: string;
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  summary: AuditSummary;
  requestId: string | null;
}
