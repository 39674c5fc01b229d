import type { Random } from './random';

/**
 * The graphs the chaos trials upload: a first sync of N entities and M relationships, and DIFF
 * re-syncs that change, remove and add about 10% of the entities (and the relationships that go
 * with them). A graph is what the scope must hold once its job is applied; `expectedCounters` says
 * what the job must count, given what the scope held before.
 */
export interface EntityDoc {
  _key: string;
  _type: string;
  _class: string;
  name: string;
  n: number;
  v: number;
  active: boolean;
  tags: string[];
}

export interface RelationshipDoc {
  _key: string;
  _type: string;
  _class: string;
  _fromEntityKey: string;
  _toEntityKey: string;
  weight: number;
  v: number;
}

export interface GraphDoc {
  entities: EntityDoc[];
  relationships: RelationshipDoc[];
  /** Next unused entity / relationship number (keys of additions). */
  nextEntity: number;
  nextRelationship: number;
}

export const EMPTY_GRAPH: GraphDoc = {
  entities: [],
  relationships: [],
  nextEntity: 0,
  nextRelationship: 0,
};

const TYPES = [
  { type: 'chaos_host', cls: 'Host' },
  { type: 'chaos_user', cls: 'User' },
  { type: 'chaos_device', cls: 'Device' },
];

function entity(n: number, v: number): EntityDoc {
  const t = TYPES[n % TYPES.length]!;
  return {
    _key: `e${n}`,
    _type: t.type,
    _class: t.cls,
    name: `${t.cls.toLowerCase()} ${n} v${v}`,
    n,
    v,
    active: (n + v) % 2 === 0,
    tags: [`t${n % 7}`, `v${v}`],
  };
}

function relationship(n: number, from: string, to: string, v: number): RelationshipDoc {
  return {
    _key: `r${n}`,
    _type: 'chaos_entity_connects_entity',
    _class: 'CONNECTS',
    _fromEntityKey: from,
    _toEntityKey: to,
    weight: (n * 31 + v) % 97,
    v,
  };
}

/** A first sync: entities e0..e(N-1); relationship j links e(j mod N) to a later entity. */
export function firstGraph(entities: number, relationships: number, version = 1): GraphDoc {
  const es = Array.from({ length: entities }, (_, n) => entity(n, version));
  const rs = Array.from({ length: relationships }, (_, j) => {
    const from = j % entities;
    const to = (from + 1 + Math.floor(j / entities)) % entities;
    return relationship(j, `e${from}`, `e${to === from ? (from + 1) % entities : to}`, version);
  });
  return { entities: es, relationships: rs, nextEntity: entities, nextRelationship: relationships };
}

/**
 * A DIFF re-sync of `prev`: `fraction` of the entities touched, a third each changed, removed and
 * added; relationships of removed entities go, a few others change, each added entity gets two.
 */
export function diffGraph(prev: GraphDoc, rnd: Random, fraction = 0.1): GraphDoc {
  const touched = Math.max(3, Math.round(prev.entities.length * fraction));
  const per = Math.floor(touched / 3);
  const order = rnd.shuffle(prev.entities.map((_, i) => i));
  const changed = new Set(order.slice(0, per).map((i) => prev.entities[i]!._key));
  const removed = new Set(order.slice(per, 2 * per).map((i) => prev.entities[i]!._key));
  let nextEntity = prev.nextEntity;
  let nextRelationship = prev.nextRelationship;
  const entities: EntityDoc[] = [];
  for (const e of prev.entities) {
    if (removed.has(e._key)) continue;
    entities.push(changed.has(e._key) ? entity(e.n, e.v + 1) : e);
  }
  const survivors = entities.map((e) => e._key);
  const added: EntityDoc[] = [];
  for (let i = 0; i < per; i++) added.push(entity(nextEntity++, 1));
  const relationships: RelationshipDoc[] = [];
  const kept = prev.relationships.filter(
    (r) => !removed.has(r._fromEntityKey) && !removed.has(r._toEntityKey),
  );
  const changeEvery = Math.max(1, Math.round(3 / fraction));
  for (const [i, r] of kept.entries()) {
    relationships.push(
      i % changeEvery === 1
        ? relationship(Number(r._key.slice(1)), r._fromEntityKey, r._toEntityKey, r.v + 1)
        : r,
    );
  }
  for (const a of added) {
    const other = survivors[rnd.int(survivors.length)]!;
    const third = survivors[rnd.int(survivors.length)]!;
    relationships.push(relationship(nextRelationship++, a._key, other, 1));
    relationships.push(relationship(nextRelationship++, third, a._key, 1));
  }
  return {
    entities: [...entities, ...added],
    relationships,
    nextEntity,
    nextRelationship,
  };
}

/**
 * Attempts of faulted DIFF re-syncs of one scope, each a 10% change of the one before: attempt n
 * uploads over what attempt n-1 applied (an attempt is only made after the one before finished).
 */
export function diffAttempts(
  scope: string,
  start: GraphDoc,
  rnd: Random,
): () => { scope: string; prev: GraphDoc; next: GraphDoc } {
  let prev = start;
  return () => {
    const next = diffGraph(prev, rnd);
    const attempt = { scope, prev, next };
    prev = next;
    return attempt;
  };
}

export interface ExpectedCounters {
  numEntitiesUploaded: number;
  numEntitiesCreated: number;
  numEntitiesUpdated: number;
  numEntitiesDeleted: number;
  numEntityUpdateErrors: number;
  numRelationshipsUploaded: number;
  numRelationshipsCreated: number;
  numRelationshipsUpdated: number;
  numRelationshipsDeleted: number;
  numRelationshipCreateErrors: number;
}

/** What a DIFF job uploading `next` into a scope holding exactly `prev` must count. */
export function expectedCounters(prev: GraphDoc, next: GraphDoc): ExpectedCounters {
  const e = diffCount(prev.entities, next.entities);
  const r = diffCount(prev.relationships, next.relationships);
  return {
    numEntitiesUploaded: next.entities.length,
    numEntitiesCreated: e.created,
    numEntitiesUpdated: e.updated,
    numEntitiesDeleted: e.deleted,
    numEntityUpdateErrors: 0,
    numRelationshipsUploaded: next.relationships.length,
    numRelationshipsCreated: r.created,
    numRelationshipsUpdated: r.updated,
    numRelationshipsDeleted: r.deleted,
    numRelationshipCreateErrors: 0,
  };
}

function diffCount<T extends { _key: string }>(
  prev: readonly T[],
  next: readonly T[],
): { created: number; updated: number; deleted: number } {
  const before = new Map(prev.map((o) => [o._key, JSON.stringify(o)]));
  const after = new Set(next.map((o) => o._key));
  let created = 0;
  let updated = 0;
  for (const o of next) {
    const old = before.get(o._key);
    if (old === undefined) created++;
    else if (old !== JSON.stringify(o)) updated++;
  }
  const deleted = prev.filter((o) => !after.has(o._key)).length;
  return { created, updated, deleted };
}

/** The upload request bodies of a graph: entities first, then relationships, `per` a request. */
export function uploadBodies(g: GraphDoc, per: number): object[] {
  const bodies: object[] = [];
  for (let i = 0; i < g.entities.length; i += per) {
    bodies.push({ entities: g.entities.slice(i, i + per) });
  }
  for (let i = 0; i < g.relationships.length; i += per) {
    bodies.push({ relationships: g.relationships.slice(i, i + per) });
  }
  return bodies;
}

/** `parts` bodies, each with a share of the entities and of the relationships (concurrent uploads). */
export function splitBodies(g: GraphDoc, parts: number): object[] {
  return Array.from({ length: parts }, (_, p) => ({
    entities: g.entities.filter((_, i) => i % parts === p),
    relationships: g.relationships.filter((_, i) => i % parts === p),
  }));
}
