import type { Question } from '../questions/question-query';
import type { ContractEnum } from '../contract/contract-types';
import type { components } from '../generated/openapi';

/**
 * A rule definition after validation and normalisation (src/rules/rule-schema.ts): the standard
 * type names, its defaults filled in, read-only fields dropped. What storage keeps and the
 * evaluator runs. Any value under `operations` may still hold `{{...}}` templates, rendered at
 * evaluation; the types below name `TemplateString` where a template stands in for a non-string.
 *
 * The enums below are the contract's: the compiler proves each list equal to openapi.yaml's
 * (test/unit/contract/contract-enums.test.ts checks the ones the generated types cannot carry).
 */
type Schemas = components['schemas'];

export const POLLING_INTERVALS = [
  'DISABLED',
  'THIRTY_MINUTES',
  'ONE_HOUR',
  'FOUR_HOURS',
  'EIGHT_HOURS',
  'TWELVE_HOURS',
  'ONE_DAY',
  'ONE_WEEK',
] as const;
export type PollingInterval = ContractEnum<
  NonNullable<Schemas['RuleRequest']['pollingInterval']>,
  typeof POLLING_INTERVALS
>;

/** The values of `alertLevel`, the property SET_PROPERTY gives and CREATE_ALERT reads. */
export const ALERT_LEVELS = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type AlertLevel = ContractEnum<Schemas['AlertLevel'], typeof ALERT_LEVELS>;

/** The query language versions a query may name. */
export const QUERY_VERSIONS = ['v1'] as const;
export type QueryVersion = ContractEnum<
  NonNullable<Schemas['RuleQuery']['version']>,
  typeof QUERY_VERSIONS
>;

export const CONDITION_OPERATORS = ['>', '<', '>=', '<=', '=', '==', '!='] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const HTTP_METHODS = ['POST', 'PUT', 'GET', 'HEAD', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Text holding `{{ expression }}`, rendered at evaluation. */
export type TemplateString = string;

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** `[path, operator, value]`: e.g. `['queries.query0.total', '>', 0]`. */
export type ListComparison = [path: string, operator: ConditionOperator, value: JsonPrimitive];
/** `['AND' | 'OR', clause, ...]`, clauses being comparisons or nested groups. */
export type ListGroup = ['AND' | 'OR', ...ListCondition[]];
export type ListCondition = ListComparison | ListGroup;

export interface FilterCondition {
  type: 'FILTER';
  specVersion?: number;
  /** A `{{...}}` template, the list form, or a boolean (a rendered stored instance). */
  condition: TemplateString | ListCondition | boolean;
}
export type RuleCondition = FilterCondition;

export interface RuleOperation {
  /** One condition or a list of them. */
  when: RuleCondition | RuleCondition[];
  actions: RuleAction[];
}

export const ACTION_TYPES = [
  'SET_PROPERTY',
  'CREATE_ALERT',
  'TAG_ENTITIES',
  'SEND_EMAIL',
  'CREATE_TRACKER_TICKET',
  'FOR_EACH_ITEM',
  'SERVICE_QUERY',
  'SEND_CHAT_MESSAGE',
  'WEBHOOK',
  'PUBLISH_TOPIC_MESSAGE',
  'SEND_QUEUE_MESSAGE',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Type names seen in real rules, and the standard name each one normalises to. */
export const ACTION_TYPE_ALIASES = {
  CREATE_JIRA_TICKET: 'CREATE_TRACKER_TICKET',
  JUPITERONE_QUERY: 'SERVICE_QUERY',
  SEND_SLACK_MESSAGE: 'SEND_CHAT_MESSAGE',
  PUBLISH_SNS_MESSAGE: 'PUBLISH_TOPIC_MESSAGE',
  SEND_SQS_MESSAGE: 'SEND_QUEUE_MESSAGE',
  REFLEX_SEND_SQS_MESSAGE: 'SEND_QUEUE_MESSAGE',
} as const satisfies Record<string, ActionType>;

interface ActionBase {
  /** Stored actions carry one; kept as given. */
  id?: string;
}

export interface SetPropertyAction extends ActionBase {
  type: 'SET_PROPERTY';
  targetProperty: string;
  /** One of ALERT_LEVELS (or a template) when targetProperty is `alertLevel`. */
  targetValue: JsonPrimitive;
}

export interface CreateAlertAction extends ActionBase {
  type: 'CREATE_ALERT';
}

export interface EntityTag {
  name: string;
  /** null removes the tag. */
  value: JsonPrimitive;
}

export interface TagEntitiesAction extends ActionBase {
  type: 'TAG_ENTITIES';
  entities: TemplateString | JsonValue[];
  tags: EntityTag[] | TemplateString;
}

export interface SendEmailAction extends ActionBase {
  type: 'SEND_EMAIL';
  recipients: string[] | TemplateString;
  body?: string;
  /** An smtp integration instance to send through; SMTP_URL when absent. */
  integrationInstanceId?: string;
}

export interface CreateTrackerTicketAction extends ActionBase {
  type: 'CREATE_TRACKER_TICKET';
  integrationInstanceId: string;
  entityClass: string;
  project: string;
  summary: string;
  issueType: string;
  /** Passed unchanged to the tracker's API. */
  additionalFields?: JsonObject | TemplateString;
  autoResolve?: boolean | TemplateString;
  resolvedStatus?: string;
  updateContentOnChanges?: boolean | TemplateString;
}

export interface ForEachItemAction extends ActionBase {
  type: 'FOR_EACH_ITEM';
  /** The item's name in templates; `item` when not given. */
  itemRef: string;
  items: TemplateString | JsonValue[];
  actions: RuleAction[];
}

export interface ServiceQueryAction extends ActionBase {
  type: 'SERVICE_QUERY';
  /** Results land at `queries.<name>`. */
  name: string;
  query: string;
}

export interface SendChatMessageAction extends ActionBase {
  type: 'SEND_CHAT_MESSAGE';
  integrationInstanceId: string;
  /** Each starting with `#`. */
  channels: string | string[];
  body: string;
  webhookUrl?: string;
  severity?: string;
  /** `slack` (Block Kit) or `text` (`{text}`); without it, by the route (send-chat-message.ts). */
  format?: string;
}

export interface WebhookAction extends ActionBase {
  type: 'WEBHOOK';
  /** Also accepted as `url`. */
  endpoint: string;
  /** An HttpMethod, or a template. */
  method: string;
  headers?: { [name: string]: string } | TemplateString;
  /** Only with POST, PUT and PATCH. */
  body?: JsonObject | TemplateString;
}

export interface PublishTopicMessageAction extends ActionBase {
  type: 'PUBLISH_TOPIC_MESSAGE';
  integrationInstanceId: string;
  /** Also accepted as `topicArn`. */
  topicResourceName: string;
  data: JsonObject | TemplateString;
}

export interface SendQueueMessageAction extends ActionBase {
  type: 'SEND_QUEUE_MESSAGE';
  integrationInstanceId: string;
  queueUrl: string;
  data: JsonObject | TemplateString;
}

export type RuleAction =
  | SetPropertyAction
  | CreateAlertAction
  | TagEntitiesAction
  | SendEmailAction
  | CreateTrackerTicketAction
  | ForEachItemAction
  | ServiceQueryAction
  | SendChatMessageAction
  | WebhookAction
  | PublishTopicMessageAction
  | SendQueueMessageAction;

export interface RuleLabel {
  labelName: string;
  labelValue: string;
}

interface RuleDefinitionBase {
  /** Unique per account. */
  name: string;
  description?: string;
  specVersion: 1;
  pollingInterval: PollingInterval;
  operations: RuleOperation[];
  /** Template name -> template text, for `mapTemplate`. */
  templates: Record<string, string>;
  /** Context paths recorded with each evaluation, e.g. `queries.query0.total`. */
  outputs: string[];
  notifyOnFailure: boolean;
  triggerActionsOnNewEntitiesOnly: boolean;
  ignorePreviousResults?: boolean;
  tags: string[];
  labels?: RuleLabel[];
  remediationSteps?: string;
  resourceGroupId?: string;
}

/** A rule runs its own question, or a stored one named by `questionId`: exactly one of them. */
export type RuleDefinition = RuleDefinitionBase &
  ({ question: Question; questionId?: never } | { questionId: string; question?: never });
