import type { Graph } from '../graph/graph';
import { REDACTED, SECRET_PROPERTY_NAME, UNTRACKED_PROPERTIES } from '../model/change-record';

/** A `:_Change` node's properties, `before.<name>` and `after.<name>` included. */
export type StoredChange = Record<string, unknown>;

const UNTRACKED = new Set(UNTRACKED_PROPERTIES);

/**
 * A 'created' change recorded lean (decision 0054): it lists no property, because the values an
 * object was created with are its values now unless a later change says otherwise. A full one
 * (recorded before that decision) lists every tracked property and is shown as stored.
 */
function isLean(c: StoredChange): boolean {
  return c.kind === 'created' && Array.isArray(c.props) && c.props.length === 0;
}

/**
 * The page's changes with the values of each lean 'created' change filled in (`props` and
 * `after.<name>`), as a full record would have held them: one read for the page
 * (history/created-values).
 */
export async function withCreatedValues(
  graph: Graph,
  accountId: string,
  changes: StoredChange[],
): Promise<StoredChange[]> {
  const lean = changes.filter(isLean);
  if (lean.length === 0) return changes;
  const rows = await graph.read<{
    changeId: string;
    current: Record<string, unknown> | null;
    later: StoredChange[];
  }>('history/created-values', {
    accountId,
    changes: lean.map((c) => ({
      changeId: c.changeId,
      objectKind: c.objectKind,
      objectId: c.objectId,
      fromId: c.fromId ?? null,
      at: c.at,
    })),
  });
  const found = new Map(rows.map((r) => [r.changeId, r]));
  return changes.map((c) => {
    const row = isLean(c) ? found.get(String(c.changeId)) : undefined;
    return row === undefined ? c : { ...c, ...createdValues(row.current, row.later) };
  });
}

/**
 * The tracked values an object was created with: for each property, the `before.<name>` of the
 * earliest later change listing it (absent: it was not set), else its value now (`current`,
 * null when the object is gone). A secret-named property shows REDACTED, as a change records it.
 */
export function createdValues(
  current: Record<string, unknown> | null,
  later: StoredChange[],
): StoredChange {
  const at = new Map<string, unknown>();
  for (const change of later) {
    const names = Array.isArray(change.props) ? change.props : [];
    for (const name of names) {
      if (typeof name === 'string' && !at.has(name)) at.set(name, change[`before.${name}`] ?? null);
    }
  }
  for (const [name, value] of Object.entries(current ?? {})) {
    if (!UNTRACKED.has(name) && !at.has(name)) at.set(name, value ?? null);
  }
  const out: StoredChange = {};
  const props: string[] = [];
  for (const [name, value] of at) {
    if (value === null) continue;
    props.push(name);
    out[`after.${name}`] = SECRET_PROPERTY_NAME.test(name) ? REDACTED : value;
  }
  return { ...out, props };
}
