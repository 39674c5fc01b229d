import type { AuditAction, AuditSummary, AuditTargetType, SummaryValue } from './audit-types';

/** What a summary is built from: the change's request body and its JSON answer. */
export interface SummaryInput {
  target: AuditTargetType;
  action: AuditAction;
  request: unknown;
  response: unknown;
}

/**
 * The short description of a change that an audit event keeps. Pure. It never holds a secret
 * value: values are copied only from allow-listed, non-secret fields of the answer (a rule's name
 * and version, a parameter's name and `secret` flag, an integration's name and type...); of the
 * request, only field names are kept (an update's `fields`, a patch's property names). So a
 * parameter's value, an integration's secrets and config values, and a new key's secret never
 * reach the trail.
 */
export function auditSummary(input: SummaryInput): AuditSummary {
  const summary = BUILDERS[input.target](input);
  return input.action === 'update' && !('fields' in summary)
    ? { ...summary, fields: updatedFields(input) }
    : summary;
}

const BUILDERS: Record<AuditTargetType, (input: SummaryInput) => AuditSummary> = {
  rule: ({ response }) => {
    const rule = field(response, 'rule');
    return { name: text(rule.name), version: count(rule.version) };
  },
  question: ({ response }) => {
    const question = field(response, 'question');
    return { title: text(question.title), version: count(question.version) };
  },
  notificationTemplate: ({ response }) => {
    const template = field(response, 'template');
    return { kind: text(template.kind), custom: template.custom === true };
  },
  parameter: ({ response }) => {
    const parameter = field(response, 'parameter');
    return { name: text(parameter.name), secret: parameter.secret === true };
  },
  integration: ({ response }) => {
    const integration = field(response, 'integration');
    return {
      name: text(integration.name),
      type: text(integration.type),
      configFields: names(integration.config),
      secretNames: texts(integration.secretNames),
    };
  },
  subscription: ({ response }) => {
    const subscription = field(response, 'subscription');
    const target = field(subscription, 'target');
    return {
      name: text(subscription.name),
      targetKind: text(target.kind),
      enabled: subscription.enabled === true,
    };
  },
  alert: ({ response }) => {
    const alert = field(response, 'alert');
    return {
      ruleId: text(alert.ruleId),
      ruleName: text(alert.ruleName),
      status: text(alert.status),
    };
  },
  entity: ({ action, request, response }): AuditSummary => {
    if (action === 'delete') {
      const body = object(response);
      const entity = field(body.deletedEntity, 'entity');
      return {
        entityType: texts(entity._type),
        key: text(entity._key),
        relationshipsDeleted: count(body.numRelationshipsDeleted),
      };
    }
    const entity = field(response, 'entity');
    return {
      entityType: texts(entity._type),
      key: text(entity._key),
      fields: names(field(request, 'properties')),
    };
  },
  account: ({ action, request, response }): AuditSummary => {
    // PUT /account/delete-guard answers the guard, not the account.
    const guard = field(response, 'deleteGuard');
    if ('percent' in guard)
      return { deleteGuardPercent: count(guard.percent), fields: ['percent'] };
    const account = field(response, 'account');
    const summary = {
      features: texts(account.features),
      notificationEmails: texts(account.notificationEmails),
    };
    if (action !== 'update') return summary;
    // PUT /account/notification-emails sends `emails`: the account's `notificationEmails`.
    const fields = names(request).map((name) => (name === 'emails' ? 'notificationEmails' : name));
    return { ...summary, fields: fields.filter((f) => f in summary).sort() };
  },
  // Sync jobs are audited by the delete guard (src/sync/finalize/delete-guard.ts), not by a mark.
  syncJob: ({ response }) => {
    const job = field(response, 'job');
    return { status: text(job.status) };
  },
  apiKey: ({ response }) => {
    const key = field(response, 'key');
    return { name: text(key.name), roles: texts(key.roles) };
  },
};

/** Fields of an answer that an update body may echo and that the service ignores. */
const READ_ONLY = new Set(['id', 'createdOn', 'updatedOn', 'secretNames', 'version', 'state']);

function updatedFields(input: SummaryInput): string[] {
  return names(input.request).filter((name) => !READ_ONLY.has(name));
}

function object(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function field(value: unknown, name: string): Record<string, unknown> {
  return object(object(value)[name]);
}

function names(value: unknown): string[] {
  return Object.keys(object(value)).sort();
}

function text(value: unknown): SummaryValue {
  return typeof value === 'string' ? value : null;
}

function count(value: unknown): SummaryValue {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function texts(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.filter((v): v is string => typeof v === 'string');
}
