import { randomUUID } from 'node:crypto';
import type { StagedRelationship } from '../jobs/job-types';
import type { Write } from './apply-context';
import type { ObservedContext } from './plan-observer';
import { readRelationships } from './relationship-reads';
import { planRelationshipWrites } from './relationship-plan';
import { writeRelationships } from './relationship-writes';

/**
 * Applies a chunk of relationships, after every entity of the job is written: resolve both ends
 * (by `_key` in the scope, or `_id` in the account), then create, update or leave each one. A
 * missing or soft-deleted end means the relationship is not created and counts in
 * numRelationshipCreateErrors. The Neo4j type is the relationship's `_class`.
 *
 * Read, plan, write: relationship-reads.ts classifies the chunk (reads only),
 * relationship-plan.ts decides every write and count with no IO, relationship-writes.ts writes.
 */

/**
 * Classifies and plans one chunk (reads only), counts it in the context's tally, and returns the
 * write that applies it. The finalizer runs the next chunk's classification while this one writes.
 */
export async function prepareRelationships(
  ctx: ObservedContext,
  uploaded: StagedRelationship[],
): Promise<Write> {
  const chunk = await readRelationships(ctx, uploaded);
  const plan = planRelationshipWrites(chunk, { ...ctx, newId: randomUUID });
  ctx.tally.add(plan.counts, plan.errors);
  ctx.observe?.relationships(chunk, plan);
  return () => writeRelationships(ctx, plan);
}
