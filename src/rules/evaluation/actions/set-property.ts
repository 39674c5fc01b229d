import type { ServiceQueryAction, SetPropertyAction } from '../../rule-types';
import { describeValue } from '../../../common/describe-value';
import { redact } from '../redact';
import { type ActionHandler, renderField } from './action-handler';

/**
 * The actions that change the evaluation's own variables, for later templates and conditions:
 * they run in dry runs too, as what follows reads them.
 */

/** SET_PROPERTY: `targetProperty` = the rendered `targetValue`. */
export interface SetPropertyPlan {
  property: string;
  value: unknown;
}

export const setProperty: ActionHandler<SetPropertyAction, SetPropertyPlan> = {
  async plan(action, input) {
    const value = await renderField(action.targetValue, 'targetValue', input);
    return { property: action.targetProperty, value };
  },
  perform({ property, value }, { context, scope }) {
    // An own data property whatever the name: `__proto__` must not reach the prototype.
    Object.defineProperty(context, property, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    return { inputs: redact({ [property]: value }, scope.secrets) };
  },
};

/** SERVICE_QUERY: the rendered `query`, its result to land at `queries.<name>`. */
export interface ServiceQueryPlan {
  name: string;
  query: string;
}

export const serviceQuery: ActionHandler<ServiceQueryAction, ServiceQueryPlan> = {
  async plan(action, input) {
    const query = await renderField(action.query, 'query', input);
    if (typeof query !== 'string' || query.trim() === '') {
      throw new Error(
        `${input.pointer}/query renders to ${describeValue(query, 200)}, not a query`,
      );
    }
    return { name: action.name, query };
  },
  async perform({ name, query }, { context, scope }) {
    const result = await scope.runQuery(name, query);
    context.queries = { ...context.queries, [name]: result };
    return { inputs: redact({ name, query }, scope.secrets), result: { total: result.total } };
  },
};
