/**
 * The benchmark's deterministic graph: entity i and relationship j are pure functions of
 * (seed, index, variant), so nothing is held in memory and every run uploads the same graph.
 */
import { entityHash, relationshipHash } from '../../src/sync/finalize/content-hash';

const TYPES = Array.from({ length: 20 }, (_, t) => `bench_type_${String(t).padStart(2, '0')}`);
const CLASSES = ['Host', 'Application', 'User', 'Account', 'DataStore', 'Firewall', 'Key'];
const REL_CLASSES = ['HAS', 'USES', 'CONTAINS', 'CONNECTS', 'OWNS'];
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];

export type Json = Record<string, unknown>;
export type Variant = 0 | 1;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rngFor(seed: number, kind: number, index: number): () => number {
  return mulberry32(Math.imul(seed, 0x9e3779b1) ^ Math.imul(kind + 1, 0x85ebca6b) ^ index);
}

export function entityKey(i: number): string {
  return `bench-entity-${i}`;
}

function entityType(i: number): string {
  return TYPES[i % TYPES.length]!;
}

/** Entity i as a client uploads it; variant 1 is the "10% change" (a different lastSeenOn). */
export function entity(seed: number, i: number, variant: Variant): Json {
  const r = rngFor(seed, 0, i);
  const t = i % TYPES.length;
  const w = (): string => WORDS[Math.floor(r() * WORDS.length)]!;
  return {
    _key: entityKey(i),
    _type: entityType(i),
    _class: [CLASSES[t % CLASSES.length]!],
    name: `${w()}-${w()}-${i}`,
    displayName: `Bench ${entityType(i)} ${i}`,
    description: `${w()} ${w()} ${w()} ${w()} ${w()}`,
    active: r() < 0.8,
    region: `region-${Math.floor(r() * 12)}`,
    sizeBytes: Math.floor(r() * 1e9),
    score: Math.round(r() * 10_000) / 100,
    createdOn: 1_600_000_000_000 + Math.floor(r() * 1e11),
    lastSeenOn: lastSeenOn(variant),
    tags: [w(), w(), w()],
    webLink: `https://example.com/${entityType(i)}/${i}`,
  };
}

/** Relationship j: from entity j mod N to a pseudo-random other entity; 2N in all. */
export function relationship(seed: number, n: number, j: number, variant: Variant): Json {
  const r = rngFor(seed, 1, j);
  const from = j % n;
  let to = Math.floor(r() * n);
  if (to === from) to = (to + 1) % n;
  const cls = REL_CLASSES[j % REL_CLASSES.length]!;
  return {
    _key: relationshipKey(j),
    _type: `${entityType(from)}_${cls.toLowerCase()}_${entityType(to)}`,
    _class: cls,
    _fromEntityKey: entityKey(from),
    _toEntityKey: entityKey(to),
    weight: Math.round(r() * 1000),
    enabled: r() < 0.9,
    note: `link ${j}`,
    lastSeenOn: lastSeenOn(variant),
  };
}

export function relationshipKey(j: number): string {
  return `bench-rel-${j}`;
}

/** The only property the 10% change changes, on entities and relationships alike. */
export function lastSeenOn(variant: Variant): number {
  return 1_700_000_000_000 + (variant === 1 ? 86_400_000 : 0);
}

/** The 10% change: every tenth entity and every tenth relationship. */
export const changed = (index: number): boolean => index % 10 === 0;

export function countChanged(total: number): number {
  return Math.ceil(total / 10);
}

/** The content hash the service stores for a bench entity (`_hash`), as the floors write it. */
export function entityContentHash(e: Json): string {
  return entityHash({
    type: e._type as string,
    classes: e._class as string[],
    properties: withoutFields(e, ['_key', '_type', '_class']),
  });
}

/** A bench relationship's properties and the content hash the service stores for it. */
export function relationshipContent(r: Json): { properties: Json; hash: string } {
  const properties = withoutFields(r, [
    '_key',
    '_type',
    '_class',
    '_fromEntityKey',
    '_toEntityKey',
  ]);
  const hash = relationshipHash({
    type: r._type as string,
    class: r._class as string,
    fromKey: r._fromEntityKey as string,
    toKey: r._toEntityKey as string,
    properties,
  });
  return { properties, hash };
}

function withoutFields(o: Json, fields: readonly string[]): Json {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !fields.includes(k)));
}
