import assert from 'node:assert/strict';
import { kindOf, propertyKindPairs } from '../../../src/catalog/property-kinds';

describe('property kinds (the property catalog entries a write makes)', () => {
  it('kindOf: string, number, boolean, list; nothing for null and non-values', () => {
    assert.equal(kindOf('x'), 'string');
    assert.equal(kindOf(''), 'string');
    assert.equal(kindOf(0), 'number');
    assert.equal(kindOf(false), 'boolean');
    assert.equal(kindOf([]), 'list');
    assert.equal(kindOf([1, 2]), 'list');
    assert.equal(kindOf(null), undefined);
    assert.equal(kindOf(undefined), undefined);
    assert.equal(kindOf({ a: 1 }), undefined);
  });

  it('pairs: distinct, sorted by name then kind, across maps; nulls and hidden bookkeeping left out', () => {
    assert.deepEqual(
      propertyKindPairs([
        { owner: 'a', ports: [22], _hash: 'h', _searchText: 's', _lastSyncJobId: 'j', gone: null },
        { owner: 3, ports: [443], enabled: true, _key: 'k', _lastSyncOp: 'created' },
        { _lastMappedJobId: 'j', _mapped: true, owner: 'b' },
      ]),
      [
        { name: '_key', kind: 'string' },
        { name: '_mapped', kind: 'boolean' },
        { name: 'enabled', kind: 'boolean' },
        { name: 'owner', kind: 'number' },
        { name: 'owner', kind: 'string' },
        { name: 'ports', kind: 'list' },
      ],
    );
  });

  it('pairs of nothing is empty', () => {
    assert.deepEqual(propertyKindPairs([]), []);
    assert.deepEqual(propertyKindPairs([{ a: null }]), []);
  });
});
