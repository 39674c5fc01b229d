import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testApp, type TestAccount } from '../../helpers/harness';
import { entity, scopeContents, SyncClient } from '../sync/semantics-helpers';

/**
 * Tags that TAG_ENTITIES set are the account's enrichment, not the uploader's data: the owner's
 * DIFF, PUT and OVERRIDE writes of the entity keep them (so a query filtering on a tag does not
 * miss the entity between a sync and the rule's next run). A write that names the same property
 * takes it over; a deleted entity loses them. Checked over HTTP and in Neo4j.
 */
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOSTS = [
  entity('h1', { _type: 'tag_host', displayName: 'one', exposed: true }),
  entity('h2', { _type: 'tag_host', displayName: 'two', exposed: false }),
];

describe('rules: tags a rule applied survive the owner’s syncs (HTTP, real Neo4j)', () => {
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  async function tagExposed(a: TestAccount): Promise<void> {
    const rule = {
      name: 'tag exposed hosts',
      pollingInterval: 'DISABLED',
      question: { queries: [{ name: 'q', query: 'FIND tag_host WITH exposed = true' }] },
      operations: [
        {
          when: { type: 'FILTER', condition: '{{queries.q.total > 0}}' },
          actions: [
            {
              type: 'TAG_ENTITIES',
              entities: '{{queries.q.data}}',
              tags: [{ name: 'Exposed', value: 'yes' }],
            },
          ],
        },
      ],
    };
    const created = await request(app).post('/rules').set(a.headers).send(rule);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const evaluated = await request(app)
      .post(`/rules/${String(created.body.rule.id)}/evaluate`)
      .set(a.headers);
    assert.equal(evaluated.status, 200, JSON.stringify(evaluated.body));
    assert.equal(evaluated.body.evaluation.status, 'SUCCESS');
  }

  async function tagged(a: TestAccount): Promise<Array<[string, unknown]>> {
    return (await scopeContents(a.accountId, 's')).entities
      .filter((e) => !e._deleted)
      .map((e) => [e._key, e['tag.Exposed'] ?? null]);
  }

  async function found(a: TestAccount): Promise<string[]> {
    const res = await request(app)
      .post('/query')
      .set(a.headers)
      .send({ query: "FIND tag_host WITH tag.Exposed = 'yes'" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body.data as Body[]).map((v) => v.entity._key as string).sort();
  }

  it('a DIFF that changes a tagged entity keeps the tag; an unchanged DIFF writes nothing', async () => {
    const a = await freshAccount();
    const sync = new SyncClient(app, a.headers);
    await sync.diff('s', HOSTS);
    await tagExposed(a);
    assert.deepEqual(await tagged(a), [
      ['h1', 'yes'],
      ['h2', null],
    ]);

    const changed = await sync.diff('s', [
      { ...HOSTS[0], displayName: 'one (renamed)' },
      HOSTS[1]!,
    ]);
    assert.equal(changed.status, 'FINISHED');
    assert.equal(changed.numEntitiesUpdated, 1);
    assert.deepEqual(await tagged(a), [
      ['h1', 'yes'],
      ['h2', null],
    ]);
    assert.deepEqual(await found(a), ['h1'], 'a query on the tag still finds the entity');

    const same = await sync.diff('s', [{ ...HOSTS[0], displayName: 'one (renamed)' }, HOSTS[1]!]);
    assert.equal(same.numEntitiesUpdated, 0, 'the tag is no difference to the owner’s data');
  });

  it('PUT and OVERRIDE writes keep it; a write naming the property takes it over', async () => {
    const a = await freshAccount(['PUT', 'OVERRIDE']);
    const sync = new SyncClient(app, a.headers);
    await sync.diff('s', HOSTS);
    await tagExposed(a);

    const put = await sync.sync({ source: 'api', scope: 's', syncMode: 'PUT' }, [
      { entities: [{ ...HOSTS[0], displayName: 'put' }] },
    ]);
    assert.equal(put.status, 'FINISHED');
    assert.deepEqual(await tagged(a), [
      ['h1', 'yes'],
      ['h2', null],
    ]);

    const override = await sync.sync({ source: 'api', scope: 's', syncMode: 'OVERRIDE' }, [
      { entities: [{ _type: 'tag_host', _key: 'h1', displayName: 'pinned' }] },
    ]);
    assert.equal(override.status, 'FINISHED', JSON.stringify(override.errors));
    assert.deepEqual(await tagged(a), [
      ['h1', 'yes'],
      ['h2', null],
    ]);

    // The owner uploads the property itself: its value wins, and later DIFFs without it drop it.
    await sync.diff('s', [{ ...HOSTS[0], 'tag.Exposed': 'no' }, HOSTS[1]!]);
    assert.deepEqual(await tagged(a), [
      ['h1', 'no'],
      ['h2', null],
    ]);
    await sync.diff('s', HOSTS);
    assert.deepEqual(await tagged(a), [
      ['h1', null],
      ['h2', null],
    ]);
  });

  it('a deleted entity loses its tags: uploaded again, it comes back as uploaded', async () => {
    const a = await freshAccount();
    const sync = new SyncClient(app, a.headers);
    await sync.diff('s', HOSTS);
    await tagExposed(a);
    await sync.diff('s', [HOSTS[1]!]); // h1 is soft deleted
    await sync.diff('s', HOSTS); // and back
    assert.deepEqual(await tagged(a), [
      ['h1', null],
      ['h2', null],
    ]);
    assert.deepEqual(await found(a), []);
  });
});
