import assert from 'node:assert/strict';
import { HIDDEN_PROPERTIES, toEdge, toVertex } from '../../../src/model/vertex-shape';

const CREATED = Date.UTC(2025, 5, 1, 10, 0, 0, 123);
const BEGUN = Date.UTC(2025, 5, 2, 8, 30, 0, 0);
const ENDED = Date.UTC(2025, 5, 3, 0, 0, 0, 0);

/** An entity node's properties as Neo4j stores them (docs/graph-model.md). */
function storedEntity(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: 'e-1',
    _key: 'host-1',
    _type: 'example_host',
    _class: ['Host', 'Device'],
    _accountId: 'acme',
    _scope: 's',
    _source: 'api',
    _version: 3,
    _deleted: false,
    _createdOn: CREATED,
    _beginOn: BEGUN,
    _hash: 'abc',
    _keyHash: 'digest',
    _lastSyncJobId: 'job-1',
    _lastSyncOp: 'updated',
    _overrides: ['owner'],
    displayName: 'Host 1',
    owner: 'team-a',
    'tag.Production': true,
    ports: [22, 443],
    ...extra,
  };
}

describe('vertex shape (docs/guide/j1ql.md, "Running a query")', () => {
  it('hides exactly the sync bookkeeping, the key digest and the search text', () => {
    assert.deepEqual(
      [...HIDDEN_PROPERTIES].sort(),
      [
        '_hash',
        '_keyHash',
        '_lastMappedJobId',
        '_lastSyncJobId',
        '_lastSyncOp',
        '_ruleTags',
        '_searchText',
      ].sort(),
    );
  });

  it('toVertex: id is _id; entity holds metadata and displayName with arrays and ISO times; properties the rest, flat', () => {
    assert.deepEqual(toVertex(storedEntity()), {
      id: 'e-1',
      entity: {
        _id: 'e-1',
        _key: 'host-1',
        _type: ['example_host'],
        _class: ['Host', 'Device'],
        _accountId: 'acme',
        _scope: 's',
        _source: 'api',
        _version: 3,
        _deleted: false,
        _createdOn: '2025-06-01T10:00:00.123Z',
        _beginOn: '2025-06-02T08:30:00.000Z',
        _overrides: ['owner'],
        displayName: 'Host 1',
      },
      properties: { owner: 'team-a', 'tag.Production': true, ports: [22, 443] },
    });
  });

  it('toVertex: a deleted entity shows _deleted and _endOn; missing type and classes are empty arrays; nulls are absent', () => {
    const v = toVertex({
      _id: 'e-2',
      _key: 'k',
      _deleted: true,
      _endOn: ENDED,
      _lastMappedJobId: 'job-9',
      gone: null,
    });
    assert.deepEqual(v, {
      id: 'e-2',
      entity: {
        _id: 'e-2',
        _key: 'k',
        _deleted: true,
        _endOn: '2025-06-03T00:00:00.000Z',
        _type: [],
        _class: [],
      },
      properties: {},
    });
  });

  it('toVertex: a _type already stored as a list stays that list', () => {
    assert.deepEqual(toVertex(storedEntity({ _type: ['a', 'b'] })).entity._type, ['a', 'b']);
  });

  it('toEdge: relationship metadata keeps _type and _class as stored; ends are the given ids', () => {
    const edge = toEdge({
      props: {
        _id: 'r-1',
        _key: 'h1|uses|h2',
        _type: 'host_uses_host',
        _class: 'USES',
        _fromEntityKey: 'h1',
        _toEntityKey: 'h2',
        _accountId: 'acme',
        _version: 1,
        _deleted: false,
        _createdOn: CREATED,
        _beginOn: BEGUN,
        _hash: 'x',
        _lastSyncJobId: 'job-1',
        _lastSyncOp: 'created',
        _mapped: true,
        _lastMappedJobId: 'job-1',
        displayName: 'USES',
        weight: 2,
        'tag.Env': 'prod',
      },
      fromId: 'e-1',
      toId: 'e-2',
    });
    assert.deepEqual(edge, {
      id: 'r-1',
      fromVertexId: 'e-1',
      toVertexId: 'e-2',
      relationship: {
        _id: 'r-1',
        _key: 'h1|uses|h2',
        _type: 'host_uses_host',
        _class: 'USES',
        _fromEntityKey: 'h1',
        _toEntityKey: 'h2',
        _accountId: 'acme',
        _version: 1,
        _deleted: false,
        _createdOn: '2025-06-01T10:00:00.123Z',
        _beginOn: '2025-06-02T08:30:00.000Z',
        _mapped: true,
        displayName: 'USES',
      },
      properties: { weight: 2, 'tag.Env': 'prod' },
    });
  });

  it('does not change its input', () => {
    const stored = storedEntity();
    const copy = structuredClone(stored);
    toVertex(stored);
    toEdge({ props: stored, fromId: 'a', toId: 'b' });
    assert.deepEqual(stored, copy);
  });
});
