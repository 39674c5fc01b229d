/**
 * What notification layouts see (docs/guide/notifications.md, "Layout variables"; decision 0059):
 * one view model per kind of message, built from an evaluation (live, or its stored record) or
 * from the account's alerts (the digest). Email layouts (Handlebars), Slack blocks and plain chat
 * text are all drawn from these, so every channel says the same thing. Plain data: no parameter
 * values, no secrets (views.ts builders replace every secret text with `[secret]`).
 */

/** The kinds of layout an account may override (`/notification-templates/{kind}`). */
export const NOTIFICATION_KINDS = ['alert', 'failure', 'digest'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Entities listed in an alert message; the rest are counted ("and N more"). */
export const ENTITY_ROWS = 25;

/** An alert level as a badge: its name and colours (levels.ts). */
export interface LevelView {
  name: string;
  /** Background colour, `#rrggbb`. */
  colour: string;
  /** Text colour on that background, `#rrggbb`. */
  textColour: string;
}

/** The rule a message is about, with its page in the console (null for an unsaved rule). */
export interface RuleView {
  id: string | null;
  name: string;
  description: string | null;
  link: string | null;
}

/** One entity row of an alert message. */
export interface EntityView {
  id: string;
  displayName: string;
  /** Its classes, joined by `, `. */
  class: string;
  type: string;
  /** Its page in the console. */
  link: string;
  /** Deleted since the evaluation (a preview of a stored evaluation only). */
  deleted: boolean;
}

/** The frame every message shares: who sent it and when. */
interface Frame {
  /** The message's subject line, also its heading. */
  subject: string;
  /** The console's address. */
  consoleLink: string;
  /** When, as `2026-11-29 03:40 UTC`. */
  time: string;
}

/** An alert message (SEND_EMAIL, SEND_CHAT_MESSAGE). */
export interface AlertView extends Frame {
  kind: 'alert';
  rule: RuleView;
  /** The alert level SET_PROPERTY set, or null. */
  level: LevelView | null;
  /** The action's rendered `body` (Jexl templates already rendered), as text. */
  body: string;
  /** The first ENTITY_ROWS entities the rule's queries returned. */
  entities: EntityView[];
  /** How many entities the queries returned in all. */
  entityCount: number;
  /** entityCount - entities.length: the "and N more". */
  moreEntities: number;
  /** The rule's alerts in the console (alertWebLink), or null. */
  alertLink: string | null;
  evaluationId: string;
}

/** A failure notice (`notifyOnFailure`). */
export interface FailureView extends Frame {
  kind: 'failure';
  rule: RuleView;
  errors: string[];
  evaluationId: string;
  /** The evaluation record in the API. */
  recordLink: string | null;
}

/** One rule's line in a digest. */
export interface DigestRuleView {
  rule: RuleView;
  /** Alerts opened in the period. */
  opened: number;
  /** Alerts open at the period's end. */
  open: number;
  /** Alerts dismissed in the period. */
  dismissed: number;
  /** Its alerts in the console. */
  alertLink: string;
}

/** One level's section of a digest, highest first. */
export interface DigestLevelView {
  level: LevelView;
  rules: DigestRuleView[];
}

/** The daily or weekly digest of an account's alerts. */
export interface DigestView extends Frame {
  kind: 'digest';
  accountId: string;
  /** DAILY or WEEKLY. */
  frequency: string;
  /** The period, as `from` (inclusive) and `to` (exclusive) times. */
  from: string;
  to: string;
  levels: DigestLevelView[];
  totals: { opened: number; open: number; dismissed: number };
  /** The alerts screen of the console. */
  alertsLink: string;
}

export type NotificationView = AlertView | FailureView | DigestView;

/** The view of each kind. */
export interface ViewOfKind {
  alert: AlertView;
  failure: FailureView;
  digest: DigestView;
}

/**
 * The variables a layout of each kind may use, for the check at save (layout-check.ts) and the
 * guide: a name is a value, or the variables of an object (`{ fields }`) or of a list's items
 * (`{ items }`, what `{{#each}}` sees).
 */
export type VariableSchema =
  'value' | { fields: Record<string, VariableSchema> } | { items: VariableSchema };

const value = 'value' as const;
const LEVEL: VariableSchema = { fields: { name: value, colour: value, textColour: value } };
const RULE: VariableSchema = {
  fields: { id: value, name: value, description: value, link: value },
};
const FRAME = { subject: value, consoleLink: value, time: value, kind: value };

export const LAYOUT_VARIABLES: Readonly<Record<NotificationKind, Record<string, VariableSchema>>> =
  {
    alert: {
      ...FRAME,
      rule: RULE,
      level: LEVEL,
      body: value,
      entities: {
        items: {
          fields: {
            id: value,
            displayName: value,
            class: value,
            type: value,
            link: value,
            deleted: value,
          },
        },
      },
      entityCount: value,
      moreEntities: value,
      alertLink: value,
      evaluationId: value,
    },
    failure: {
      ...FRAME,
      rule: RULE,
      errors: { items: value },
      evaluationId: value,
      recordLink: value,
    },
    digest: {
      ...FRAME,
      accountId: value,
      frequency: value,
      from: value,
      to: value,
      levels: {
        items: {
          fields: {
            level: LEVEL,
            rules: {
              items: {
                fields: {
                  rule: RULE,
                  opened: value,
                  open: value,
                  dismissed: value,
                  alertLink: value,
                },
              },
            },
          },
        },
      },
      totals: { fields: { opened: value, open: value, dismissed: value } },
      alertsLink: value,
    },
  };
