import { createHash } from 'node:crypto';
import { ValidationError } from '../errors/app-error';

/**
 * The opaque cursor of a query's next page: the offset of that page and a digest of the query it
 * belongs to (text, includeDeleted and asOf), base64url-encoded. A cursor of another query, or
 * anything made up, is a 400.
 */
export interface CursorScope {
  query: string;
  includeDeleted: boolean;
  asOf?: number;
}

export function encodeQueryCursor(offset: number, of: CursorScope): string {
  return Buffer.from(`${offset}.${digest(of)}`, 'utf8').toString('base64url');
}

/** The offset the cursor's page starts at. */
export function decodeQueryCursor(cursor: string, of: CursorScope): number {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^(\d{1,15})\.([0-9a-f]{16})$/.exec(text);
  if (match === null || match[2] !== digest(of)) {
    throw new ValidationError(
      "'cursor' is not a cursor of this query: pass the cursor of the previous page with the same query, includeDeleted and asOf",
    );
  }
  return Number(match[1]);
}

function digest(of: CursorScope): string {
  // Cursors made before asOf existed (no asOf) keep their digest.
  const asOf = of.asOf === undefined ? '' : `@${of.asOf}`;
  return createHash('sha256')
    .update(`${of.includeDeleted ? 1 : 0}${asOf}\n${of.query}`)
    .digest('hex')
    .slice(0, 16);
}
