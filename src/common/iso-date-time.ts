/** An ISO 8601 date-time with seconds and an offset (`Z` or `±hh:mm`), as query parameters take it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** The date-time as epoch ms; NaN when it is not one (or names no real instant). */
export function isoDateTimeMs(value: string): number {
  return ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
}
