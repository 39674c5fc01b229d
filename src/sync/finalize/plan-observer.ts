import type { ApplyContext } from './apply-context';
import type { StagedEntity } from '../jobs/job-types';
import type { Classified, EntityPlan } from './entity-plan';
import type { ClassifiedChunk, RelationshipPlan } from './relationship-plan';

/**
 * Told each chunk's classification and plan as a finalization pass makes them: how the finalize
 * preview (finalize-preview.ts) sees what every uploaded object would become, per type, from the
 * very code that finalizes. A finalization has none.
 */
export interface PlanObserver {
  /** `patch`: PATCH's plan (planPatches), where a missing or deleted entity is an error. */
  entities(
    chunk: readonly StagedEntity[],
    classified: readonly Classified[],
    plan: EntityPlan & { patch?: boolean },
  ): void;
  relationships(chunk: ClassifiedChunk, plan: RelationshipPlan): void;
}

/** An apply context that may carry an observer (the preview's); a finalization's has none. */
export type ObservedContext = ApplyContext & { observe?: PlanObserver };
