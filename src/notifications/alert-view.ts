import type { OutboundActionInput, RuleIdentity } from '../rules/evaluation/outbound-action';
import type { QueryResultContext } from '../rules/templates/template-context';
import { isEntityShaped, isRecord } from '../rules/templates/result-items';
import { levelView, timeText } from './levels';
import type { Links } from './links';
import { hideSecrets } from './hide-secrets';
import {
  ENTITY_ROWS,
  type AlertView,
  type EntityView,
  type FailureView,
  type RuleView,
} from './views';

/** What an alert message is drawn from: a live evaluation's, or a stored record's. */
export interface AlertFacts {
  rule: RuleIdentity;
  level: unknown;
  /** The action's rendered body as text ('' for none). */
  body: string;
  entities: { rows: EntityView[]; total: number };
  alertLink: string | null;
  evaluationId: string;
  startedOn: number;
  /** Secret parameter texts: each becomes `[secret]` wherever it appears in the view. */
  secrets: readonly string[];
}

/**
 * A live evaluation's alert view (SEND_EMAIL, SEND_CHAT_MESSAGE): `body` is the action's text as
 * that action shows it; the entities come from the query results, the link from alertWebLink.
 */
export function liveAlertView(input: OutboundActionInput, body: string, links: Links): AlertView {
  const { context } = input;
  const link = context.alertWebLink;
  return alertView(
    {
      rule: input.rule,
      level: context.alertLevel,
      body,
      entities: entitiesOfQueries(context.queries, links),
      alertLink: typeof link === 'string' && link !== '' ? link : null,
      evaluationId: input.evaluationId,
      startedOn: input.startedOn ?? Date.now(),
      secrets: input.secrets,
    },
    links,
  );
}

/** An email's body when its action has none: the rule, and each query's total. */
export function defaultBody(
  ruleName: string,
  totals: ReadonlyArray<readonly [string, number | string]>,
): string {
  return [`Rule '${ruleName}' sent this email.`, ...totals.map(([q, t]) => `${q}: ${t}`)].join(
    '\n',
  );
}

export function alertView(facts: AlertFacts, links: Links): AlertView {
  const level = levelView(facts.level);
  const rule = ruleView(facts.rule, links);
  const rows = facts.entities.rows.slice(0, ENTITY_ROWS);
  return hideSecrets(
    {
      kind: 'alert',
      subject: level === null ? rule.name : `[${level.name}] ${rule.name}`,
      consoleLink: links.console,
      time: timeText(facts.startedOn),
      rule,
      level,
      body: facts.body,
      entities: rows,
      entityCount: facts.entities.total,
      moreEntities: Math.max(0, facts.entities.total - rows.length),
      alertLink: facts.alertLink,
      evaluationId: facts.evaluationId,
    },
    facts.secrets,
  );
}

/** A failure notice's view: the rule, each error of the record, the record's link. */
export function failureView(
  facts: { rule: RuleIdentity; errors: string[]; evaluationId: string; startedOn: number },
  links: Links,
): FailureView {
  const rule = ruleView(facts.rule, links);
  return {
    kind: 'failure',
    subject: `[graphsync] Rule '${rule.name}' failed`,
    consoleLink: links.console,
    time: timeText(facts.startedOn),
    rule,
    errors: facts.errors,
    evaluationId: facts.evaluationId,
    recordLink:
      facts.rule.id === undefined ? null : links.evaluation(facts.rule.id, facts.evaluationId),
  };
}

export function ruleView(rule: RuleIdentity, links: Links): RuleView {
  return {
    id: rule.id ?? null,
    name: oneLine(rule.name),
    description: rule.description ?? null,
    link: rule.id === undefined ? null : links.rule(rule.id),
  };
}

/**
 * The distinct entities of a live evaluation's query results, in result order: list rows and
 * the whole-entity columns of table rows (vertices `{ id, entity, properties }`). The first
 * ENTITY_ROWS become rows; all are counted.
 */
export function entitiesOfQueries(
  queries: Record<string, QueryResultContext> | undefined,
  links: Links,
): { rows: EntityView[]; total: number } {
  const seen = new Set<string>();
  const rows: EntityView[] = [];
  for (const result of Object.values(queries ?? {})) {
    for (const element of Array.isArray(result.data) ? result.data : []) {
      for (const vertex of verticesOf(element)) {
        const id = vertexId(vertex);
        if (id === undefined || seen.has(id)) continue;
        seen.add(id);
        if (rows.length < ENTITY_ROWS) rows.push(entityRow(id, vertex.entity, links));
      }
    }
  }
  return { rows, total: seen.size };
}

type Vertex = Record<string, unknown> & { entity: Record<string, unknown> };

function verticesOf(element: unknown): Vertex[] {
  if (isEntityShaped(element)) return [element];
  if (!isRecord(element)) return [];
  return Object.values(element).filter((v): v is Vertex => isEntityShaped(v));
}

function vertexId(vertex: Vertex): string | undefined {
  const id = vertex.id ?? vertex.entity._id;
  return typeof id === 'string' ? id : undefined;
}

/** A row from an entity's metadata: the display name falls back to its key, then its id. */
export function entityRow(
  id: string,
  entity: Record<string, unknown>,
  links: Links,
  deleted = false,
): EntityView {
  const texts = (value: unknown) =>
    (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  const name = [entity.displayName, entity.name, entity._key].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  return {
    id,
    displayName: oneLine(name ?? id),
    class: texts(entity._class).join(', '),
    type: texts(entity._type).join(', '),
    link: links.entity(id),
    deleted,
  };
}

/** One line: a name must not break a subject, a header or a table cell. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
