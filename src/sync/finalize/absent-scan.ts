import type { GraphAccess } from '../../graph/graph';
import { keyHash, storedKeyHash } from '../../graph/key-hash';
import type { JobKeys } from './job-keys';

/**
 * What a DIFF or CROSS_SCOPE finalization did not receive, found in the finalizing process
 * (decision 0051): one streamed read of the scope's live objects, each told apart by the job's
 * keys (JobKeys) with the rules the delete steps and their counts share, here in one place.
 */
export interface AbsentRule {
  accountId: string;
  scope: string;
  jobId: string;
  /** Types the finalize named partial: their objects are not deleted for being absent. */
  partialTypes: readonly string[];
  keys: JobKeys;
}

/** A live object of the scope, as a scan gives it to its visitor. */
export interface ScannedObject {
  /** Element id and digest: what a soft delete matches (checked again there). */
  id: string;
  keyHash: string;
  key: string;
  type: string;
}

/** An end of a scanned relationship: all of it when the scan asks for it (`before`). */
type End = {
  deleted: boolean;
  scope: string | null;
  type: string | null;
  key: string | null;
  keyHash: string | null;
};

type RelationshipRow = ScannedObject & {
  hash: string;
  mapped: boolean;
  mappedJob: string | null;
  from: End;
  to: End;
};

type LinkRow = {
  link: string;
  id: string | null;
  key: string;
  keyHash: string;
  hash: string;
  live: boolean | null;
  endDeleted: boolean | null;
};

/**
 * The rule for an entity: absent when the job did not upload its key (`digest`, null for a stored
 * entity without one) and its type is not one the finalize named partial (`spared`). The delete
 * step's scan and a DIFF re-run's snapshot read (scope-snapshot.ts) both apply it.
 */
export function entityAbsent(keys: JobKeys, digest: string | null, spared: boolean): boolean {
  return !spared && !keys.hasEntity(digest);
}

/** Each live entity of the scope, and whether the job left it out (its type not spared). */
export function scanEntities(
  graph: Pick<GraphAccess, 'readEach'>,
  rule: AbsentRule,
  start: () => (row: ScannedObject, absent: boolean) => void,
): Promise<void> {
  const partial = new Set(rule.partialTypes);
  return graph.readEach<ScannedObject>(
    'sync/scan-scope-entities',
    { accountId: rule.accountId, scope: rule.scope },
    () => {
      const visit = start();
      return (row) =>
        visit(row, entityAbsent(rule.keys, storedKeyHash(row), partial.has(row.type)));
    },
  );
}

/**
 * Each live relationship of the scope, and whether DIFF deletes it. `before`: counted before any
 * write of the finalization (the delete guard, the preview), so an end the entity step will
 * delete counts as deleted, and a relationship the job uploaded counts as kept whatever its
 * stored content (the apply step will write the uploaded one); otherwise (the delete step, after
 * the apply and entity steps) a relationship is kept only as the job uploaded it: same key, same
 * content (a mapped one: touched by this job), on two live ends.
 */
export function scanRelationships(
  graph: Pick<GraphAccess, 'readEach'>,
  rule: AbsentRule & { before: boolean; mappedUploaded: boolean },
  start: () => (row: ScannedObject, absent: boolean) => void,
): Promise<void> {
  const partial = new Set(rule.partialTypes);
  const goes = (end: End) =>
    end.deleted ||
    (rule.before &&
      end.scope === rule.scope &&
      !partial.has(end.type ?? '') &&
      !rule.keys.hasEntity(storedKeyHash(end)));
  const unsent = (r: RelationshipRow) => {
    if (partial.has(r.type)) return false;
    if (r.mapped) return rule.before ? !rule.mappedUploaded : r.mappedJob !== rule.jobId;
    return rule.before
      ? !rule.keys.hasRelationship(storedKeyHash(r))
      : !rule.keys.relationshipAsIs(storedKeyHash(r), r.hash);
  };
  return graph.readEach<RelationshipRow>(
    'sync/scan-scope-relationships',
    // The ends' scope, type and key only for the counts made before any write.
    { accountId: rule.accountId, scope: rule.scope, ends: rule.before },
    () => {
      const visit = start();
      return (row) => visit(row, goes(row.from) || goes(row.to) || unsent(row));
    },
  );
}

/**
 * The relationships earlier CROSS_SCOPE jobs of the scope wrote: those this job did not receive
 * as they are, or with a deleted end (to delete), and the links whose relationship is gone.
 */
export async function scanCrossScope(
  graph: Pick<GraphAccess, 'readEach'>,
  rule: AbsentRule,
): Promise<{ absent: Array<{ id: string; keyHash: string }>; goneLinks: string[] }> {
  let found = { absent: [] as Array<{ id: string; keyHash: string }>, goneLinks: [] as string[] };
  await graph.readEach<LinkRow>(
    'sync/scan-cross-scope-links',
    { accountId: rule.accountId, scope: rule.scope },
    () => {
      found = { absent: [], goneLinks: [] };
      return (row) => {
        if (row.id === null) found.goneLinks.push(row.link);
        else if (
          row.live === true &&
          (row.endDeleted === true || !rule.keys.relationshipAsIs(keyHash(row.key), row.hash))
        ) {
          found.absent.push({ id: row.id, keyHash: row.keyHash });
        }
      };
    },
  );
  return found;
}
