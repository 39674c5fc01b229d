import assert from 'node:assert/strict';
import neo4j from 'neo4j-driver';
import { toPlain } from '../../../src/graph/to-plain';

describe('toPlain', () => {
  it('turns driver integers into numbers, temporals into ISO strings, recursively', () => {
    const value = {
      n: neo4j.int(42),
      when: new neo4j.types.DateTime(2026, 11, 22, 13, 0, 0, 0, 0),
      day: new neo4j.types.Date(2026, 11, 22),
      list: [neo4j.int(1), 'a', null, { inner: neo4j.int(-7) }],
      missing: undefined,
      flag: true,
    };
    assert.deepEqual(toPlain(value), {
      n: 42,
      when: '2026-11-22T13:00:00Z',
      day: '2026-11-22',
      list: [1, 'a', null, { inner: -7 }],
      missing: null,
      flag: true,
    });
  });
});
