import assert from 'node:assert/strict';
import { keyHash } from '../../../../src/graph/key-hash';
import { FingerprintSet, fingerprintOf } from '../../../../src/sync/staging/fingerprint-set';
import { type BatchKeys, UploadKeyIndex } from '../../../../src/sync/staging/upload-key-index';

const k = (key: string) => ({ keyHash: keyHash(key) });
const batch = (seq: number, entities: string[], relationships: string[] = []): BatchKeys => ({
  seq,
  entities: entities.map(k),
  relationships: relationships.map(k),
});

describe('FingerprintSet', () => {
  it('adds each member once, finds every member and no other, across growth', () => {
    const set = new FingerprintSet(4);
    const keys = Array.from({ length: 5000 }, (_, i) => `key-${i}`);
    for (const key of keys) assert.equal(set.add(fingerprintOf(keyHash(key))), true, key);
    for (const key of keys) assert.equal(set.add(fingerprintOf(keyHash(key))), false, key);
    assert.equal(set.size, 5000);
    for (const key of keys) assert.equal(set.has(fingerprintOf(keyHash(key))), true, key);
    assert.equal(set.has(fingerprintOf(keyHash('key-5000'))), false);
    // At most half full: 16 bytes a slot, two slots a member at least.
    assert.ok(set.bytes <= 5000 * 16 * 4, `${set.bytes} bytes`);
  });

  it('keeps the all-zero digest apart from an empty slot', () => {
    const zero = Buffer.alloc(32).toString('base64url');
    const set = new FingerprintSet();
    assert.equal(set.has(fingerprintOf(zero)), false);
    assert.equal(set.add(fingerprintOf(zero)), true);
    assert.equal(set.has(fingerprintOf(zero)), true);
  });
});

describe('UploadKeyIndex', () => {
  const none = () => Promise.reject(new Error('no catch-up expected'));

  it('tells new keys from keys of recorded batches, and a repeat within the batch from both', async () => {
    const index = new UploadKeyIndex();
    const first = await index.check('j', 0, batch(1, ['a', 'b'], ['r1']), none);
    assert.deepEqual(first.newEntities, [true, true]);
    assert.deepEqual(first.knownEntities, []);
    index.recorded('j', batch(1, ['a', 'b'], ['r1']));
    const second = await index.check('j', 1, batch(2, ['c', 'a', 'c'], ['r1', 'r2']), none);
    assert.deepEqual(second.newEntities, [true, false, false]);
    assert.deepEqual(second.knownEntities, [1]);
    assert.deepEqual(second.newRelationships, [false, true]);
    assert.deepEqual(second.knownRelationships, [0]);
    // Entities and relationships are apart: an entity key is not a relationship's.
    const third = await index.check('j', 1, batch(2, ['r1'], ['a']), none);
    assert.deepEqual([third.knownEntities, third.knownRelationships], [[], []]);
  });

  it('reads the batches it has not seen (another process, a restart) before it answers', async () => {
    const index = new UploadKeyIndex();
    const asked: number[] = [];
    const check = await index.check('j', 2, batch(3, ['b', 'z']), (after) => {
      asked.push(after);
      return Promise.resolve([batch(1, ['a']), batch(2, ['b'])]);
    });
    assert.deepEqual(asked, [0]);
    assert.deepEqual(check.knownEntities, [0]);
    assert.deepEqual(check.newEntities, [false, true]);
    // Now current: the next check reads nothing more.
    index.recorded('j', batch(3, ['b', 'z']));
    const next = await index.check('j', 3, batch(4, ['z']), none);
    assert.deepEqual(next.knownEntities, [0]);
  });

  it('ignores a batch that is not the next one, and starts again when it is ahead of the job', async () => {
    const index = new UploadKeyIndex();
    await index.check('j', 0, batch(1, ['a']), none);
    index.recorded('j', batch(2, ['x'])); // not the next: ignored
    const check = await index.check('j', 0, batch(1, ['x']), none);
    assert.deepEqual(check.knownEntities, []);
    index.recorded('j', batch(1, ['x'])); // told of a batch whose transaction then failed
    // The job still has no batch: the index drops what it was told and starts from nothing.
    const again = await index.check('j', 0, batch(1, ['x']), none);
    assert.deepEqual(again.knownEntities, []);
    assert.deepEqual(again.newEntities, [true]);
  });

  it('refuses to answer when the batches read back do not reach the job', async () => {
    const index = new UploadKeyIndex();
    await assert.rejects(
      index.check('j', 2, batch(3, ['a']), () => Promise.resolve([batch(1, ['a'])])),
      /could not catch up to batch 2 \(at 1\)/,
    );
  });

  it('forgets the least recently used jobs past its budget, and reads them back when asked', async () => {
    const index = new UploadKeyIndex(3);
    await index.check('old', 0, batch(1, []), none);
    index.recorded('old', batch(1, ['a', 'b']));
    await index.check('new', 0, batch(1, []), none);
    index.recorded('new', batch(1, ['c', 'd']));
    let read = 0;
    const check = await index.check('old', 1, batch(2, ['a']), () => {
      read++;
      return Promise.resolve([batch(1, ['a', 'b'])]);
    });
    assert.equal(read, 1);
    assert.deepEqual(check.knownEntities, [0]);
  });
});
