import type { AlertView, EntityView } from './views';

/**
 * SEND_CHAT_MESSAGE's Slack message (docs/guide/actions-and-integrations.md, "SEND_CHAT_MESSAGE";
 * issue 28), drawn from the alert's view: a `header` block with the rule's name, then one
 * attachment coloured by the level holding the fields (level, entities, time), the body, the
 * entity list and the buttons to the alert and the rule. The header stands outside the
 * attachment so that the top-level `text` is only the notification's fallback (Slack shows the
 * `text` of a message without blocks above its attachments).
 *
 * Every graph or template text in mrkdwn is escaped as Slack asks (`&`, `<`, `>`), and a link's
 * label loses its `|`: a name like `<!channel>` or `<https://x|y>` arrives as text, never as a
 * mention or a link; every mrkdwn object is `verbatim`, so Slack does not turn a bare URL, a
 * channel name or an `@here` in them into a link or a mention either. plain_text (the header,
 * button labels) is never parsed. Slack's limits are
 * kept: 150 characters of header, 3000 of section text, 2000 of a field.
 */
export interface SlackText {
  type: 'plain_text' | 'mrkdwn';
  text: string;
  emoji?: boolean;
  /** mrkdwn only: true, so that Slack links and mentions only what the message spells out. */
  verbatim?: boolean;
}

export interface SlackButton {
  type: 'button';
  text: SlackText;
  url: string;
  action_id: string;
}

export type SlackBlock =
  | { type: 'header'; text: SlackText }
  | { type: 'section'; text: SlackText }
  | { type: 'section'; fields: SlackText[] }
  | { type: 'actions'; elements: SlackButton[] };

export interface SlackAttachment {
  color: string;
  blocks: SlackBlock[];
  fallback: string;
}

/** What chat.postMessage (with a `channel`) and an incoming webhook receive. */
export interface SlackMessage {
  /** The notification's text: the subject, escaped. */
  text: string;
  blocks: SlackBlock[];
  attachments: SlackAttachment[];
}

/** Entities listed by name in a Slack message; the rest are counted ("and N more"). */
export const SLACK_ENTITY_ROWS = 10;
export const HEADER_MAX = 150;
export const SECTION_MAX = 3000;
const FIELD_MAX = 2000;
const URL_MAX = 3000;
/** An entity's name, class or type in the list, before escaping. */
const NAME_MAX = 200;

export function slackMessage(view: AlertView, colour: string): SlackMessage {
  const fallback = escapeMrkdwn(clip(view.subject, SECTION_MAX));
  return {
    text: fallback,
    blocks: [header(view.rule.name)],
    attachments: [{ color: colour, blocks: attachmentBlocks(view), fallback }],
  };
}

function header(name: string): SlackBlock {
  const text = name.trim() === '' ? 'graphsync alert' : clip(name, HEADER_MAX);
  return { type: 'header', text: { type: 'plain_text', text, emoji: true } };
}

function attachmentBlocks(view: AlertView): SlackBlock[] {
  const blocks: SlackBlock[] = [
    {
      type: 'section',
      fields: [
        field('Level', view.level?.name ?? 'none'),
        field('Entities', String(view.entityCount)),
        field('Evaluated', view.time),
      ],
    },
  ];
  if (view.body.trim() !== '') blocks.push(mrkdwnSection(clipMrkdwn(view.body, SECTION_MAX)));
  if (view.entityCount > 0) blocks.push(mrkdwnSection(entityList(view)));
  const buttons = [
    button('View alert', view.alertLink, 'view_alert'),
    button('Open rule', view.rule.link, 'open_rule'),
  ].filter((b): b is SlackButton => b !== undefined);
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons });
  return blocks;
}

function field(name: string, value: string): SlackText {
  return {
    type: 'mrkdwn',
    text: `*${name}*\n${clipMrkdwn(value, FIELD_MAX - name.length - 3)}`,
    verbatim: true,
  };
}

function mrkdwnSection(text: string): SlackBlock {
  return { type: 'section', text: { type: 'mrkdwn', text, verbatim: true } };
}

function button(label: string, url: string | null, actionId: string): SlackButton | undefined {
  if (url === null || url === '' || url.length > URL_MAX) return undefined;
  return { type: 'button', text: { type: 'plain_text', text: label }, url, action_id: actionId };
}

/**
 * `• <link|name> — class, type` for the first SLACK_ENTITY_ROWS entities (fewer when the section
 * would pass 3000 characters), then `and N more` for the rest of entityCount.
 */
export function entityList(view: Pick<AlertView, 'entities' | 'entityCount'>): string {
  const lines: string[] = [];
  let length = 0;
  for (const entity of view.entities.slice(0, SLACK_ENTITY_ROWS)) {
    const line = entityLine(entity);
    // Room for this line and a last `and N more` line.
    if (length + line.length + 1 > SECTION_MAX - 40) break;
    lines.push(line);
    length += line.length + 1;
  }
  const more = view.entityCount - lines.length;
  if (more > 0) lines.push(`and ${more} more`);
  return lines.join('\n');
}

function entityLine(entity: EntityView): string {
  const detail = [entity.class, entity.type]
    .filter((t) => t !== '')
    .map((t) => clip(t, NAME_MAX))
    .join(', ');
  const name = mrkdwnLink(entity.link, clip(entity.displayName, NAME_MAX));
  const deleted = entity.deleted ? ' (deleted)' : '';
  return `• ${name}${detail === '' ? '' : ` — ${escapeMrkdwn(detail)}`}${deleted}`;
}

/** Slack's escaping of text in mrkdwn: `&`, `<` and `>` as entities, all else as is. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<url|label>`: the label escaped and without `|` (which would end it), the URL kept whole. */
export function mrkdwnLink(url: string, label: string): string {
  const target = url.replace(/[<>|\s]/g, encodeURIComponent).replace(/&/g, '&amp;');
  return `<${target}|${escapeMrkdwn(label).replace(/\|/g, '¦')}>`;
}

/** At most `max` characters, the last being `…` when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Text escaped, then at most `max` characters, never cut inside an entity such as `&amp;`. */
export function clipMrkdwn(text: string, max: number): string {
  const out = escapeMrkdwn(text);
  if (out.length <= max) return out;
  return `${out.slice(0, max - 1).replace(/&[a-z]{0,3}$/, '')}…`;
}
