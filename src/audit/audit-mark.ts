import {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  type AuditAction,
  type AuditTargetType,
} from './audit-types';

/**
 * An audited operation's mark in openapi.yaml, its `x-audit` extension:
 * `x-audit: { target: rule, action: update, idFrom: path.ruleId }`. The marks are the one list of
 * the API's audited operations; the HTTP edge records an event after each 2xx of a marked one.
 *
 * `idFrom` says where the target's id is:
 * - `path.<name>`: a path parameter (`path.ruleId`);
 * - `response.<a>.<b>`: a string in the JSON answer (`response.rule.id`, for creations);
 * - `account`: the account the change is made in (account settings).
 */
export interface AuditMark {
  readonly target: AuditTargetType;
  readonly action: AuditAction;
  readonly idFrom: string;
}

const ID_FROM = /^(account|path\.[A-Za-z][A-Za-z0-9]*|response(\.[A-Za-z][A-Za-z0-9]*)+)$/;

/** The `x-audit` value of `operationId` checked (a start-up error when malformed), or undefined. */
export function auditMarkOf(operationId: string, value: unknown): AuditMark | undefined {
  if (value === undefined) return undefined;
  const mark = (value ?? {}) as Record<string, unknown>;
  const { target, action, idFrom } = mark;
  const ok =
    typeof target === 'string' &&
    (AUDIT_TARGETS as readonly string[]).includes(target) &&
    typeof action === 'string' &&
    (AUDIT_ACTIONS as readonly string[]).includes(action) &&
    typeof idFrom === 'string' &&
    ID_FROM.test(idFrom) &&
    Object.keys(mark).length === 3;
  if (!ok) {
    throw new Error(
      `openapi.yaml: x-audit of '${operationId}' must be { target: ${AUDIT_TARGETS.join('|')}, action: ${AUDIT_ACTIONS.join('|')}, idFrom: path.<name> | response.<field>... | account }`,
    );
  }
  return { target, action, idFrom } as AuditMark;
}

/**
 * The target's id per the mark: from the path parameters, the answer, or the account; undefined
 * when the place holds no non-empty string.
 */
export function auditTargetId(
  idFrom: string,
  from: { params: Readonly<Record<string, string>>; response: unknown; accountId: string },
): string | undefined {
  if (idFrom === 'account') return from.accountId;
  const [source, ...steps] = idFrom.split('.');
  let value: unknown = source === 'path' ? from.params : from.response;
  for (const step of steps) {
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[step]
        : undefined;
  }
  return typeof value === 'string' && value !== '' ? value : undefined;
}
