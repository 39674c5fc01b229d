import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { PropertyCatalog } from '../../../src/catalog/property-catalog';
import type { PropertyKindPair } from '../../../src/catalog/property-kinds';
import { freshAccount, testApp, testGraph } from '../../helpers/harness';
import { SyncClient, entity, expectCounters, find, rel, scopeContents } from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * The property catalog (src/catalog/property-catalog.ts): every (property name, value kind) the
 * entities and relationships of an account have held, written by finalize, OVERRIDE and the
 * entity API's PATCH, hidden bookkeeping left out. The query compiler relies on it never missing
 * a kind that is stored.
 */
forEachBlobStore('property catalog per account (HTTP, real Neo4j)', () => {
  let app: express.Express;
  let catalog: PropertyCatalog;
  before(async () => {
    app = await testApp();
    catalog = new PropertyCatalog({ graph: await testGraph() });
  });

  /** The catalog as sorted "name:kind" strings. */
  async function entries(accountId: string): Promise<string[]> {
    const out: string[] = [];
    for (const [name, kinds] of await catalog.kinds(accountId)) {
      for (const kind of kinds) out.push(`${name}:${kind}`);
    }
    return out.sort();
  }

  /** The catalog's stored nodes, duplicates included. */
  async function rows(accountId: string): Promise<string[]> {
    const graph = await testGraph();
    const found = await graph.read<PropertyKindPair>('catalog/list-property-kinds', { accountId });
    return found.map((r) => `${r.name}:${r.kind}`).sort();
  }

  /** What every entity and relationship a DIFF creates carries, bookkeeping aside. */
  const SYSTEM = [
    '_accountId:string',
    '_beginOn:number',
    '_createdOn:number',
    '_deleted:boolean',
    '_id:string',
    '_key:string',
    '_scope:string',
    '_source:string',
    '_type:string',
    '_version:number',
  ];

  it('a DIFF records exactly the kinds its entities and relationships hold (one catalog for both)', async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    const job = await c.diff(
      's',
      [
        entity('h1', { owner: 'team-a', n: 1, on: true, tags: ['x'], mixed: 'text', gone: null }),
        entity('h2', { _class: ['Host', 'Device'], mixed: 7, ports: [22, 443], flags: [true] }),
      ],
      [rel('r12', 'h1', 'h2', { weight: 5, label: 'uses', mixed: false, none: null })],
    );
    expectCounters(job, { numEntitiesCreated: 2, numRelationshipsCreated: 1 });
    assert.deepEqual(
      await entries(a.accountId),
      [
        ...SYSTEM,
        // Entities list their classes; a relationship's _class is one string.
        '_class:list',
        '_class:string',
        // DIFF's delete step may stamp _endOn; relationships name their ends by key.
        '_endOn:number',
        '_fromEntityKey:string',
        '_toEntityKey:string',
        'flags:list',
        'label:string',
        'mixed:boolean',
        'mixed:number',
        'mixed:string',
        'n:number',
        'on:boolean',
        'owner:string',
        'ports:list',
        'tags:list',
        'weight:number',
      ].sort(),
    );
    assert.deepEqual([...(await catalog.listProperties(a.accountId))].sort(), [
      '_class',
      'flags',
      'ports',
      'tags',
    ]);
    // Nothing of graphsync's own bookkeeping, no duplicates.
    assert.deepEqual(await rows(a.accountId), await entries(a.accountId));
  });

  it('only grows: a later DIFF adds new kinds and keeps those no longer stored', async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    await c.diff('s', [entity('h1', { team: 'team-a' })]);
    await c.diff('s', [entity('h1', { team: ['team-a', 'team-b'] })]);
    const kinds = await catalog.kinds(a.accountId);
    assert.deepEqual([...(kinds.get('team') ?? [])].sort(), ['list', 'string']);
    assert.deepEqual([...(await catalog.listProperties(a.accountId))].sort(), ['_class', 'team']);
    // Another account's catalog is its own.
    const b = await freshAccount();
    assert.deepEqual(await entries(b.accountId), []);
  });

  it('the entity API’s PATCH records a list it introduces (a null records nothing)', async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    await c.diff('s', [entity('h1', { team: 'team-a', env: 'dev' })]);
    assert.ok(!(await catalog.listProperties(a.accountId)).has('team'));
    const before = await entries(a.accountId);
    const h1 = find((await scopeContents(a.accountId, 's')).entities, 'h1');
    const res = await request(app)
      .patch(`/entities/${h1._id}`)
      .set(a.headers)
      .send({ properties: { team: ['team-a', 'team-b'], env: null, cost: 1.5 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(await entries(a.accountId), [...before, 'cost:number', 'team:list'].sort());
    assert.ok((await catalog.listProperties(a.accountId)).has('team'));
  });

  it('OVERRIDE and a PATCH job record the kinds they write, _overrides included', async () => {
    const a = await freshAccount(['OVERRIDE']);
    const c = new SyncClient(app, a.headers);
    await c.diff('s', [entity('h1', { team: 'team-a' })]);
    const before = await entries(a.accountId);
    expectCounters(
      await c.sync({ source: 'api', syncMode: 'OVERRIDE' }, [
        { entities: [{ _type: 'host', _key: 'h1', team: ['security'] }] },
      ]),
      { numEntitiesUpdated: 1 },
    );
    expectCounters(
      await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
        { entities: [{ _key: 'h1', risk: 3 }] },
      ]),
      { numEntitiesUpdated: 1 },
    );
    assert.deepEqual(
      await entries(a.accountId),
      [...before, '_overrides:list', 'team:list', 'risk:number'].sort(),
    );
  });

  it('concurrent finalizes of two scopes, and concurrent writers, record each pair once', async () => {
    const a = await freshAccount();
    const c = new SyncClient(app, a.headers);
    const props = { shared: 'x', list: ['y'], n: 1 };
    const jobs = await Promise.all(
      ['s1', 's2', 's3'].map((scope) => c.diff(scope, [entity('h1', props), entity('h2', props)])),
    );
    for (const job of jobs) expectCounters(job, { numEntitiesCreated: 2 });
    const pairs: PropertyKindPair[] = [
      { name: 'a', kind: 'list' },
      { name: 'b', kind: 'number' },
      { name: 'c', kind: 'string' },
    ];
    await Promise.all(Array.from({ length: 8 }, () => catalog.record(a.accountId, pairs)));
    const stored = await rows(a.accountId);
    assert.deepEqual(stored, [...new Set(stored)]);
    for (const want of ['shared:string', 'list:list', 'n:number', 'a:list', 'b:number']) {
      assert.ok(stored.includes(want), want);
    }
  });

  it('a finalization’s recorder writes each pair once, however many chunks carry it', async () => {
    const a = await freshAccount();
    const graph = await testGraph();
    const recorder = catalog.recorder(a.accountId);
    const pairs: PropertyKindPair[] = [{ name: 'owner', kind: 'string' }];
    await recorder.record(pairs);
    assert.deepEqual(await entries(a.accountId), ['owner:string']);
    // Removed behind its back, the pair is not written again by the same recorder...
    await graph.write('accounts/delete-account-data', { id: a.accountId });
    await recorder.record(pairs);
    assert.deepEqual(await entries(a.accountId), []);
    // ...but a new pair is, and so is the old one by the next finalization's recorder.
    await recorder.record([...pairs, { name: 'owner', kind: 'list' }]);
    assert.deepEqual(await entries(a.accountId), ['owner:list']);
    await catalog.recorder(a.accountId).record(pairs);
    assert.deepEqual(await entries(a.accountId), ['owner:list', 'owner:string']);
  });
});
