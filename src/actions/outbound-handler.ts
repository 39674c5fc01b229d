import type {
  OutboundActionHandler,
  OutboundActionInput,
  OutboundActionResult,
  OutboundActionType,
} from '../rules/evaluation/outbound-action';
import { countDelivery } from '../telemetry/metrics';

/**
 * One outbound action type in its two parts. `plan` is pure: it checks the rendered fields and
 * works out the message (throwing an Error that names the action and the field); `deliver` is the
 * IO: the integration instance, the request, the record's target and result. A check that needs
 * the instance (its config, its secrets) belongs to `deliver`, after the instance is resolved.
 */
export interface OutboundParts<P> {
  plan(input: OutboundActionInput): P;
  deliver(plan: P, input: OutboundActionInput): Promise<OutboundActionResult>;
}

/** The handler the rule engine is handed (OutboundActionHandler): plan, then deliver. */
export function outboundHandler<P>(
  type: OutboundActionType,
  parts: OutboundParts<P>,
): OutboundActionHandler {
  return {
    type,
    // Counted by type and outcome in graphsync_outbound_deliveries_total (a rejected plan too).
    execute: (input) =>
      countDelivery(type, async () => {
        const plan = parts.plan(input);
        return await parts.deliver(plan, input);
      }),
  };
}
