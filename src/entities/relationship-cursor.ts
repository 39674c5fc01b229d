import { ValidationError } from '../errors/app-error';

/**
 * The opaque paging cursor of an entity's relationships: the `_id` (a UUID) of the last
 * relationship of the previous page, base64url-encoded. Anything else is a 400, never a 500.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(lastId: string): string {
  return Buffer.from(lastId, 'utf8').toString('base64url');
}

/** The `_id` the next page starts after. */
export function decodeCursor(cursor: string): string {
  const id = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  if (!UUID.test(id) || encodeCursor(id) !== cursor) {
    throw new ValidationError(
      "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given",
    );
  }
  return id;
}
