import assert from 'node:assert/strict';
import { planOverrides, type Target } from '../../../../src/sync/finalize/override-plan';
import type { StagedEntity } from '../../../../src/sync/jobs/job-types';

const ON = { jobId: 'job-1', within: null };

function target(stored: Partial<Target> = {}): Target {
  return {
    id: 'e-1',
    deleted: false,
    scope: 's',
    values: [],
    overrides: [],
    lastJob: null,
    lastOp: null,
    ...stored,
  };
}

const byKey: StagedEntity = { key: 'h1', type: 'host', properties: { owner: 'me', env: null } };
const NONE = { entitiesCreated: 0, entitiesUpdated: 0, entityUpdateErrors: 0 };

describe('planOverrides (the OVERRIDE entity chunk plan, no IO)', () => {
  it('pins the non-null values and unpins the nulls on the one live target', () => {
    const plan = planOverrides(
      [byKey],
      [{ i: 0, found: [target({ deleted: true, id: 'old' }), target({ overrides: ['env'] })] }],
      ON,
    );
    assert.deepEqual(plan.writes, [
      { id: 'e-1', set: { owner: 'me' }, pin: ['owner'], unpin: ['env'], clearHash: true },
    ]);
    assert.deepEqual(plan.counts, { ...NONE, entitiesUpdated: 1 });
    assert.deepEqual(plan.catalog.map((p) => p.name).sort(), ['_overrides', 'owner']);
  });

  it('leaves alone a target whose pins and values are those of the row', () => {
    const pinned = target({ overrides: ['owner'], values: ['me', null] });
    const plan = planOverrides([byKey], [{ i: 0, found: [pinned] }], ON);
    assert.deepEqual([plan.writes, plan.counts], [[], NONE]);
    const changed = planOverrides(
      [byKey],
      [{ i: 0, found: [target({ overrides: ['owner'], values: ['you', null] })] }],
      ON,
    );
    assert.equal(changed.writes[0]!.clearHash, false);
  });

  it('refuses a missing, ambiguous or out-of-scope target, saying why', () => {
    const byId: StagedEntity = { id: 'x-1', properties: { owner: 'me' } };
    const elsewhere: StagedEntity = { ...byKey, scope: 'other' };
    const rows = [byKey, byId, elsewhere];
    const account = planOverrides(
      rows,
      [
        { i: 0, found: [] },
        { i: 1, found: [target({ deleted: true })] },
        { i: 2, found: [target({ scope: 'b' }), target({ scope: 'a' })] },
      ],
      ON,
    );
    assert.deepEqual(
      account.errors.map((e) => e.message),
      [
        "No entity with _type 'host' and _key 'h1' in this account: OVERRIDE pins values on existing entities only",
        "No entity with _id 'x-1' in this account: OVERRIDE pins values on existing entities only",
        "2 entities match _type 'host' and _key 'h1' in scope 'other' (scopes 'a', 'b'): name the one meant with _scope or _id",
      ],
    );
    assert.deepEqual(account.counts, { ...NONE, entityUpdateErrors: 3 });
    const scoped = planOverrides(
      rows,
      [
        { i: 0, found: [] },
        { i: 2, found: [] },
      ],
      { ...ON, within: 's' },
    );
    assert.deepEqual(
      scoped.errors.map((e) => e.message),
      [
        "No entity with _type 'host' and _key 'h1' in scope 's': an OVERRIDE job with a scope pins values on entities of that scope only",
        "_scope 'other' is not the job's scope 's': an OVERRIDE job with a scope pins values on entities of that scope only",
      ],
    );
  });

  it("counts this job's own earlier override as what it was (a re-run)", () => {
    const mine = target({
      overrides: ['owner'],
      values: ['me', null],
      lastJob: 'job-1',
      lastOp: 'updated',
    });
    const plan = planOverrides([byKey], [{ i: 0, found: [mine] }], ON);
    assert.deepEqual([plan.writes, plan.counts], [[], { ...NONE, entitiesUpdated: 1 }]);
  });
});
