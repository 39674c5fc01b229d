import { hash } from 'node:crypto';

/**
 * The fixed-size form of a `_key` that the graph indexes (decision 0035). A key may be 7000
 * characters, up to 28,000 bytes of UTF-8, and Neo4j's range indexes hold at most ~8 KB per
 * entry, so the uniqueness constraint and every lookup by key use this digest instead: the
 * SHA-256 of the key's UTF-8 form, base64url (43 characters). Entities and relationships store it
 * as `_keyHash`, graphsync's staging records as `keyHash`. A lookup by digest also compares the
 * key itself, so two keys could share a digest and still never be confused.
 */
export function keyHash(key: string): string {
  return hash('sha256', key, 'base64url');
}

/** keyHash of a key that may be absent; null stays null (and matches nothing in Cypher). */
export function keyHashOf(key: string | null | undefined): string | null {
  return key === null || key === undefined ? null : keyHash(key);
}

/** A key and its digest as statement rows carry them (`row.key`, `row.keyHash`). */
export function keyRef(key: string | null | undefined): {
  key: string | null;
  keyHash: string | null;
} {
  return { key: key ?? null, keyHash: keyHashOf(key) };
}

/**
 * The digest of a stored object's key as a statement returns it: its `_keyHash`, or computed from
 * its key where it has none (null or '': written before decision 0035); null without either.
 */
export function storedKeyHash(o: { key: string | null; keyHash: string | null }): string | null {
  if (o.keyHash !== null && o.keyHash !== '') return o.keyHash;
  return o.key === null ? null : keyHash(o.key);
}
