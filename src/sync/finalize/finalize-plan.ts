import type { StoredJob } from '../jobs/stored-job';
import { type ModePolicy, namesEntitiesTwoWays, SYNC_MODES } from '../modes/mode-policy';
import type { DeleteStep } from './delete-absent';

/**
 * What one finalization run of a job does, in order, decided from the job's mode and what an
 * earlier run completed, with no IO: the entity pass, the entity delete step, the relationship
 * pass and its delete step. The finalizer (finalizer.ts) runs the steps.
 */
export type FinalizeStep =
  /**
   * A pass over the staged objects of one kind. `sequential`: one chunk at a time, because a
   * chunk may depend on the previous one's writes (a mode that names an entity by `_key` in one
   * chunk and by `_id` in another; mapped relationships, whose placeholder targets a later chunk
   * must find).
   */
  | { do: 'apply'; kind: 'e' | 'r'; sequential: boolean }
  /**
   * The relationship pass begins. Not `resumable` when it has mapped relationships, which count
   * the placeholders they create once per run: a re-run does the pass again from its start
   * (counters as they were then) instead of resuming half way.
   */
  | { do: 'start-relationships'; resumable: boolean }
  /** A soft-delete step of what the scope holds and the job did not upload. */
  | { do: 'delete'; kind: 'e' | 'r'; step: DeleteStep; scope: string };

export interface FinalizePlan {
  /** Whether the run asks if the scope holds entities yet (the mode's `fastNewScope`). */
  lookUpNewScope: boolean;
  /** Whether the run asks if the account holds placeholders to adopt. */
  lookUpPlaceholders: boolean;
  steps: FinalizeStep[];
}

/** The delete step of each `deletesAbsent.relationships`. */
const RELATIONSHIP_DELETES: Record<
  ModePolicy['deletesAbsent']['relationships'],
  DeleteStep | null
> = {
  none: null,
  'in-scope': 'relationships',
  'cross-scope': 'cross-scope',
};

export function planFinalization(input: {
  job: Pick<StoredJob, 'syncMode' | 'numMappedRelationshipsUploaded'>;
  /** The job's scope (effectiveScope): without one, nothing is deleted. */
  scope: string | null;
  /** The delete steps an earlier run completed (its checkpoint's counts). */
  deleted: { e?: number; r?: number };
}): FinalizePlan {
  const { job, scope, deleted } = input;
  const policy = SYNC_MODES[job.syncMode];
  const twoWays = namesEntitiesTwoWays(policy);
  const mapped = job.numMappedRelationshipsUploaded > 0;
  const steps: FinalizeStep[] = [{ do: 'apply', kind: 'e', sequential: twoWays }];
  if (policy.deletesAbsent.entities && scope !== null && deleted.e === undefined) {
    steps.push({ do: 'delete', kind: 'e', step: 'entities', scope });
  }
  steps.push({ do: 'start-relationships', resumable: !mapped });
  steps.push({ do: 'apply', kind: 'r', sequential: twoWays || mapped });
  const relationshipDeletes = RELATIONSHIP_DELETES[policy.deletesAbsent.relationships];
  if (relationshipDeletes !== null && scope !== null && deleted.r === undefined) {
    steps.push({ do: 'delete', kind: 'r', step: relationshipDeletes, scope });
  }
  return {
    lookUpNewScope: looksUpNewScope(job, scope),
    lookUpPlaceholders: policy.entities.adoptsPlaceholders,
    steps,
  };
}

/** Whether a run of the job asks if its scope is new (DIFF's fast path for an empty scope). */
export function looksUpNewScope(job: Pick<StoredJob, 'syncMode'>, scope: string | null): boolean {
  return SYNC_MODES[job.syncMode].fastNewScope && scope !== null;
}
