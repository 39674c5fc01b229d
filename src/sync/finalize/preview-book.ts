import type { StagedEntity } from '../jobs/job-types';
import type { Classified, EntityPlan } from './entity-plan';
import type { PlanObserver } from './plan-observer';
import { type ClassifiedChunk, endProblem, type RelationshipPlan } from './relationship-plan';

/** Objects shown per type and outcome in a preview. */
export const PREVIEW_SAMPLE = 5;

export type Outcome = 'create' | 'update' | 'delete' | 'unchanged';

/** One object of a sample; an update also names its stored object and the properties it writes. */
export interface Sampled {
  key: string | null;
  update?: { id: string; props: Record<string, unknown>; merge: boolean };
}

/** One `_type`'s outcomes in a preview. */
export interface TypeBook {
  create: number;
  update: number;
  delete: number;
  unchanged: number;
  errors: number;
  samples: Record<Outcome, Sampled[]>;
}

/**
 * What every uploaded object of a previewed finalization would become, per kind and `_type`,
 * read off the plans the finalization's own code makes for each chunk (PlanObserver). Each
 * row's outcome follows its plan: a row the plan creates (or revives, or lets adopt a
 * placeholder) is `create`, one it updates `update`, one it refuses an error, and any other
 * uploaded row (same content, or only its hash recorded) `unchanged`. The entity pass also keeps
 * the uploaded keys, with which the preview resolves relationship ends (preview-graph.ts).
 */
export class PreviewBook implements PlanObserver {
  readonly entityTypes = new Map<string, TypeBook>();
  readonly relationshipTypes = new Map<string, TypeBook>();
  readonly uploadedKeys = new Set<string>();

  entities(
    chunk: readonly StagedEntity[],
    classified: readonly Classified[],
    plan: EntityPlan & { patch?: boolean },
  ): void {
    const updates = new Map(plan.updates.map((u) => [u.id, u]));
    const seen = new Set<number>();
    for (const c of classified) {
      seen.add(c.i);
      const e = chunk[c.i]!;
      const book = typeBook(this.entityTypes, e.type ?? typeOf(updates.get(c.id ?? '')?.props));
      const update = c.id === null ? undefined : updates.get(c.id);
      if (plan.patch === true && (c.id === null || c.deleted === true)) {
        book.errors++; // PATCH updates existing entities only (planPatches)
      } else if (c.id === null || update?.props._lastSyncOp === 'created') {
        note(book, 'create', { key: e.key ?? null });
      } else if (update !== undefined) {
        note(book, 'update', {
          key: e.key ?? null,
          update: { id: update.id, props: update.props, merge: plan.merge },
        });
      } else note(book, 'unchanged', { key: e.key ?? null });
    }
    chunk.forEach((e, i) => {
      if (e.key !== undefined) this.uploadedKeys.add(e.key);
      // Rows the classification left out are those it found unchanged.
      if (!seen.has(i))
        note(typeBook(this.entityTypes, e.type), 'unchanged', { key: e.key ?? null });
    });
  }

  relationships(chunk: ClassifiedChunk, plan: RelationshipPlan): void {
    const updates = new Map(plan.updates.map((u) => [u.relId, u]));
    const seen = new Set<number>();
    for (const c of chunk.classified) {
      seen.add(c.i);
      const r = chunk.rows[c.i]!;
      const book = typeBook(this.relationshipTypes, r.type);
      const update = c.relId === null ? undefined : updates.get(c.relId);
      if (endProblem(r, c) !== undefined) book.errors++;
      else if (c.relId === null || update?.props._lastSyncOp === 'created') {
        note(book, 'create', { key: r.key });
      } else if (update !== undefined) {
        note(book, 'update', {
          key: r.key,
          update: { id: update.relId, props: update.props, merge: plan.merge },
        });
      } else note(book, 'unchanged', { key: r.key });
    }
    chunk.rows.forEach((r, i) => {
      if (!seen.has(i)) note(typeBook(this.relationshipTypes, r.type), 'unchanged', { key: r.key });
    });
  }
}

export function typeBook(books: Map<string, TypeBook>, type: string | undefined): TypeBook {
  const name = type ?? '(unknown)';
  let book = books.get(name);
  if (book === undefined) {
    book = {
      create: 0,
      update: 0,
      delete: 0,
      unchanged: 0,
      errors: 0,
      samples: { create: [], update: [], delete: [], unchanged: [] },
    };
    books.set(name, book);
  }
  return book;
}

export function note(book: TypeBook, outcome: Outcome, sampled: Sampled): void {
  book[outcome]++;
  if (book.samples[outcome].length < PREVIEW_SAMPLE) book.samples[outcome].push(sampled);
}

function typeOf(props: Record<string, unknown> | undefined): string | undefined {
  return typeof props?._type === 'string' ? props._type : undefined;
}
