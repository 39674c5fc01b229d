import { randomUUID } from 'node:crypto';
import type { Tx } from '../graph/graph';

/**
 * The change event of an entity-API write (`entities.changed`), recorded in the write's own
 * transaction: the subscriptions' outbox (docs/decisions/0046-change-events.md) has it exactly
 * when the write committed. Changed keys are not carried yet (docs/guide/change-events.md).
 */
export async function recordEntityChange(
  tx: Tx,
  change: {
    accountId: string;
    now: number;
    scope: unknown;
    entitiesUpdated?: number;
    entitiesDeleted?: number;
    relationshipsDeleted?: number;
  },
): Promise<void> {
  await tx.write('entities/record-change-event', {
    accountId: change.accountId,
    eventId: randomUUID(),
    now: change.now,
    scope: typeof change.scope === 'string' ? change.scope : null,
    entitiesUpdated: change.entitiesUpdated ?? 0,
    entitiesDeleted: change.entitiesDeleted ?? 0,
    relationshipsDeleted: change.relationshipsDeleted ?? 0,
  });
}
