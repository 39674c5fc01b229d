import type { GraphAccess } from '../../graph/graph';
import type { FinalizePreview } from '../jobs/job-service-contract';
import type { StoredJob } from '../jobs/stored-job';
import { SYNC_MODES } from '../modes/mode-policy';
import type { Tally } from './apply-context';
import { type DiffDeletes, totalsOf } from './delete-counts';
import type { Outcome, PreviewBook, TypeBook } from './preview-book';
import { describeChanges } from './preview-changes';

type PreviewCounts = FinalizePreview['entities'][string];

/**
 * The preview's answer: the counters a finalization would report (from the run's Tally and the
 * delete counts), the unchanged counts, and the per-type breakdown with samples, updates naming
 * the properties they change. With a delete guard (job or account) on a DIFF, whether it would
 * stop the finalization.
 */
export async function previewAnswer(input: {
  job: StoredJob;
  scope: string | null;
  tally: Tally;
  book: PreviewBook;
  deletes: DiffDeletes;
  percent: number | null;
  graph: Pick<GraphAccess, 'read'>;
}): Promise<FinalizePreview> {
  const { job, tally, book, deletes, percent } = input;
  const changes = await describeChanges(input.graph, book);
  const entities = totalsOf(deletes.entities);
  const relationships = totalsOf(deletes.relationships);
  const unchanged = (books: Map<string, TypeBook>) =>
    [...books.values()].reduce((n, b) => n + b.unchanged, 0);
  const preview: FinalizePreview = {
    jobId: job.id,
    syncMode: job.syncMode,
    scope: input.scope,
    totals: {
      numEntitiesCreated: tally.entitiesCreated,
      numEntitiesUpdated: tally.entitiesUpdated,
      numEntitiesDeleted: entities.deletes,
      numEntitiesUnchanged: unchanged(book.entityTypes),
      numEntityUpdateErrors: tally.entityUpdateErrors,
      numRelationshipsCreated: tally.relationshipsCreated,
      numRelationshipsUpdated: tally.relationshipsUpdated,
      numRelationshipsDeleted: relationships.deletes,
      numRelationshipsUnchanged: unchanged(book.relationshipTypes),
      numRelationshipCreateErrors: tally.relationshipCreateErrors,
    },
    entities: perType(book.entityTypes, changes),
    relationships: perType(book.relationshipTypes, changes),
  };
  if (SYNC_MODES[job.syncMode].deletesAbsent.entities && percent !== null) {
    const over = (t: { live: number; deletes: number }) =>
      t.live > 0 && t.deletes * 100 > percent * t.live;
    preview.deleteGuard = { percent, wouldStop: over(entities) || over(relationships) };
  }
  return preview;
}

const OUTCOMES: readonly Outcome[] = ['create', 'update', 'delete', 'unchanged'];

function perType(
  books: Map<string, TypeBook>,
  changes: Map<string, string[]>,
): Record<string, PreviewCounts> {
  const out: Record<string, PreviewCounts> = {};
  for (const [type, b] of [...books].sort(([a], [z]) => a.localeCompare(z))) {
    const samples = Object.fromEntries(
      OUTCOMES.map((o) => [
        o,
        b.samples[o].map((s) =>
          s.update === undefined
            ? { key: s.key }
            : { key: s.key, changed: changes.get(s.update.id) ?? [] },
        ),
      ]),
    ) as PreviewCounts['samples'];
    out[type] = {
      create: b.create,
      update: b.update,
      delete: b.delete,
      unchanged: b.unchanged,
      errors: b.errors,
      samples,
    };
  }
  return out;
}
