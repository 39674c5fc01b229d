import { isEmailAddress } from '../common/email-address';
import { ValidationError } from '../errors/app-error';

/**
 * An account's list of addresses as it is stored (notification emails, digest recipients): each an
 * email address, repeats (without case) dropped, at most `max`. The messages name the list.
 */
export function checkEmailList(
  emails: readonly string[],
  max: number,
  messages: { invalid(bad: string): string; tooMany(count: number): string },
): string[] {
  const bad = emails.find((e) => !isEmailAddress(e));
  if (bad !== undefined) throw new ValidationError(messages.invalid(bad));
  const unique = emails.filter(
    (e, i) => emails.findIndex((o) => o.toLowerCase() === e.toLowerCase()) === i,
  );
  if (unique.length > max) throw new ValidationError(messages.tooMany(unique.length));
  return unique;
}
