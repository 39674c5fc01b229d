import { createHash } from 'node:crypto';
import { ValidationError } from '../errors/app-error';

/**
 * The opaque cursor of a query's next page: the offset of that page and a digest of the query it
 * belongs to (text and includeDeleted), base64url-encoded. A cursor of another query, or anything
 * made up, is a 400.
 */
export function encodeQueryCursor(offset: number, query: string, includeDeleted: boolean): string {
  return Buffer.from(`${offset}.${digest(query, includeDeleted)}`, 'utf8').toString('base64url');
}

/** The offset the cursor's page starts at. */
export function decodeQueryCursor(cursor: string, query: string, includeDeleted: boolean): number {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^(\d{1,15})\.([0-9a-f]{16})$/.exec(text);
  if (match === null || match[2] !== digest(query, includeDeleted)) {
    throw new ValidationError(
      "'cursor' is not a cursor of this query: pass the cursor of the previous page with the same query and includeDeleted",
    );
  }
  return Number(match[1]);
}

function digest(query: string, includeDeleted: boolean): string {
  return createHash('sha256')
    .update(`${includeDeleted ? 1 : 0}\n${query}`)
    .digest('hex')
    .slice(0, 16);
}
