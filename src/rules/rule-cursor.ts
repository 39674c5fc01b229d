import { ValidationError } from '../errors/app-error';

/**
 * The opaque cursor of the rule listing: the name of the last rule of the previous page
 * (rules are listed by name, which is unique per account), base64url-encoded.
 */
export function encodeRuleCursor(lastName: string): string {
  return Buffer.from(`r:${lastName}`, 'utf8').toString('base64url');
}

export function decodeRuleCursor(cursor: string): string {
  const text = /^[A-Za-z0-9_-]{1,2000}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  if (!text.startsWith('r:') || encodeRuleCursor(text.slice(2)) !== cursor) {
    throw new ValidationError(
      "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given",
    );
  }
  return text.slice(2);
}
