import type { SecretMode } from './secret-value';

/**
 * What rule templates see (docs/guide/rules.md, "Templates"): the results of the rule's queries,
 * the account's parameters, the rule's own names, and whatever the evaluation set so far
 * (SET_PROPERTY outputs such as `alertLevel`, a FOR_EACH_ITEM's `itemRef`, SERVICE_QUERY results).
 * Plain data: the evaluator builds it, this module only reads it.
 */

/** One named query's result as templates see it: `queries.<name>.data` / `.total`. */
export interface QueryResultContext {
  /** List rows are `{ id, entity, properties }` vertices; table rows are flat objects. */
  data: unknown[];
  total: number;
}

/** The variables of a template evaluation. Open: every key is a top-level template variable. */
export interface TemplateContext {
  queries?: Record<string, QueryResultContext>;
  param?: Record<string, unknown>;
  alertRuleName?: string;
  alertRuleId?: string;
  alertRuleDescription?: string;
  alertWebLink?: string;
  alertLevel?: string;
  [name: string]: unknown;
}

/** How a template is rendered, beyond its variables. */
export interface RenderOptions {
  /** What becomes of secret parameters (secret-value.ts); `hide` unless said. */
  secrets?: SecretMode;
  /** The rule's `templates` (name -> template text), which `mapTemplate(name)` renders. */
  templates?: Readonly<Record<string, unknown>>;
  /** JSON pointer of the value being rendered (e.g. `/operations/0/actions/2/body`), for errors. */
  pointer?: string;
  /** Rule templates `mapTemplate` may still render within this call (set by the renderer). */
  budget?: { left: number };
}
