import assert from 'node:assert/strict';
import { keyHash } from '../../../../src/graph/key-hash';
import type { PlanContext } from '../../../../src/sync/finalize/apply-context';
import { entityHash } from '../../../../src/sync/finalize/content-hash';
import {
  type Classified,
  planPatches,
  planUpserts,
  type UpsertChunk,
} from '../../../../src/sync/finalize/entity-plan';
import type { StagedEntity, SyncMode } from '../../../../src/sync/jobs/job-types';
import { SYNC_MODES } from '../../../../src/sync/modes/mode-policy';

const NOW = 1_700_000_000_000;
const JOB = 'job-1';

function on(mode: SyncMode, scope: string | null = 's'): PlanContext {
  let n = 0;
  return {
    policy: SYNC_MODES[mode],
    accountId: 'acc',
    scope,
    job: { id: JOB, source: 'api' },
    now: NOW,
    newId: () => `new-${++n}`,
  };
}

function entity(key: string, extra: Partial<StagedEntity> = {}): StagedEntity {
  return {
    key,
    type: 'host',
    classes: ['Host'],
    properties: { displayName: key, ip: '10.0.0.1', gone: null },
    ...extra,
  };
}

/** What the graph holds for row i: by default nothing. */
function held(i: number, stored: Partial<Classified> = {}): Classified {
  return {
    i,
    id: null,
    deleted: null,
    hash: null,
    same: false,
    lastJob: null,
    lastOp: null,
    ...stored,
  };
}

function chunk(
  rows: StagedEntity[],
  classified: Classified[],
  more: Partial<UpsertChunk> = {},
): UpsertChunk {
  return {
    rows,
    hashes: rows.map((e) => entityHash(e)),
    classified,
    sameContent: new Set(),
    adopted: new Map(),
    ...more,
  };
}

const NONE = { entitiesCreated: 0, entitiesUpdated: 0, entityUpdateErrors: 0 };

describe('planUpserts (the DIFF and PUT entity chunk plan, no IO)', () => {
  const e = entity('h1');
  const hash = entityHash(e);

  it('creates an entity that is not stored, with its system properties and search text', () => {
    const plan = planUpserts(chunk([e], [held(0)]), on('DIFF'));
    assert.equal(plan.creates.length, 1);
    const { classes, props } = plan.creates[0]!;
    assert.deepEqual(classes, ['Host']);
    assert.deepEqual(
      { ...props, _searchText: typeof props._searchText },
      {
        displayName: 'h1',
        ip: '10.0.0.1',
        _source: 'api',
        _beginOn: NOW,
        _deleted: false,
        _lastSyncJobId: JOB,
        _lastSyncOp: 'created',
        _accountId: 'acc',
        _scope: 's',
        _key: 'h1',
        _keyHash: keyHash('h1'),
        _type: 'host',
        _class: ['Host'],
        _id: 'new-1',
        _createdOn: NOW,
        _version: 1,
        _hash: hash,
        _searchText: 'string',
      },
    );
    assert.deepEqual(plan.counts, { ...NONE, entitiesCreated: 1 });
    assert.ok(plan.catalog.some((p) => p.name === 'ip' && p.kind === 'string'));
  });

  it('DIFF leaves an unchanged entity alone and rewrites a changed one whole, with its hash', () => {
    const stored = { id: 'e-1', deleted: false, hash, lastJob: 'older', lastOp: 'created' };
    const same = planUpserts(chunk([e], [held(0, stored)]), on('DIFF'));
    assert.deepEqual([same.creates, same.updates, same.counts], [[], [], NONE]);
    const changed = planUpserts(chunk([e], [held(0, { ...stored, hash: 'old' })]), on('DIFF'));
    assert.deepEqual(changed.updates, [
      {
        id: 'e-1',
        classes: ['Host'],
        props: {
          displayName: 'h1',
          ip: '10.0.0.1',
          _source: 'api',
          _beginOn: NOW,
          _deleted: false,
          _lastSyncJobId: JOB,
          _lastSyncOp: 'updated',
          _type: 'host',
          _class: ['Host'],
          _endOn: null,
          _hash: hash,
        },
      },
    ]);
    assert.equal(changed.merge, false);
    assert.deepEqual(changed.counts, { ...NONE, entitiesUpdated: 1 });
  });

  it("counts this job's own earlier write as what it was (a re-run)", () => {
    const plan = planUpserts(
      chunk([e], [held(0, { id: 'e-1', deleted: false, hash, lastJob: JOB, lastOp: 'created' })]),
      on('DIFF'),
    );
    assert.deepEqual(plan.updates, []);
    assert.deepEqual(plan.counts, { ...NONE, entitiesCreated: 1 });
  });

  it('revives a deleted entity with exactly the upload (PUT too), counted as created', () => {
    for (const mode of ['DIFF', 'PUT'] as const) {
      const plan = planUpserts(chunk([e], [held(0, { id: 'e-1', deleted: true })]), on(mode));
      assert.equal(plan.updates[0]!.replace, true);
      assert.equal(plan.updates[0]!.props._hash, hash);
      assert.equal(plan.updates[0]!.props._lastSyncOp, 'created');
      assert.deepEqual(plan.counts, { ...NONE, entitiesCreated: 1 });
    }
  });

  it('records the hash of one stored without a hash but equal to the upload', () => {
    const plan = planUpserts(
      chunk([e], [held(0, { id: 'e-1', deleted: false })], { sameContent: new Set([0]) }),
      on('DIFF'),
    );
    assert.deepEqual(plan.hashFills, [{ id: 'e-1', hash }]);
    assert.deepEqual(plan.counts, NONE);
  });

  it('adopts a placeholder waiting for the entity, in the scope, counted as created', () => {
    const plan = planUpserts(chunk([e], [held(0)], { adopted: new Map([[0, 'p-1']]) }), on('PUT'));
    assert.deepEqual(plan.creates, []);
    const [adopt] = plan.updates;
    assert.deepEqual(
      [adopt!.id, adopt!.replace, adopt!.adopt, adopt!.props._hash, adopt!.props._scope],
      ['p-1', true, true, hash, 's'],
    );
    assert.equal(adopt!.props._createdOn, NOW);
    assert.deepEqual(plan.counts, { ...NONE, entitiesCreated: 1 });
  });

  it('PUT leaves alone what holds the given properties and merges the rest without a hash', () => {
    const stored = { id: 'e-1', deleted: false, hash: 'any' };
    const same = planUpserts(chunk([e], [held(0, { ...stored, same: true })]), on('PUT'));
    assert.deepEqual(same.updates, []);
    const plan = planUpserts(chunk([e], [held(0, stored)]), on('PUT'));
    assert.equal(plan.merge, true);
    assert.equal(plan.updates[0]!.props._hash, null);
    assert.equal('gone' in plan.updates[0]!.props, false);
  });
});

describe('planPatches (the PATCH entity chunk plan, no IO)', () => {
  it('merges the given properties, nulls included, and clears the hash', () => {
    const e = entity('h1', { type: undefined, classes: undefined });
    const plan = planPatches([e], [held(0, { id: 'e-1', deleted: false })], on('PATCH'));
    assert.deepEqual(plan.updates, [
      {
        id: 'e-1',
        classes: null,
        props: {
          displayName: 'h1',
          ip: '10.0.0.1',
          gone: null,
          _source: 'api',
          _beginOn: NOW,
          _deleted: false,
          _lastSyncJobId: JOB,
          _lastSyncOp: 'updated',
          _hash: null,
        },
      },
    ]);
    assert.deepEqual([plan.merge, plan.creates, plan.hashFills], [true, [], []]);
    assert.deepEqual(plan.counts, { ...NONE, entitiesUpdated: 1 });
  });

  it('leaves alone an entity that holds the given properties', () => {
    const plan = planPatches(
      [entity('h1')],
      [held(0, { id: 'e-1', deleted: false, same: true })],
      on('PATCH'),
    );
    assert.deepEqual([plan.updates, plan.counts], [[], NONE]);
  });

  it('refuses a missing or deleted entity, saying where it was looked for', () => {
    const rows = [entity('k'), entity('x', { key: undefined, id: 'id-1' })];
    const missing = [held(0), held(1, { id: 'e-2', deleted: true })];
    const scoped = planPatches(rows, missing, on('PATCH', 's'));
    assert.deepEqual(scoped.errors, [
      {
        kind: 'entity',
        key: 'k',
        message: "No entity with _key 'k' in scope 's': PATCH updates existing entities only",
      },
      {
        kind: 'entity',
        key: null,
        message:
          "No entity with _id 'id-1' in scope 's': PATCH updates existing entities of the job's scope only",
      },
    ]);
    assert.deepEqual(scoped.counts, { ...NONE, entityUpdateErrors: 2 });
    const anywhere = planPatches([rows[1]!], [held(0)], on('PATCH', null));
    assert.equal(
      anywhere.errors[0]!.message,
      "No entity with _id 'id-1' in this account: PATCH updates existing entities only",
    );
  });
});
