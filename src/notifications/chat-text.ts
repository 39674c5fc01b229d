import type { AlertView, EntityView } from './views';

/**
 * SEND_CHAT_MESSAGE's message for a chat webhook that is not Slack's (docs/guide/
 * actions-and-integrations.md, "SEND_CHAT_MESSAGE"; issue 28): `{text}`, plain text drawn from the
 * alert's view, as Mattermost, Google Chat, Rocket.Chat and most chat webhooks accept it:
 *
 *     [HIGH] public buckets
 *
 *     <body>
 *
 *     Entities (27):
 *     - logs (DataStore, aws_s3_bucket) https://…/console/entities/…
 *     and 2 more
 *
 *     Alert: https://…/console/alerts?ruleId=…
 *     Rule: https://…/console/rules/…
 *     Evaluated: 2026-11-29 03:40 UTC
 *
 * Names and the body are sent as they are (no markup is added or escaped); the body is cut at
 * BODY_MAX characters.
 */
export interface ChatText {
  text: string;
}

export const BODY_MAX = 3000;

export function chatText(view: AlertView): ChatText {
  const lines = [view.subject];
  const body = view.body.trim();
  if (body !== '')
    lines.push('', body.length <= BODY_MAX ? body : `${body.slice(0, BODY_MAX - 1)}…`);
  if (view.entityCount > 0) {
    lines.push('', `Entities (${view.entityCount}):`, ...view.entities.map(entityLine));
    if (view.moreEntities > 0) lines.push(`and ${view.moreEntities} more`);
  }
  lines.push('');
  if (view.alertLink !== null) lines.push(`Alert: ${view.alertLink}`);
  if (view.rule.link !== null) lines.push(`Rule: ${view.rule.link}`);
  lines.push(`Evaluated: ${view.time}`);
  return { text: lines.join('\n') };
}

function entityLine(entity: EntityView): string {
  const detail = [entity.class, entity.type].filter((t) => t !== '').join(', ');
  const deleted = entity.deleted ? ' (deleted)' : '';
  return `- ${entity.displayName}${detail === '' ? '' : ` (${detail})`}${deleted} ${entity.link}`;
}
