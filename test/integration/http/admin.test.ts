import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ADMIN_TOKEN, freshAccount, testApp, testGraph, trackAccount } from '../../helpers/harness';

const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };

describe('admin API (HTTP, real Neo4j)', () => {
  it('is disabled (404 ADMIN_API_DISABLED) when ADMIN_TOKEN is unset', async () => {
    const app = await testApp({ adminToken: undefined });
    const res = await request(app).get('/admin/accounts').set(admin);
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, {
      error: {
        code: 'ADMIN_API_DISABLED',
        message: 'The admin API is disabled: set ADMIN_TOKEN to enable it',
      },
    });
  });

  it('401 without the admin token or with a wrong one; an API key is not an admin token', async () => {
    const app = await testApp();
    const missing = await request(app).get('/admin/accounts');
    assert.equal(missing.status, 401);
    assert.equal(
      missing.body.error.message,
      'Missing Authorization header: send Authorization: Bearer <admin token>',
    );
    const wrong = await request(app)
      .get('/admin/accounts')
      .set('Authorization', 'Bearer not-the-admin-token');
    assert.deepEqual(wrong.body, {
      error: { code: 'UNAUTHORIZED', message: 'Invalid admin token' },
    });
    assert.equal(wrong.status, 401);
    const a = await freshAccount();
    const apiKey = await request(app).get('/admin/accounts').set(a.headers);
    assert.deepEqual(apiKey.body, {
      error: { code: 'UNAUTHORIZED', message: 'Invalid admin token' },
    });
    // ...and the admin token is not an API key
    const asKey = await request(app)
      .get('/account')
      .set('JupiterOne-Account', a.accountId)
      .set(admin);
    assert.deepEqual(asKey.body, { error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } });
  });

  it('creates an account, refuses a duplicate (409), gets, lists and updates it', async () => {
    const app = await testApp();
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    const created = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .send({ id, features: ['PUT'] });
    assert.equal(created.status, 201);
    assert.equal(created.body.account.id, id);
    assert.deepEqual(created.body.account.features, ['PUT']);

    const dup = await request(app).post('/admin/accounts').set(admin).send({ id });
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body, {
      error: { code: 'ACCOUNT_EXISTS', message: `Account '${id}' already exists` },
    });

    assert.deepEqual(
      (await request(app).get(`/admin/accounts/${id}`).set(admin)).body,
      created.body,
    );
    const list = await request(app).get('/admin/accounts').set(admin);
    assert.ok(list.body.accounts.some((a: { id: string }) => a.id === id));

    const updated = await request(app)
      .patch(`/admin/accounts/${id}`)
      .set(admin)
      .send({ features: ['OVERRIDE', 'PUT'] });
    assert.equal(updated.status, 200);
    assert.deepEqual(updated.body.account.features, ['OVERRIDE', 'PUT']);
    const rows = await (
      await testGraph()
    ).read<{ account: { features: string[] } }>('accounts/get-account', { id });
    assert.deepEqual(rows[0]?.account.features, ['OVERRIDE', 'PUT']);
  });

  it('400 for an invalid account id, and 404 for an unknown account', async () => {
    const app = await testApp();
    const bad = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .send({ id: '-starts-with-dash' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.message, /^\/id must match pattern/);
    const missing = await request(app).get('/admin/accounts/no-such-account').set(admin);
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, {
      error: { code: 'NOT_FOUND', message: "Account 'no-such-account' not found" },
    });
    const patch = await request(app)
      .patch('/admin/accounts/no-such-account')
      .set(admin)
      .send({ features: [] });
    assert.equal(patch.status, 404);
  });

  it('creates a key that works once, lists it without its secret, and revokes it for good', async () => {
    const app = await testApp();
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    await request(app).post('/admin/accounts').set(admin).send({ id }).expect(201);

    const key = await request(app)
      .post(`/admin/accounts/${id}/keys`)
      .set(admin)
      .send({ name: 'ci' });
    assert.equal(key.status, 201);
    assert.match(key.body.key.secret, /^gsk_[A-Za-z0-9_-]{43}$/);
    assert.equal(key.body.key.name, 'ci');
    assert.equal(key.body.key.revokedOn, null);
    const headers = { 'JupiterOne-Account': id, Authorization: `Bearer ${key.body.key.secret}` };
    assert.equal((await request(app).get('/account').set(headers)).status, 200);

    const noBody = await request(app).post(`/admin/accounts/${id}/keys`).set(admin);
    assert.equal(noBody.status, 201, 'the body is optional');
    assert.equal(noBody.body.key.name, null);

    const listed = await request(app).get(`/admin/accounts/${id}/keys`).set(admin);
    assert.equal(listed.status, 200);
    assert.equal(listed.body.keys.length, 2);
    assert.ok(!JSON.stringify(listed.body).includes(key.body.key.secret));

    const revoked = await request(app)
      .delete(`/admin/accounts/${id}/keys/${key.body.key.id}`)
      .set(admin);
    assert.equal(revoked.status, 200);
    assert.equal(typeof revoked.body.key.revokedOn, 'number');
    const after = await request(app).get('/account').set(headers);
    assert.equal(after.status, 401);
    assert.equal(after.body.error.message, 'Invalid API key');

    const unknown = await request(app).delete(`/admin/accounts/${id}/keys/nope`).set(admin);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.message, `API key 'nope' not found for account '${id}'`);
  });

  it('a rejected create changes nothing', async () => {
    const app = await testApp();
    const id = `t-${randomUUID()}`;
    const res = await request(app)
      .post('/admin/accounts')
      .set(admin)
      .send({ id, features: ['NOPE'] });
    assert.equal(res.status, 400);
    const rows = await (await testGraph()).read('accounts/get-account', { id });
    assert.equal(rows.length, 0);
  });
});
