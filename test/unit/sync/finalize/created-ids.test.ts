import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { keyHash } from '../../../../src/graph/key-hash';
import { CreatedEntityIds } from '../../../../src/sync/finalize/created-ids';

const create = (key: string, id: string) => ({
  classes: ['Thing'],
  props: { _key: key, _keyHash: keyHash(key), _id: id },
});

/** Decision 0055: the ids a DIFF into a new scope creates, where its relationships find their ends. */
describe('CreatedEntityIds: the entities a run created, by key', () => {
  it('gives back each UUID exactly, and null for a key it did not create', () => {
    const ids = new CreatedEntityIds(4);
    const made = Array.from({ length: 100 }, (_, i) => create(`k${i}`, randomUUID()));
    ids.record({ creates: made, updates: [] });
    for (const row of made) assert.equal(ids.idOf(row.props._key), row.props._id);
    assert.equal(ids.idOf('other'), null);
    assert.equal(ids.idOf(undefined), null);
    assert.equal(ids.complete, true);
  });

  it('keeps an id of another form too', () => {
    const ids = new CreatedEntityIds(4);
    ids.record({ creates: [create('a', 'not-a-uuid'), create('b', 'FFFFFFFF-0000')], updates: [] });
    assert.deepEqual([ids.idOf('a'), ids.idOf('b')], ['not-a-uuid', 'FFFFFFFF-0000']);
  });

  it('is incomplete once a chunk did more than create (a placeholder adopted)', () => {
    const ids = new CreatedEntityIds(4);
    ids.record({
      creates: [create('a', randomUUID())],
      updates: [{ id: randomUUID(), classes: ['Thing'], props: {}, adopt: true }],
    });
    assert.equal(ids.complete, false);
  });
});
