import { type AuditMark, auditTargetId } from './audit-mark';
import { auditSummary } from './audit-summary';
import type { AuditActor, AuditRecord } from './audit-types';

/** A successful change as the edge saw it: the operation's mark, request and answer. */
export interface AuditedChange {
  mark: AuditMark;
  operation: string;
  actor: AuditActor;
  accountId: string;
  params: Readonly<Record<string, string>>;
  request: unknown;
  response: unknown;
  requestId: string | null;
}

/** The event to record for a change (pure); undefined when the mark finds no target id. */
export function auditRecordOf(change: AuditedChange): AuditRecord | undefined {
  const { mark } = change;
  const id = auditTargetId(mark.idFrom, change);
  if (id === undefined) return undefined;
  return {
    accountId: change.accountId,
    actor: change.actor,
    operation: change.operation,
    action: mark.action,
    target: { type: mark.target, id },
    summary: auditSummary({
      target: mark.target,
      action: mark.action,
      request: change.request,
      response: change.response,
    }),
    requestId: change.requestId,
  };
}
