import assert from 'node:assert/strict';
import { keyHash } from '../../../../src/graph/key-hash';
import type { PlanContext } from '../../../../src/sync/finalize/apply-context';
import type { ResolvedMapped } from '../../../../src/sync/finalize/apply-mapped';
import { relationshipHash } from '../../../../src/sync/finalize/content-hash';
import {
  type Classified,
  type ClassifiedChunk,
  NO_RELATIONSHIP,
  planRelationshipWrites,
} from '../../../../src/sync/finalize/relationship-plan';
import { settlePlaceholderIds } from '../../../../src/sync/finalize/relationship-writes';
import type { StagedRelationship, SyncMode } from '../../../../src/sync/jobs/job-types';
import { SYNC_MODES } from '../../../../src/sync/modes/mode-policy';

const NOW = 1_700_000_000_000;
const JOB = 'job-1';

function on(mode: SyncMode): PlanContext {
  let n = 0;
  return {
    policy: SYNC_MODES[mode],
    accountId: 'acc',
    scope: 's',
    job: { id: JOB, source: 'api' },
    now: NOW,
    newId: () => `new-${++n}`,
  };
}

function rel(key: string, extra: Partial<StagedRelationship> = {}): StagedRelationship {
  return {
    key,
    type: 'host_has_app',
    class: 'HAS',
    fromKey: 'h',
    toKey: 'a',
    properties: { port: 443, note: null },
    ...extra,
  };
}

/** What the graph holds for row i: by default both ends live and the relationship not stored. */
function held(i: number, stored: Partial<Classified> = {}): Classified {
  return {
    ...NO_RELATIONSHIP,
    i,
    fromId: 'e-h',
    fromDeleted: false,
    toId: 'e-a',
    toDeleted: false,
    ...stored,
  };
}

function chunk(
  rows: StagedRelationship[],
  classified: Classified[],
  more: Partial<ClassifiedChunk> = {},
): ClassifiedChunk {
  return {
    rows,
    hashes: rows.map((r) => relationshipHash(r)),
    classified,
    sameContent: new Set(),
    toNewPlaceholder: new Map(),
    mapping: { resolved: [], placeholders: [] },
    ...more,
  };
}

const STAMP = {
  _source: 'api',
  _beginOn: NOW,
  _deleted: false,
  _lastSyncJobId: JOB,
};

describe('planRelationshipWrites (the relationship chunk plan, no IO)', () => {
  it('creates a relationship that is not stored, with its system properties and nulls dropped', () => {
    const r = rel('k1');
    const plan = planRelationshipWrites(chunk([r], [held(0)]), on('DIFF'));
    assert.deepEqual(plan.creates, [
      {
        fromId: 'e-h',
        toId: 'e-a',
        class: 'HAS',
        props: {
          port: 443,
          ...STAMP,
          _lastSyncOp: 'created',
          _type: 'host_has_app',
          _class: 'HAS',
          _endOn: null,
          _hash: relationshipHash(r),
          _fromEntityKey: 'h',
          _toEntityKey: 'a',
          _accountId: 'acc',
          _scope: 's',
          _key: 'k1',
          _id: 'new-1',
          _createdOn: NOW,
          _version: 1,
        },
      },
    ]);
    assert.deepEqual(plan.updates, []);
    assert.deepEqual(plan.links, []);
    assert.deepEqual(plan.counts, {
      relationshipsCreated: 1,
      relationshipsUpdated: 0,
      relationshipCreateErrors: 0,
    });
    assert.deepEqual(
      plan.catalog.map((p) => p.name).filter((n) => !n.startsWith('_')),
      ['port'],
    );
  });

  it('refuses a relationship whose end is missing or deleted, naming each end', () => {
    const rows = [
      rel('k1'),
      rel('k2', { fromKey: undefined, fromId: 'x-1', toScope: 'o', fromScope: 'p' }),
    ];
    const plan = planRelationshipWrites(
      chunk(rows, [held(0, { toId: null }), held(1, { fromDeleted: true, toDeleted: true })]),
      on('DIFF'),
    );
    assert.deepEqual(plan.creates, []);
    assert.deepEqual(plan.errors, [
      {
        kind: 'relationship',
        key: 'k1',
        message: "Relationship not created: _toEntityKey 'a' matches no entity",
      },
      {
        kind: 'relationship',
        key: 'k2',
        message:
          "Relationship not created: _fromEntityId 'x-1' names a deleted entity and _toEntityKey 'a' in scope 'o' names a deleted entity",
      },
    ]);
    assert.equal(plan.counts.relationshipCreateErrors, 2);
  });

  describe('DIFF (writes replace, compared by hash)', () => {
    const r = rel('k1');
    const hash = relationshipHash(r);
    const stored = {
      relId: 'r-1',
      relType: 'HAS',
      deleted: false,
      hash,
      lastJob: 'older',
      lastOp: 'created',
    };

    it('leaves an unchanged relationship alone', () => {
      const plan = planRelationshipWrites(chunk([r], [held(0, stored)]), on('DIFF'));
      assert.deepEqual([plan.creates, plan.updates, plan.hashFills], [[], [], []]);
      assert.deepEqual(plan.counts, {
        relationshipsCreated: 0,
        relationshipsUpdated: 0,
        relationshipCreateErrors: 0,
      });
    });

    it("counts this job's own earlier write as what it was (a re-run), writing nothing", () => {
      const plan = planRelationshipWrites(
        chunk([r], [held(0, { ...stored, lastJob: JOB, lastOp: 'updated' })]),
        on('DIFF'),
      );
      assert.deepEqual(plan.updates, []);
      assert.equal(plan.counts.relationshipsUpdated, 1);
    });

    it('updates one whose content or class changed, with the new hash', () => {
      const plan = planRelationshipWrites(
        chunk(
          [r, rel('k2')],
          [
            held(0, { ...stored, hash: 'old' }),
            held(1, { ...stored, relId: 'r-2', relType: 'USES' }),
          ],
        ),
        on('DIFF'),
      );
      assert.deepEqual(
        plan.updates.map((u) => [u.relId, u.replace, u.props._hash, u.props._lastSyncOp]),
        [
          ['r-1', undefined, hash, 'updated'],
          ['r-2', undefined, relationshipHash(rel('k2')), 'updated'],
        ],
      );
      assert.equal(plan.counts.relationshipsUpdated, 2);
    });

    it('revives a deleted one with exactly the upload, counted as created', () => {
      const plan = planRelationshipWrites(
        chunk([r], [held(0, { ...stored, deleted: true })]),
        on('DIFF'),
      );
      assert.equal(plan.updates.length, 1);
      assert.equal(plan.updates[0]!.replace, true);
      assert.equal(plan.updates[0]!.props._hash, hash);
      assert.equal(plan.updates[0]!.props._lastSyncOp, 'created');
      assert.equal(plan.counts.relationshipsCreated, 1);
    });

    it('records the hash of one stored without a hash but equal to the upload', () => {
      const plan = planRelationshipWrites(
        chunk([r], [held(0, { ...stored, hash: null })], { sameContent: new Set([0]) }),
        on('DIFF'),
      );
      assert.deepEqual(plan.hashFills, [{ relId: 'r-1', fromId: 'e-h', hash }]);
      assert.deepEqual(plan.updates, []);
      assert.equal(plan.counts.relationshipsUpdated, 0);
    });
  });

  describe('PUT (writes merge, compared by properties)', () => {
    const r = rel('k1');
    const stored = {
      relId: 'r-1',
      relType: 'HAS',
      deleted: false,
      hash: 'whatever',
      lastJob: null,
      lastOp: null,
    };

    it('leaves alone what holds the given properties, whatever its hash', () => {
      const plan = planRelationshipWrites(
        chunk([r], [held(0, { ...stored, same: true })]),
        on('PUT'),
      );
      assert.deepEqual(plan.updates, []);
      assert.equal(plan.merge, true);
    });

    it('merges an update and leaves it without a known hash; a revived one keeps its hash', () => {
      const plan = planRelationshipWrites(
        chunk(
          [r, rel('k2')],
          [held(0, stored), held(1, { ...stored, relId: 'r-2', deleted: true })],
        ),
        on('PUT'),
      );
      assert.deepEqual(
        plan.updates.map((u) => [u.relId, u.props._hash]),
        [
          ['r-1', null],
          ['r-2', relationshipHash(rel('k2'))],
        ],
      );
    });
  });

  it('CROSS_SCOPE records every relationship it writes for later delete steps, not unchanged ones', () => {
    const rows = [
      rel('k1', { fromScope: 'p', toScope: 'q' }),
      rel('k2', { fromScope: 'p', toScope: 'q' }),
    ];
    const unchanged = {
      relId: 'r-2',
      relType: 'HAS',
      deleted: false,
      hash: relationshipHash(rows[1]!),
    };
    const plan = planRelationshipWrites(
      chunk(rows, [held(0), held(1, unchanged)]),
      on('CROSS_SCOPE'),
    );
    assert.deepEqual(plan.links, [{ fromId: 'e-h', key: 'k1', keyHash: keyHash('k1') }]);
    assert.equal(plan.creates[0]!.props._fromEntityScope, 'p');
    const diff = planRelationshipWrites(chunk(rows, [held(0), held(1)]), on('DIFF'));
    assert.deepEqual(diff.links, []);
  });

  describe('mapped relationships', () => {
    const mapping = {
      sourceEntityKey: 'h',
      targetFilterKeys: [['_key']],
      targetEntity: { _key: 'a', _type: 'app', _class: ['Application'] },
      skipTargetCreation: false,
      relationshipDirection: 'FORWARD' as const,
    };
    const toPlaceholder: ResolvedMapped = {
      relationship: {
        key: 'm|p-1',
        type: 't',
        class: 'HAS',
        properties: {},
        mapping,
        fromId: 'e-h',
        toId: 'p-1',
      },
      uploadedKey: 'm',
      targetId: 'p-1',
      placeholderKey: 'a',
    };
    const placeholder = {
      key: 'a',
      id: 'p-1',
      classes: ['Application'],
      props: { _type: 'app', env: 'prod' },
    };
    const planned = () =>
      planRelationshipWrites(
        chunk([toPlaceholder.relationship], [held(0, { toId: 'p-1' })], {
          toNewPlaceholder: new Map([[0, toPlaceholder]]),
          mapping: { resolved: [toPlaceholder], placeholders: [placeholder] },
        }),
        on('DIFF'),
      );

    it('creates the relationship to a new placeholder and touches every resolved one', () => {
      const plan = planned();
      assert.equal(plan.creates[0]!.mapped, toPlaceholder);
      assert.equal(plan.creates[0]!.props._mapped, true);
      assert.equal(plan.creates[0]!.props._lastMappedJobId, JOB);
      assert.equal(plan.creates[0]!.props._fromEntityKey, undefined);
      assert.deepEqual(plan.touched, [
        { fromId: 'e-h', toId: 'p-1', key: 'm|p-1', mapped: toPlaceholder },
      ]);
      assert.deepEqual(plan.placeholders, [placeholder]);
      assert.ok(plan.catalog.some((p) => p.name === 'env'));
    });

    it('follows a placeholder that another job created first to its _id and key', () => {
      const plan = planned();
      const kept = settlePlaceholderIds(plan, new Map());
      assert.equal(kept.creates[0]!.toId, 'p-1');
      assert.equal(kept.creates[0]!.props._keyHash, keyHash('m|p-1'));
      const moved = settlePlaceholderIds(plan, new Map([['p-1', 'theirs']]));
      assert.deepEqual(
        [moved.creates[0]!.toId, moved.creates[0]!.props._key, moved.creates[0]!.props._keyHash],
        ['theirs', 'm|theirs', keyHash('m|theirs')],
      );
      assert.deepEqual(moved.touched, [{ fromId: 'e-h', toId: 'theirs', key: 'm|theirs' }]);
      assert.equal('mapped' in moved.creates[0]!, false);
    });
  });
});
