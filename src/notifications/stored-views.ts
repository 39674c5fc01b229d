import type { ActionOutcome, EvaluationRecord } from '../rules/evaluation/evaluation-record';
import type { EvaluationEntities } from '../rules/evaluation/evaluation-service';
import { alertView, defaultBody, failureView } from './alert-view';
import type { Links } from './links';
import { ENTITY_ROWS, type AlertView, type FailureView } from './views';

/**
 * The views of a stored evaluation record, for previews of layouts (`POST
 * /notification-templates/{kind}/preview`): what its alert message or failure notice would have
 * shown. The record's action inputs are already recorded with `[secret]` for secrets.
 */
export function storedAlertView(
  record: EvaluationRecord,
  found: EvaluationEntities,
  links: Links,
): AlertView {
  const actions = allActions(record);
  const message = actions.find((a) => a.type === 'SEND_EMAIL' || a.type === 'SEND_CHAT_MESSAGE');
  const body = message?.inputs?.body;
  const totals = record.queries.map((q) => [q.name, q.total ?? 'failed'] as const);
  return alertView(
    {
      rule: { id: record.ruleId, name: record.ruleName },
      level: levelOf(actions),
      body:
        typeof body === 'string' && body !== ''
          ? body
          : body !== undefined && body !== null && body !== ''
            ? JSON.stringify(body, null, 2)
            : defaultBody(record.ruleName, totals),
      entities: {
        rows: found.entities.slice(0, ENTITY_ROWS).map((e) => ({
          id: e.id,
          displayName: e.displayName ?? e.id,
          class: e.class.join(', '),
          type: e.type,
          link: links.entity(e.id),
          deleted: e.deleted,
        })),
        total: found.total,
      },
      alertLink: record.ruleId === undefined ? null : links.ruleAlerts(record.ruleId),
      evaluationId: record.id,
      startedOn: record.startedOn,
      secrets: [],
    },
    links,
  );
}

export function storedFailureView(record: EvaluationRecord, links: Links): FailureView {
  return failureView(
    {
      rule: { id: record.ruleId, name: record.ruleName },
      errors: record.errors,
      evaluationId: record.id,
      startedOn: record.startedOn,
    },
    links,
  );
}

/** Every action outcome of the record, FOR_EACH_ITEM's inner ones included, in order. */
function allActions(record: EvaluationRecord): ActionOutcome[] {
  const flat = (list: readonly ActionOutcome[]): ActionOutcome[] =>
    list.flatMap((a) => [a, ...(a.items ?? []).flatMap((item) => flat(item.actions ?? []))]);
  return record.operations.flatMap((op) => flat(op.actions ?? []));
}

/** The level the evaluation raised its alert at (CREATE_ALERT's recorded input), if it did. */
function levelOf(actions: ActionOutcome[]): unknown {
  const raised = actions.find((a) => a.type === 'CREATE_ALERT' && a.inputs?.level !== undefined);
  return raised?.inputs?.level;
}
