import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { ENTITY_SEARCH_INDEX, SEARCH_TEXT_PROPERTY } from '../../../src/graph/search-index';
import { searchText } from '../../../src/model/search-text';
import { freshAccount, testApp, testGraph, type TestAccount } from '../../helpers/harness';
import {
  SyncClient,
  entity,
  expectCounters,
  find,
  scopeContents,
  type StoredEntity,
} from './semantics-helpers';
import { forEachBlobStore } from '../../helpers/blob-stores';

/**
 * Every entity write keeps `_searchText` (the field of the full-text index `entity_search_text`)
 * equal to the entity's searchable text: DIFF create, update, unchanged and revival, PUT, PATCH
 * jobs, OVERRIDE, mapper placeholders and their adoption, and the entity API's PATCH. Each check
 * also recomputes it with src/model/search-text.ts from the stored node, so the TypeScript and
 * the Cypher (cypher/sync/refresh-search-text.cypher) versions are held to one definition.
 */
forEachBlobStore('entity search text and its full-text index (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function account(): Promise<{ a: TestAccount; c: SyncClient }> {
    const a = await freshAccount(['PUT', 'OVERRIDE']);
    return { a, c: new SyncClient(app, a.headers) };
  }

  async function stored(accountId: string, scope: string, key: string): Promise<StoredEntity> {
    return find((await scopeContents(accountId, scope)).entities, key);
  }

  /** The stored _searchText is `expected`, and what searchText() makes of the stored node. */
  async function expectText(accountId: string, scope: string, key: string, expected: string) {
    const e = await stored(accountId, scope, key);
    // scopeContents adds `labels`, which is not a property.
    const props = Object.fromEntries(Object.entries(e).filter(([name]) => name !== 'labels'));
    assert.equal(e[SEARCH_TEXT_PROPERTY], expected);
    assert.equal(searchText(props), expected, 'the Cypher and TypeScript versions differ');
    return e;
  }

  /** The keys of the account's entities the full-text index finds for a Lucene query. */
  async function search(accountId: string, query: string): Promise<string[]> {
    const graph = await testGraph();
    const rows = await graph.read<{ key: string }>('sync/test-search-entities', {
      index: ENTITY_SEARCH_INDEX,
      query,
      accountId,
    });
    return rows.map((r) => r.key);
  }

  const alarm = (extra: Record<string, unknown> = {}) =>
    entity('alarm-1', {
      _type: 'aws_cloudwatch_metric_alarm',
      _class: ['Alarm', 'Configuration'],
      displayName: 'CPU high',
      address: '127.0.0.1',
      tags: ['prod', '', 'web'],
      threshold: 80,
      enabled: true,
      ports: [22, 443],
      nothing: null,
      ...extra,
    });

  it('DIFF create: exact text, and the index finds the entity by whole tokens right after finalize', async () => {
    const { a, c } = await account();
    const job = await c.diff('s', [alarm(), entity('h1', { address: '10.0.0.1' })]);
    expectCounters(job, { numEntitiesCreated: 2 });
    await expectText(
      a.accountId,
      's',
      'alarm-1',
      'alarm-1 aws_cloudwatch_metric_alarm Alarm Configuration CPU high 127.0.0.1 prod web',
    );
    await expectText(a.accountId, 's', 'h1', 'h1 host Host 10.0.0.1');
    assert.deepEqual(await search(a.accountId, 'aws_cloudwatch_metric_alarm'), ['alarm-1']);
    assert.deepEqual(await search(a.accountId, 'AWS_CLOUDWATCH_METRIC_ALARM'), ['alarm-1']);
    assert.deepEqual(await search(a.accountId, '127.0.0.1'), ['alarm-1']);
    assert.deepEqual(await search(a.accountId, '"10.0.0.1"'), ['h1']);
    assert.deepEqual(await search(a.accountId, 'host'), ['h1']);
    // Whole tokens: a part of an identifier, or of an address, is not a match.
    assert.deepEqual(await search(a.accountId, 'cloudwatch'), []);
    assert.deepEqual(await search(a.accountId, '127'), []);
    // Numbers and booleans are not text.
    assert.deepEqual(await search(a.accountId, '80'), []);
    assert.deepEqual(await search(a.accountId, 'true'), []);
  });

  it('DIFF update rewrites it from the new content; an unchanged DIFF leaves it alone', async () => {
    const { a, c } = await account();
    await c.diff('s', [alarm()]);
    expectCounters(await c.diff('s', [alarm({ address: '192.168.1.1', tags: 'solo' })]), {
      numEntitiesUpdated: 1,
    });
    const updated = await expectText(
      a.accountId,
      's',
      'alarm-1',
      'alarm-1 aws_cloudwatch_metric_alarm Alarm Configuration CPU high 192.168.1.1 solo',
    );
    assert.deepEqual(await search(a.accountId, '127.0.0.1'), []);
    assert.deepEqual(await search(a.accountId, '192.168.1.1'), ['alarm-1']);

    // A marker written behind the service's back survives an unchanged DIFF: it did not write.
    const graph = await testGraph();
    await graph.write('sync/test-set-search-text', { id: updated._id, text: 'marker' });
    expectCounters(await c.diff('s', [alarm({ address: '192.168.1.1', tags: 'solo' })]), {});
    const after = await stored(a.accountId, 's', 'alarm-1');
    assert.equal(after[SEARCH_TEXT_PROPERTY], 'marker');
    assert.equal(after._version, updated._version);
  });

  it('a revived entity gets the text of its new content', async () => {
    const { a, c } = await account();
    await c.diff('s', [alarm(), entity('h1', { owner: 'alice' })]);
    await c.diff('s', [alarm()]);
    assert.equal((await stored(a.accountId, 's', 'h1'))._deleted, true);
    expectCounters(await c.diff('s', [alarm(), entity('h1', { owner: 'bob' })]), {
      numEntitiesCreated: 1,
    });
    await expectText(a.accountId, 's', 'h1', 'h1 host Host bob');
    assert.deepEqual(await search(a.accountId, 'alice'), []);
    assert.deepEqual(await search(a.accountId, 'bob'), ['h1']);
  });

  it('PUT merges into the stored properties: the text covers both', async () => {
    const { a, c } = await account();
    await c.diff('s', [entity('h1', { owner: 'team-a', env: 'dev' })]);
    const put = await c.sync({ source: 'api', scope: 's', syncMode: 'PUT' }, [
      { entities: [entity('h1', { env: 'prod', region: 'eu-west-1' })] },
    ]);
    expectCounters(put, { numEntitiesUpdated: 1 });
    await expectText(a.accountId, 's', 'h1', 'h1 host Host prod team-a eu-west-1');
    assert.deepEqual(await search(a.accountId, 'dev'), []);
  });

  it('a PATCH job: given values written, nulls removed, the rest kept', async () => {
    const { a, c } = await account();
    await c.diff('s', [entity('h1', { owner: 'team-a', env: 'dev', n: 1 })]);
    const job = await c.sync({ source: 'api', scope: 's', syncMode: 'PATCH' }, [
      { entities: [{ _key: 'h1', env: null, owner: 'team-b', extra: ['x', 'y'] }] },
    ]);
    expectCounters(job, { numEntitiesUpdated: 1 });
    await expectText(a.accountId, 's', 'h1', 'h1 host Host x y team-b');
  });

  it('OVERRIDE: pinned values are in the text, and stay there through the owner’s DIFF', async () => {
    const { a, c } = await account();
    await c.diff('s', [entity('h1', { owner: 'team-a', env: 'dev' })]);
    const job = await c.sync({ source: 'api', syncMode: 'OVERRIDE' }, [
      { entities: [{ _type: 'host', _key: 'h1', owner: 'security', tags: ['pinned'] }] },
    ]);
    expectCounters(job, { numEntitiesUpdated: 1 });
    await expectText(a.accountId, 's', 'h1', 'h1 host Host dev security pinned');
    expectCounters(await c.diff('s', [entity('h1', { owner: 'team-b', env: 'prod' })]), {
      numEntitiesUpdated: 1,
    });
    await expectText(a.accountId, 's', 'h1', 'h1 host Host prod security pinned');
    assert.deepEqual(await search(a.accountId, 'security'), ['h1']);
  });

  it('a mapper placeholder has the text of its target, and the adopting entity its own', async () => {
    const { a, c } = await account();
    const target = { _type: 'user', _class: 'User', _key: 'u-new', email: 'new@x.io', name: 'N' };
    const job = await c.diff(
      'hosts',
      [entity('h1')],
      [
        {
          _key: 'h1-u',
          _type: 'host_has_user',
          _class: 'HAS',
          _mapping: {
            sourceEntityKey: 'h1',
            targetFilterKeys: [['_type', 'email']],
            targetEntity: target,
          },
        },
      ],
    );
    expectCounters(job, { numEntitiesCreated: 2, numRelationshipsCreated: 1 });
    await expectText(a.accountId, 'system-mapper', 'u-new', 'u-new user User new@x.io N');
    expectCounters(
      await c.diff('users', [
        entity('u-new', { _type: 'user', _class: ['User', 'Person'], email: 'new@x.io' }),
      ]),
      { numEntitiesCreated: 1 },
    );
    await expectText(a.accountId, 'users', 'u-new', 'u-new user User Person new@x.io');
  });

  it('the entity API’s PATCH updates it, and no response shows it', async () => {
    const { a, c } = await account();
    await c.diff('s', [alarm()]);
    const before = await stored(a.accountId, 's', 'alarm-1');
    const res = await request(app)
      .patch(`/entities/${before._id}`)
      .set(a.headers)
      .send({ properties: { address: null, note: 'rotated', tags: ['blue'] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await expectText(
      a.accountId,
      's',
      'alarm-1',
      'alarm-1 aws_cloudwatch_metric_alarm Alarm Configuration CPU high rotated blue',
    );
    assert.deepEqual(await search(a.accountId, 'rotated'), ['alarm-1']);
    assert.deepEqual(await search(a.accountId, '127.0.0.1'), []);
    const got = await request(app).get(`/entities/${before._id}`).set(a.headers);
    assert.equal(got.status, 200);
    for (const body of [res.body, got.body]) {
      assert.ok(!JSON.stringify(body).includes(SEARCH_TEXT_PROPERTY), JSON.stringify(body));
    }
  });

  it('the index is the one src/graph/search-index.ts names, a full-text index', async () => {
    const graph = await testGraph();
    const rows = await graph.read<{ name: string; type: string }>('health/list-schema');
    assert.deepEqual(
      rows.filter((r) => r.name === ENTITY_SEARCH_INDEX).map((r) => r.type),
      ['FULLTEXT'],
    );
  });
});
