import assert from 'node:assert/strict';
import { planFinalization } from '../../../../src/sync/finalize/finalize-plan';
import type { SyncMode } from '../../../../src/sync/jobs/job-types';

function job(syncMode: SyncMode, mapped = 0) {
  return { syncMode, numMappedRelationshipsUploaded: mapped };
}

const ENTITIES = { do: 'apply', kind: 'e', sequential: false } as const;
const RELATIONSHIPS = { do: 'apply', kind: 'r', sequential: false } as const;
const START = { do: 'start-relationships', resumable: true } as const;

describe('planFinalization (the steps of a finalization run, no IO)', () => {
  it('DIFF: both passes in parallel chunks, each followed by its delete step in the scope', () => {
    assert.deepEqual(planFinalization({ job: job('DIFF'), scope: 's', deleted: {} }), {
      lookUpNewScope: true,
      lookUpPlaceholders: true,
      steps: [
        ENTITIES,
        { do: 'delete', kind: 'e', step: 'entities', scope: 's' },
        START,
        RELATIONSHIPS,
        { do: 'delete', kind: 'r', step: 'relationships', scope: 's' },
      ],
    });
  });

  it('a resumed run skips the delete steps an earlier run completed', () => {
    const plan = planFinalization({ job: job('DIFF'), scope: 's', deleted: { e: 3 } });
    assert.deepEqual(plan.steps, [
      ENTITIES,
      START,
      RELATIONSHIPS,
      { do: 'delete', kind: 'r', step: 'relationships', scope: 's' },
    ]);
    const done = planFinalization({ job: job('DIFF'), scope: 's', deleted: { e: 3, r: 0 } });
    assert.deepEqual(done.steps, [ENTITIES, START, RELATIONSHIPS]);
  });

  it('mapped relationships: the relationship pass goes one chunk at a time and is not resumed', () => {
    const plan = planFinalization({ job: job('PUT', 2), scope: 'api', deleted: {} });
    assert.deepEqual(plan, {
      lookUpNewScope: false,
      lookUpPlaceholders: true,
      steps: [
        ENTITIES,
        { do: 'start-relationships', resumable: false },
        { ...RELATIONSHIPS, sequential: true },
      ],
    });
  });

  it('PATCH and OVERRIDE: one chunk at a time, no delete step, nothing to look up', () => {
    for (const mode of ['PATCH', 'OVERRIDE'] as const) {
      for (const scope of ['s', null]) {
        assert.deepEqual(planFinalization({ job: job(mode), scope, deleted: {} }), {
          lookUpNewScope: false,
          lookUpPlaceholders: false,
          steps: [{ ...ENTITIES, sequential: true }, START, { ...RELATIONSHIPS, sequential: true }],
        });
      }
    }
  });

  it("CROSS_SCOPE: the relationships' cross-scope delete step, no entity delete step", () => {
    assert.deepEqual(planFinalization({ job: job('CROSS_SCOPE'), scope: 's', deleted: {} }).steps, [
      ENTITIES,
      START,
      RELATIONSHIPS,
      { do: 'delete', kind: 'r', step: 'cross-scope', scope: 's' },
    ]);
  });

  it('without a scope nothing is deleted and no new scope is looked up', () => {
    const plan = planFinalization({ job: job('DIFF'), scope: null, deleted: {} });
    assert.equal(plan.lookUpNewScope, false);
    assert.deepEqual(plan.steps, [ENTITIES, START, RELATIONSHIPS]);
  });
});
