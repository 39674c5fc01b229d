import assert from 'node:assert/strict';
import type express from 'express';
import request from 'supertest';
import { freshAccount, testAccounts, testApp } from '../../helpers/harness';
import { SyncClient } from '../sync/semantics-helpers';

const host = (key: string, props: Record<string, unknown> = {}) => ({
  _key: key,
  _type: 'aws_instance',
  _class: 'Host',
  ...props,
});

/** GET /query/vocabulary: what the console's J1QL completion offers (issue 27). */
describe('GET /query/vocabulary (HTTP, real Neo4j)', function () {
  this.timeout(60_000);
  let app: express.Express;
  before(async () => {
    app = await testApp();
  });

  it("lists the account's live types, their classes and its property names, and nothing of another account", async () => {
    const a = await freshAccount();
    const other = await freshAccount();
    const sync = new SyncClient(app, a.headers);
    await sync.diff('s', [
      host('h1', { region: 'eu' }),
      { _key: 'b1', _type: 'aws_s3_bucket', _class: ['DataStore', 'Resource'], encrypted: true },
      { _key: 'u1', _type: 'okta_user', _class: 'User', email: 'ann@example.com' },
    ]);
    // A second DIFF without the user deletes it: its type and class leave the vocabulary.
    await sync.diff('s', [
      host('h1', { region: 'eu' }),
      { _key: 'b1', _type: 'aws_s3_bucket', _class: ['DataStore', 'Resource'], encrypted: true },
    ]);
    await new SyncClient(app, other.headers).diff('s', [
      { _key: 'x', _type: 'other_type', _class: 'Other', secretish: 1 },
    ]);

    const res = await request(app).get('/query/vocabulary').set(a.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.types, ['aws_instance', 'aws_s3_bucket']);
    assert.deepEqual(res.body.classes, ['DataStore', 'Host', 'Resource']);
    const properties = res.body.properties as string[];
    for (const name of ['_class', '_type', 'encrypted', 'region'])
      assert.ok(properties.includes(name), name);
    // The catalog only grows: the deleted user's property stays; the other account's never shows.
    assert.ok(properties.includes('email'));
    assert.ok(!properties.includes('secretish'));
    assert.deepEqual(properties, [...properties].sort());
  });

  it('an empty account has an empty vocabulary; a key without read is 403', async () => {
    const a = await freshAccount();
    const empty = await request(app).get('/query/vocabulary').set(a.headers);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, { classes: [], types: [], properties: [] });

    const ingest = await (
      await testAccounts()
    ).createApiKey({
      accountId: a.accountId,
      roles: ['ingest'],
    });
    const refused = await request(app)
      .get('/query/vocabulary')
      .set({ ...a.headers, Authorization: `Bearer ${ingest.secret}` });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'INSUFFICIENT_ROLE');
  });
});
