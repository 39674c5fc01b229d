import type { AlertStore } from '../../alerts/alert-api';
import { jsonPointer } from '../../sync/property-rules';
import { ALERT_LEVELS, type AlertLevel, type RuleAction } from '../rule-types';
import { renderDeep } from '../templates/render';
import { asList, isRecord } from '../templates/result-items';
import { describeValue } from '../templates/template-text';
import type { TemplateContext } from '../templates/template-context';
import type { ActionOutcome } from './evaluation-record';
import {
  isOutbound,
  type OutboundActionHandler,
  type OutboundActionType,
  type RuleIdentity,
} from './outbound-action';
import { redact } from './redact';
import { entityIdsOf } from './result-entities';

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
  dryRun: boolean;
  templates: Readonly<Record<string, string>>;
  /** Secret parameter texts to hide in what is recorded. */
  secrets: readonly string[];
  runQuery: QueryStep;
  queryTotals: () => Record<string, number>;
  /** Set by CREATE_ALERT: the alert this evaluation raised. */
  raised?: { id: string; status: string; change: 'OPENED' | 'UPDATED' | 'RESOLVED' };
}

/** A tag name becomes the property `tag.<name>`: no reserved `_` start, no quoting characters. */
const TAG_NAME = /^[^_\s`\\][^\s`\\]{0,199}$/;

/**
 * Runs a RuleOperation's actions in order (docs/guide/rules.md, "Actions"), each rendered just
 * before it runs so that it sees what earlier ones set. A failing action is recorded and the next
 * one still runs. In a dry run the side effects (alerts, tags, outbound messages) are rendered, not
 * done; SET_PROPERTY and SERVICE_QUERY still run, as later templates read them.
 */
export class ActionRunner {
  constructor(private readonly deps: ActionRunnerDeps) {}

  async runAll(
    actions: readonly RuleAction[],
    context: TemplateContext,
    scope: ActionScope,
    pointer: string,
  ): Promise<ActionOutcome[]> {
    const outcomes: ActionOutcome[] = [];
    for (const [i, action] of actions.entries()) {
      outcomes.push(await this.run(action, context, scope, `${pointer}/${i}`));
    }
    return outcomes;
  }

  private async run(
    action: RuleAction,
    context: TemplateContext,
    scope: ActionScope,
    pointer: string,
  ): Promise<ActionOutcome> {
    const started = this.deps.now();
    const outcome: ActionOutcome = { pointer, type: action.type, status: 'SUCCESS', durationMs: 0 };
    if (action.id !== undefined) outcome.id = action.id;
    try {
      Object.assign(outcome, await this.perform(action, context, scope, pointer));
    } catch (err) {
      outcome.status = 'FAILED';
      outcome.error = redact(err instanceof Error ? err.message : String(err), scope.secrets);
    }
    outcome.durationMs = this.deps.now() - started;
    return outcome;
  }

  private async perform(
    action: RuleAction,
    context: TemplateContext,
    scope: ActionScope,
    pointer: string,
  ): Promise<Partial<ActionOutcome>> {
    const render = (value: unknown, field: string) =>
      renderDeep(value, context, { templates: scope.templates, pointer: `${pointer}/${field}` });
    const dry = (inputs: Record<string, unknown>): Partial<ActionOutcome> => ({
      status: 'DRY_RUN',
      inputs: redact(inputs, scope.secrets),
    });
    switch (action.type) {
      case 'SET_PROPERTY': {
        const value = await render(action.targetValue, 'targetValue');
        // An own data property whatever the name: `__proto__` must not reach the prototype.
        Object.defineProperty(context, action.targetProperty, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
        return { inputs: redact({ [action.targetProperty]: value }, scope.secrets) };
      }
      case 'SERVICE_QUERY': {
        const query = await render(action.query, 'query');
        if (typeof query !== 'string' || query.trim() === '') {
          throw new Error(`${pointer}/query renders to ${describeValue(query, 200)}, not a query`);
        }
        const result = await scope.runQuery(action.name, query);
        context.queries = { ...context.queries, [action.name]: result };
        return {
          inputs: redact({ name: action.name, query }, scope.secrets),
          result: { total: result.total },
        };
      }
      case 'CREATE_ALERT': {
        const level = alertLevelOf(context.alertLevel);
        if (scope.dryRun) return dry({ level });
        const { alert, created } = await this.deps.alerts.raise({
          accountId: scope.accountId,
          ruleId: scope.rule.id ?? '',
          ruleName: scope.rule.name,
          ruleVersion: scope.rule.version ?? 0,
          ...(scope.rule.description === undefined
            ? {}
            : { ruleDescription: scope.rule.description }),
          level,
          evaluationId: scope.evaluationId,
          queryTotals: scope.queryTotals(),
          now: this.deps.now(),
        });
        scope.raised = {
          id: alert.id,
          status: alert.status,
          // Raised again by the same evaluation (FOR_EACH_ITEM): an alert it opened stays OPENED.
          change: created || scope.raised?.change === 'OPENED' ? 'OPENED' : 'UPDATED',
        };
        return {
          target: alert.id,
          inputs: { level },
          result: { alertId: alert.id, created, evaluationCount: alert.evaluationCount },
        };
      }
      case 'TAG_ENTITIES': {
        const entities = asList(await render(action.entities, 'entities'));
        const tags = tagProperties(await render(action.tags, 'tags'), `${pointer}/tags`);
        const ids = [...new Set(entities.flatMap(entityIdsOf))];
        const inputs = { entities: ids.length, tags };
        if (scope.dryRun) return dry(inputs);
        const tagged =
          ids.length === 0 ? 0 : await this.deps.tagger.tag(scope.accountId, ids, tags);
        return {
          inputs: redact(inputs, scope.secrets),
          result: { tagged, notEntities: entities.length - countEntityElements(entities) },
        };
      }
      case 'FOR_EACH_ITEM':
        return this.forEachItem(action, context, scope, pointer);
      default: {
        const { type, ...fields } = action;
        delete fields.id;
        if (!isOutbound(type))
          throw new Error(`${String(type)} is not an action this service runs`);
        const rendered = (await renderDeep(fields, context, {
          templates: scope.templates,
          pointer,
        })) as Record<string, unknown>;
        if (scope.dryRun) return dry(rendered);
        const handler = this.deps.outbound.get(type);
        if (handler === undefined) {
          throw new Error(`${type} cannot run: no ${type} sender is configured in this deployment`);
        }
        const done = await handler.execute({
          accountId: scope.accountId,
          rule: scope.rule,
          evaluationId: scope.evaluationId,
          action: rendered,
          context,
          secrets: scope.secrets,
        });
        return {
          inputs: redact(rendered, scope.secrets),
          ...(done.target === undefined ? {} : { target: redact(done.target, scope.secrets) }),
          ...(done.result === undefined ? {} : { result: redact(done.result, scope.secrets) }),
        };
      }
    }
  }

  /**
   * FOR_EACH_ITEM (docs/guide/actions-and-integrations.md, "SERVICE_QUERY and FOR_EACH_ITEM"): the
   * inner actions once per item, with the item under `itemRef`; SERVICE_QUERY actions first, so the
   * others can read their results. Each item works on its own copy of the variables.
   */
  private async forEachItem(
    action: Extract<RuleAction, { type: 'FOR_EACH_ITEM' }>,
    context: TemplateContext,
    scope: ActionScope,
    pointer: string,
  ): Promise<Partial<ActionOutcome>> {
    const items = asList(
      await renderDeep(action.items, context, {
        templates: scope.templates,
        pointer: `${pointer}/items`,
      }),
    );
    const ordered = [
      ...action.actions.map((a, i) => [a, i] as const).filter(([a]) => a.type === 'SERVICE_QUERY'),
      ...action.actions.map((a, i) => [a, i] as const).filter(([a]) => a.type !== 'SERVICE_QUERY'),
    ];
    const results: NonNullable<ActionOutcome['items']> = [];
    for (const [index, item] of items.entries()) {
      const itemContext: TemplateContext = {
        ...context,
        queries: { ...context.queries },
        [action.itemRef]: item,
      };
      const outcomes: ActionOutcome[] = [];
      for (const [inner, i] of ordered) {
        outcomes.push(await this.run(inner, itemContext, scope, `${pointer}/actions/${i}`));
      }
      results.push({ index, actions: outcomes });
    }
    const failed = results.some((r) => r.actions.some((a) => a.status === 'FAILED'));
    return {
      ...(failed ? { status: 'FAILED' as const, error: 'an action failed for some item' } : {}),
      ...(scope.dryRun ? { status: 'DRY_RUN' as const } : {}),
      inputs: { items: items.length, itemRef: action.itemRef },
      items: results,
    };
  }
}

/** `alertLevel` as SET_PROPERTY left it: one of ALERT_LEVELS in any case; unset means INFO. */
function alertLevelOf(value: unknown): AlertLevel {
  if (value === undefined || value === null || value === '') return 'INFO';
  const level = typeof value === 'string' ? value.toUpperCase() : value;
  if ((ALERT_LEVELS as readonly unknown[]).includes(level)) return level as AlertLevel;
  throw new Error(
    `alertLevel is ${describeValue(value, 200)}; CREATE_ALERT needs one of ${ALERT_LEVELS.join(', ')}`,
  );
}

/** TAG_ENTITIES `tags` rendered -> the properties to write: `tag.<name>` = value (null removes). */
function tagProperties(tags: unknown, pointer: string): Record<string, unknown> {
  if (!Array.isArray(tags)) {
    throw new Error(`${pointer} must be a list of {name, value}, not ${describeValue(tags, 200)}`);
  }
  const out: Record<string, unknown> = {};
  for (const [i, tag] of tags.entries()) {
    const at = `${pointer}${jsonPointer(i)}`;
    if (!isRecord(tag) || typeof tag.name !== 'string' || !TAG_NAME.test(tag.name)) {
      throw new Error(
        `${at}/name must be a tag name (1-200 characters, no spaces, backticks or backslashes, not starting with _)`,
      );
    }
    const value = tag.value ?? null;
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
      throw new Error(`${at}/value must be a string, number, boolean or null`);
    }
    out[`tag.${tag.name}`] = value;
  }
  return out;
}

function countEntityElements(elements: unknown[]): number {
  return elements.filter((e) => entityIdsOf(e).length > 0).length;
}
