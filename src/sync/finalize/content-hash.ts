import { createHash } from 'node:crypto';

/**
 * A stable digest of an object's content (key order does not matter), stored as `_hash` so that a
 * DIFF can tell an unchanged entity or relationship without rewriting it.
 */
export function contentHash(value: unknown): string {
  return createHash('sha1').update(canonicalJson(value)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Drops null values (absent, for DIFF and PUT). */
export function withoutNulls<T>(props: Record<string, T | null>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(props)) if (v !== null) out[k] = v;
  return out;
}

/** What makes an entity "the same" for DIFF: type, classes and custom properties. */
export function entityHash(e: {
  type?: string;
  classes?: string[];
  properties: Record<string, unknown>;
}): string {
  return contentHash({ t: e.type, c: e.classes, p: withoutNulls(e.properties) });
}

/** What makes a relationship "the same" for DIFF: its class, type, ends and properties. */
export function relationshipHash(r: {
  type: string;
  class: string;
  fromKey?: string;
  toKey?: string;
  fromId?: string;
  toId?: string;
  fromScope?: string;
  toScope?: string;
  properties: Record<string, unknown>;
}): string {
  return contentHash({
    // Only CROSS_SCOPE relationships name the scopes of their ends (other hashes stay as stored).
    ...(r.fromScope === undefined ? {} : { fs: r.fromScope, ts: r.toScope ?? null }),
    t: r.type,
    c: r.class,
    f: r.fromKey ?? null,
    o: r.toKey ?? null,
    fi: r.fromId ?? null,
    ti: r.toId ?? null,
    p: withoutNulls(r.properties),
  });
}

/**
 * Hashes computed at upload and kept in the staged batch (staging.ts), so that the finalize does
 * not compute them again: readBatch remembers each object's hash here, and the finalize asks
 * through entityHashOf / relationshipHashOf, which compute it for an object staged without one
 * (an older batch) or built at finalize (a mapped relationship with its ends resolved).
 */
const stagedHashes = new WeakMap<object, string>();

export function rememberHash(object: object, hash: string): void {
  stagedHashes.set(object, hash);
}

export function entityHashOf(e: Parameters<typeof entityHash>[0]): string {
  return stagedHashes.get(e) ?? entityHash(e);
}

export function relationshipHashOf(r: Parameters<typeof relationshipHash>[0]): string {
  return stagedHashes.get(r) ?? relationshipHash(r);
}
