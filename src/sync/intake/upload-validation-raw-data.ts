import { DEFAULT_RAW_DATA_CONTENT_TYPE, isMediaType } from '../../rawdata/raw-data-content';
import type { RawDataEntry } from '../../rawdata/raw-data-content';
import { fail, isObject, jsonPointer, type UploadedObject } from '../../model/property-rules';

/** Entry names are path segments of the raw-data endpoints: not empty, and of a sane length. */
const MAX_ENTRY_NAME_LENGTH = 1024;

/**
 * Normalizes an entity's `_rawData` from either accepted form into entries:
 * - object form `{ "<name>": { "body": <any>, "contentType"?: string } }`
 * - SDK array form `[{ "name": "<name>", "rawData": <any> }]` (always JSON).
 * A name given twice keeps its last entry. Returns undefined when there is no entry.
 */
export function normalizeRawData(entity: UploadedObject): RawDataEntry[] | undefined {
  const value = entity.raw._rawData;
  if (value === undefined || value === null) return undefined;
  const entries = Array.isArray(value) ? fromArrayForm(value) : fromObjectForm(value);
  if (entries === undefined) {
    fail(
      `${entity.labelled('_rawData')} must be an object of named entries or an array of { name, rawData }`,
    );
  }
  const byName = new Map<string, RawDataEntry>();
  for (const entry of entries) {
    if (!isMediaType(entry.contentType)) {
      fail(
        `${entity.labelled(`_rawData${jsonPointer(entry.name)}/contentType`)} '${entry.contentType}' is not a media type such as application/json or text/plain; charset=utf-8`,
      );
    }
    byName.delete(entry.name);
    byName.set(entry.name, entry);
  }
  return byName.size === 0 ? undefined : [...byName.values()];
}

function fromArrayForm(items: unknown[]): RawDataEntry[] | undefined {
  const entries: RawDataEntry[] = [];
  for (const item of items) {
    if (!isObject(item) || !isEntryName(item.name) || item.rawData === undefined) return undefined;
    entries.push({
      name: item.name,
      contentType: DEFAULT_RAW_DATA_CONTENT_TYPE,
      body: item.rawData,
    });
  }
  return entries;
}

function fromObjectForm(value: unknown): RawDataEntry[] | undefined {
  if (!isObject(value)) return undefined;
  const entries: RawDataEntry[] = [];
  for (const [name, entry] of Object.entries(value)) {
    if (!isEntryName(name) || !isObject(entry) || entry.body === undefined) return undefined;
    const contentType = entry.contentType ?? DEFAULT_RAW_DATA_CONTENT_TYPE;
    if (typeof contentType !== 'string' || contentType === '') return undefined;
    entries.push({ name, contentType, body: entry.body });
  }
  return entries;
}

function isEntryName(name: unknown): name is string {
  return typeof name === 'string' && name !== '' && name.length <= MAX_ENTRY_NAME_LENGTH;
}
