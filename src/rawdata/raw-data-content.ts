import { createHash } from 'node:crypto';

/** One raw data entry of an entity, normalized from either upload form (issue 5 stores them). */
export interface RawDataEntry {
  name: string;
  contentType: string;
  body: unknown;
}

/** The content type of an entry uploaded without one (and of every SDK array-form entry). */
export const DEFAULT_RAW_DATA_CONTENT_TYPE = 'application/json';

/**
 * A media type as HTTP defines it (RFC 9110 section 8.3.1): `type/subtype` and optional
 * `; name=value` parameters, tokens or quoted strings. The stored type becomes the Content-Type of
 * the download, so nothing else (no control characters, no line breaks) gets through.
 */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
const MEDIA_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`,
);

export function isMediaType(value: string): boolean {
  return value.length <= 256 && MEDIA_TYPE.test(value);
}

/** What one entry stores: its bytes, their length, and a digest that tells versions apart. */
export interface EncodedEntry {
  name: string;
  contentType: string;
  bytes: Buffer;
  /** sha256 of the content type and the bytes: a new type alone also makes a new version. */
  hash: string;
}

/**
 * An entry's content as stored and downloaded: a string body verbatim (UTF-8), anything else as
 * its JSON text. So `{ "body": "<html>..", "contentType": "text/html" }` comes back exactly as
 * sent, and an object comes back as the JSON the client serialised.
 */
export function encodeEntry(entry: RawDataEntry): EncodedEntry {
  const bytes = Buffer.from(
    typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body),
    'utf8',
  );
  const hash = createHash('sha256')
    .update(entry.contentType)
    .update('\n')
    .update(bytes)
    .digest('base64url');
  return { name: entry.name, contentType: entry.contentType, bytes, hash };
}
