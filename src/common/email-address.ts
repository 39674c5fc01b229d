import { describeValue } from './describe-value';
/**
 * Email addresses as SEND_EMAIL recipients and account notification addresses take them: a bare
 * `local@domain` (no display name, no comments), as a person would type it in a list. Deliberately
 * narrower than RFC 5322: quoted local parts, IP literals and `Name <a@b>` forms are refused, so a
 * rendered template cannot smuggle extra headers or recipients into a message.
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** RFC 5321's limits: 64 characters before the `@`, 254 in all. */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return LOCAL.test(local) && domain.split('.').every((label) => LABEL.test(label));
}

/** Most recipients one message is sent to. */
export const MAX_RECIPIENTS = 100;

/**
 * A rendered `recipients` value -> the addresses, in order, without repeats (compared without
 * case). Takes a list of addresses, a string of them separated by commas, semicolons or spaces, or
 * a list mixing both (a `{{param.list}}` next to literal addresses). Rejects, naming the value, on
 * anything that is not an address, and on an empty or over-long result.
 */
export function parseRecipients(value: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (item: unknown): void => {
    if (Array.isArray(item)) {
      item.forEach(add);
      return;
    }
    if (typeof item !== 'string') {
      throw new Error(`recipients: ${describeValue(item)} is not an email address`);
    }
    for (const address of item.split(/[\s,;]+/).filter((a) => a !== '')) {
      if (!isEmailAddress(address)) {
        throw new Error(`recipients: '${clip(address)}' is not an email address`);
      }
      if (!seen.has(address.toLowerCase())) {
        seen.add(address.toLowerCase());
        found.push(address);
      }
    }
  };
  add(value ?? []);
  if (found.length === 0) throw new Error('recipients is empty: there is no one to send to');
  if (found.length > MAX_RECIPIENTS) {
    throw new Error(
      `recipients names ${found.length} addresses; one email goes to at most ${MAX_RECIPIENTS}`,
    );
  }
  return found;
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}
