import { ValidationError } from '../errors/app-error';

/**
 * Keyset paging of GET listings (an entity's relationships, rules): the page size check and
 * the opaque cursor, which is the sort key of the previous page's last item, base64url-encoded.
 * A cursor that does not decode to an acceptable key is a 400, never a 500.
 */
export function pageLimit(
  limit: number | undefined,
  bounds: { default: number; max: number },
): number {
  const value = limit ?? bounds.default;
  if (!Number.isInteger(value) || value < 1 || value > bounds.max) {
    throw new ValidationError(`query parameter 'limit' must be an integer from 1 to ${bounds.max}`);
  }
  return value;
}

export function encodeKeysetCursor(lastKey: string): string {
  return Buffer.from(lastKey, 'utf8').toString('base64url');
}

/** The key the next page starts after; `accepts` says which keys the listing sorts by. */
export function decodeKeysetCursor(cursor: string, accepts: (key: string) => boolean): string {
  const key = /^[A-Za-z0-9_-]{1,2000}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  if (key === '' || !accepts(key) || encodeKeysetCursor(key) !== cursor) {
    throw new ValidationError(
      "query parameter 'cursor' is not a cursor of this listing: pass the cursor of the previous page as given",
    );
  }
  return key;
}

/** A listing sorted by a time (ms) and a UUID id (alerts, audit events): the key `<time>:<id>`. */
const TIME_ID_KEY = /^(\d{1,15}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeTimeIdCursor(last: { time: number; id: string }): string {
  return encodeKeysetCursor(`${last.time}:${last.id}`);
}

/** The time and id the next page starts after; a cursor of another shape is a 400. */
export function decodeTimeIdCursor(cursor: string): { time: number; id: string } {
  const [, time, id] = TIME_ID_KEY.exec(decodeKeysetCursor(cursor, (k) => TIME_ID_KEY.test(k)))!;
  return { time: Number(time), id: id! };
}
