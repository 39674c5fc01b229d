import type { ActionType, RuleAction } from '../rule-types';
import type { ActionHandler } from './actions/action-handler';
import { createAlert } from './actions/create-alert';
import { forEachItem } from './actions/for-each-item';
import { outboundAction } from './actions/outbound-step';
import { serviceQuery, setProperty } from './actions/set-property';
import { tagEntities } from './actions/tag-entities';

/**
 * The action types (docs/guide/rules.md, "Actions"), one entry each: its plan (pure: the fields
 * rendered and checked) and its effect (IO), actions/action-handler.ts. The outbound types share
 * one entry: rendering is the same for all, the checks and delivery are the deployment's sender
 * for the type (src/actions/*.ts).
 */
export const ACTION_HANDLERS = {
  SET_PROPERTY: setProperty,
  SERVICE_QUERY: serviceQuery,
  CREATE_ALERT: createAlert,
  TAG_ENTITIES: tagEntities,
  FOR_EACH_ITEM: forEachItem,
  SEND_EMAIL: outboundAction,
  CREATE_TRACKER_TICKET: outboundAction,
  SEND_CHAT_MESSAGE: outboundAction,
  WEBHOOK: outboundAction,
  PUBLISH_TOPIC_MESSAGE: outboundAction,
  SEND_QUEUE_MESSAGE: outboundAction,
} satisfies {
  readonly [T in ActionType]: ActionHandler<Extract<RuleAction, { type: T }>, unknown>;
};

/** The entry of an action type; a type this service does not know is an error. */
export function actionHandler(type: string): ActionHandler<RuleAction, unknown> {
  if (!Object.hasOwn(ACTION_HANDLERS, type)) {
    throw new Error(`${type} is not an action this service runs`);
  }
  return ACTION_HANDLERS[type as ActionType];
}
