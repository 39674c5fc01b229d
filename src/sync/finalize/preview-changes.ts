import type { GraphAccess } from '../../graph/graph';
import type { PreviewBook, TypeBook } from './preview-book';

/** System properties whose change is bookkeeping, not content (`_type`, `_class` are content). */
const CONTENT_SYSTEM = new Set(['_type', '_class']);

/**
 * Names, for each sampled update of a preview, the properties it changes: one read of the
 * sampled objects' stored properties (at most PREVIEW_SAMPLE per type).
 */
export async function describeChanges(
  graph: Pick<GraphAccess, 'read'>,
  book: PreviewBook,
): Promise<Map<string, string[]>> {
  const ids = (books: Map<string, TypeBook>) =>
    [...books.values()].flatMap((b) => b.samples.update.map((s) => s.update!.id));
  const entityIds = ids(book.entityTypes);
  const relationshipIds = ids(book.relationshipTypes);
  if (entityIds.length === 0 && relationshipIds.length === 0) return new Map();
  const rows = await graph.read<{ id: string; props: Record<string, unknown> }>(
    'sync/read-stored-properties',
    { entityIds, relationshipIds },
  );
  const stored = new Map(rows.map((r) => [r.id, r.props]));
  const changes = new Map<string, string[]>();
  for (const books of [book.entityTypes, book.relationshipTypes]) {
    for (const b of books.values()) {
      for (const s of b.samples.update) {
        const u = s.update!;
        changes.set(u.id, changedNames(stored.get(u.id) ?? {}, u.props, u.merge));
      }
    }
  }
  return changes;
}

/**
 * The content properties an update changes: those it writes with another value (a null written
 * by PATCH removes), and, when it replaces the stored content (`merge` false), those it drops.
 */
export function changedNames(
  stored: Record<string, unknown>,
  written: Record<string, unknown>,
  merge: boolean,
): string[] {
  const content = (name: string) => !name.startsWith('_') || CONTENT_SYSTEM.has(name);
  const names = new Set<string>();
  for (const [name, value] of Object.entries(written)) {
    if (!content(name)) continue;
    if (same(stored[name], value)) continue;
    names.add(name);
  }
  if (!merge) {
    for (const name of Object.keys(stored))
      if (content(name) && !(name in written)) names.add(name);
  }
  return [...names].sort();
}

/** Equal values; `_class` is stored as a string or a list, so a one-item list equals its item. */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    JSON.stringify(Array.isArray(v) && v.length === 1 ? v[0] : (v ?? null));
  return norm(a) === norm(b);
}
