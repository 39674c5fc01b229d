import type { Graph } from '../../src/graph/graph';
import type { ExpectedCounters, GraphDoc } from './graph-data';
import type { JobView } from './jobs-client';

/**
 * Checks in Neo4j that a scope holds exactly one graph: every uploaded key live exactly once, with
 * the uploaded content, and nothing else live. Counts per object (entities and relationships).
 */
export interface ScopeCheck {
  /** Expected keys with no live object (missing or soft-deleted). */
  lost: number;
  /** Extra live objects of a key beyond the first. */
  duplicated: number;
  /** Live objects that are not the expected content: keys not uploaded, or other content. */
  stale: number;
  details: string[];
}

type Stored = Record<string, unknown>;

/** Keys of the scope-contents maps that are projections, not stored properties. */
const PROJECTED = new Set([
  'labels',
  'type',
  'fromKey',
  'toKey',
  'fromId',
  'toId',
  'fromScope',
  'toScope',
]);

export async function checkScope(
  graph: Graph,
  accountId: string,
  scope: string,
  expected: GraphDoc,
): Promise<ScopeCheck> {
  const [row] = await graph.read<{ entities: Stored[]; relationships: Stored[] }>(
    'sync/test-scope-contents',
    { accountId, scope },
  );
  const out: ScopeCheck = { lost: 0, duplicated: 0, stale: 0, details: [] };
  const entityWant = new Map<string, Stored>(
    expected.entities.map((e) => [
      e._key,
      {
        _type: e._type,
        _class: [e._class],
        name: e.name,
        n: e.n,
        v: e.v,
        active: e.active,
        tags: e.tags,
      },
    ]),
  );
  const relWant = new Map<string, Stored>(
    expected.relationships.map((r) => [
      r._key,
      {
        _type: r._type,
        type: r._class,
        fromKey: r._fromEntityKey,
        toKey: r._toEntityKey,
        weight: r.weight,
        v: r.v,
      },
    ]),
  );
  compare('entity', row?.entities ?? [], entityWant, out);
  compare('relationship', row?.relationships ?? [], relWant, out);
  return out;
}

function compare(kind: string, stored: Stored[], want: Map<string, Stored>, out: ScopeCheck): void {
  const live = new Map<string, Stored[]>();
  for (const s of stored) {
    if (s._deleted === true) continue;
    const key = String(s._key);
    live.set(key, [...(live.get(key) ?? []), s]);
  }
  const note = (what: string, keys: string[]): void => {
    if (keys.length > 0) {
      out.details.push(`${keys.length} ${kind} ${what}: ${keys.slice(0, 5).join(', ')}`);
    }
  };
  const lost: string[] = [];
  const dup: string[] = [];
  const other: string[] = [];
  const extra: string[] = [];
  for (const [key, expected] of want) {
    const objs = live.get(key) ?? [];
    if (objs.length === 0) {
      lost.push(key);
      continue;
    }
    if (objs.length > 1) dup.push(key);
    out.duplicated += objs.length - 1;
    if (!objs.some((o) => sameContent(o, expected))) {
      other.push(`${key} (${describeDiff(objs[0]!, expected)})`);
    }
  }
  for (const [key, objs] of live) {
    if (!want.has(key)) {
      extra.push(key);
      out.stale += objs.length;
    }
  }
  out.lost += lost.length;
  out.stale += other.length;
  note('keys lost', lost);
  note('keys duplicated', dup);
  note('keys live with other content', other);
  note('keys live but not in the last upload', extra);
}

function customKeys(o: Stored): string[] {
  return Object.keys(o).filter((k) => !k.startsWith('_') && !PROJECTED.has(k));
}

function sameContent(stored: Stored, expected: Stored): boolean {
  for (const [k, v] of Object.entries(expected)) {
    if (JSON.stringify(stored[k]) !== JSON.stringify(v)) return false;
  }
  // No custom property beyond the expected ones.
  return customKeys(stored).every((k) => k in expected);
}

function describeDiff(stored: Stored, expected: Stored): string {
  const diffs: string[] = [];
  for (const [k, v] of Object.entries(expected)) {
    if (JSON.stringify(stored[k]) !== JSON.stringify(v)) {
      diffs.push(`${k}: ${JSON.stringify(stored[k])} != ${JSON.stringify(v)}`);
    }
  }
  for (const k of customKeys(stored)) if (!(k in expected)) diffs.push(`extra ${k}`);
  return diffs.slice(0, 3).join('; ');
}

/** The counters that differ from what the job must count, as readable lines. */
export function counterMismatches(job: JobView, expected: ExpectedCounters): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(expected) as Array<[keyof ExpectedCounters, number]>) {
    if (job[k] !== v) out.push(`${k}=${String(job[k])} (expected ${v})`);
  }
  return out;
}
