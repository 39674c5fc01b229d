import assert from 'node:assert/strict';
import { searchText } from '../../../../src/model/search-text';

describe('searchText (the _searchText of an entity)', () => {
  it('is _key, _type, each _class, displayName, then custom strings in name order', () => {
    assert.equal(
      searchText({
        zone: 'us-east-1',
        _type: 'aws_instance',
        displayName: 'web 1',
        _key: 'i-0abc',
        _class: ['Host', 'Device'],
        address: '127.0.0.1',
        _scope: 'aws',
        _id: 'some-uuid',
      }),
      'i-0abc aws_instance Host Device web 1 127.0.0.1 us-east-1',
    );
  });

  it('takes the strings of lists; leaves out numbers, booleans, nulls and empty strings', () => {
    assert.equal(
      searchText({
        _key: 'k',
        _type: 't',
        _class: 'Host',
        tags: ['b', '', 'a'],
        ports: [22, 443],
        flags: [true],
        n: 3,
        on: false,
        gone: null,
        empty: '',
        name: 'n1',
      }),
      'k t Host n1 b a',
    );
  });

  it('leaves out every other _-prefixed property (hash, scope, source, its own old value)', () => {
    assert.equal(
      searchText({
        _key: 'k',
        _type: 't',
        _class: ['C'],
        _hash: 'h',
        _source: 'api',
        _searchText: 'stale',
        _overrides: ['x'],
      }),
      'k t C',
    );
  });

  it('sorts names by UTF-16 code units, as Cypher ORDER BY does', () => {
    assert.equal(
      searchText({ _key: 'k', b: 'B', a: 'A', Z: 'z', é: 'E', 'tag.x': 'T' }),
      'k z A B T E',
    );
  });

  it('is empty for no text', () => {
    assert.equal(searchText({ n: 1 }), '');
  });
});
