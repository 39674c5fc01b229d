import assert from 'node:assert/strict';
import { keyHash } from '../../../../src/graph/key-hash';
import { entityHash, relationshipHash } from '../../../../src/sync/finalize/content-hash';
import { JobKeys } from '../../../../src/sync/finalize/job-keys';
import {
  ENTITY_PRINT,
  RELATIONSHIP_PRINT,
  batchPrints,
  eachPrint,
} from '../../../../src/sync/staging/batch-prints';
import { FingerprintTable, fingerprintOf } from '../../../../src/sync/staging/fingerprint-set';

const rel = (key: string, v: number) => {
  const hash = relationshipHash({
    type: 't',
    class: 'HAS',
    fromKey: 'a',
    toKey: 'b',
    properties: { v },
  });
  return { keyHash: keyHash(key), hash };
};
const ent = (key: string) => ({ keyHash: keyHash(key), hash: entityHash({ properties: { key } }) });

/** A job's keys as the finalize loads them, from prints of batches 1, 2, ... */
function keysOf(
  batches: Array<{ entities: ReturnType<typeof ent>[]; relationships: ReturnType<typeof rel>[] }>,
) {
  const keys = new JobKeys({ entities: 2, relationships: 2 });
  batches.forEach((b, i) => {
    const p = batchPrints(b);
    eachPrint(p.entityPrints!, ENTITY_PRINT, (f, h) => keys.add('e', i + 1, f, h));
    eachPrint(p.relationshipPrints!, RELATIONSHIP_PRINT, (f, h) => keys.add('r', i + 1, f, h));
  });
  return keys;
}

describe('FingerprintTable', () => {
  it('keeps each member with its value words across growth, and sets them again', () => {
    const table = new FingerprintTable(2, 4);
    const f = (i: number) => fingerprintOf(keyHash(`k${i}`));
    for (let i = 0; i < 3000; i++) table.set(f(i), [i, i * 2]);
    assert.equal(table.size, 3000);
    for (let i = 0; i < 3000; i++) {
      assert.deepEqual([table.value(f(i), 0), table.value(f(i), 1)], [i, i * 2], `k${i}`);
    }
    assert.equal(table.value(f(3000)), undefined);
    table.set(f(7), [70, 71]);
    assert.deepEqual([table.value(f(7), 0), table.value(f(7), 1), table.size], [70, 71, 3000]);
  });
});

describe('batch prints and JobKeys (decision 0051)', () => {
  it('a print is 16 bytes an entity and 24 a relationship; a batch over the limit has none', () => {
    const p = batchPrints({ entities: [ent('a'), ent('b')], relationships: [rel('r', 1)] });
    assert.deepEqual([p.entityPrints?.length, p.relationshipPrints?.length], [32, 24]);
    const big = batchPrints({ entities: [ent('a'), ent('b')], relationships: [] }, 1);
    assert.deepEqual(big, { entityPrints: null, relationshipPrints: null });
  });

  it('knows the uploaded keys, and a relationship only with the content of its latest upload', () => {
    const keys = keysOf([
      { entities: [ent('a'), ent('b')], relationships: [rel('r', 1), rel('s', 1)] },
      { entities: [ent('a')], relationships: [rel('r', 2)] },
    ]);
    assert.deepEqual(
      ['a', 'b', 'c'].map((k) => keys.hasEntity(keyHash(k))),
      [true, true, false],
    );
    assert.equal(keys.hasEntity(null), false);
    assert.deepEqual(
      ['r', 's', 'x'].map((k) => keys.hasRelationship(keyHash(k))),
      [true, true, false],
    );
    assert.equal(keys.relationshipAsIs(keyHash('r'), rel('r', 2).hash), true);
    assert.equal(keys.relationshipAsIs(keyHash('r'), rel('r', 1).hash), false, 'batch 1 lost');
    assert.equal(keys.relationshipAsIs(keyHash('s'), rel('s', 1).hash), true);
    assert.equal(keys.relationshipAsIs(keyHash('x'), rel('x', 1).hash), false);
  });

  it('a key repeated across batches belongs to the latest, whatever order the prints come in', () => {
    const keys = keysOf([
      { entities: [ent('a'), ent('b')], relationships: [] },
      { entities: [ent('a')], relationships: [] },
    ]);
    assert.deepEqual(
      [keys.superseded('e', 1, keyHash('a')), keys.superseded('e', 2, keyHash('a'))],
      [true, false],
    );
    assert.equal(keys.superseded('e', 1, keyHash('b')), false);
    // An earlier batch's print read after the later one's does not take the key back.
    const p = batchPrints({ entities: [ent('a')], relationships: [] });
    eachPrint(p.entityPrints!, ENTITY_PRINT, (f, h) => keys.add('e', 1, f, h));
    assert.equal(keys.superseded('e', 1, keyHash('a')), true);
  });
});
