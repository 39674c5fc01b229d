import assert from 'node:assert/strict';
import request from 'supertest';
import { RouteTable } from '../../../src/http/route-table';
import { openapiPath } from '../../../src/paths';
import { freshAccount, testAccounts, testApp } from '../../helpers/harness';

function expectError(res: request.Response, status: number, code: string, message: string): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.deepEqual(res.body, { error: { code, message } });
}

describe('authentication (HTTP, real Neo4j)', () => {
  it('answers a valid key with the account it belongs to', async () => {
    const app = await testApp();
    const a = await freshAccount(['PUT']);
    const res = await request(app).get('/account').set(a.headers);
    assert.equal(res.status, 200);
    assert.equal(res.body.account.id, a.accountId);
    assert.deepEqual(res.body.account.features, ['PUT']);
  });

  for (const header of [
    'JupiterOne-Account',
    'LifeOmic-Account',
    'service-account',
    'jupiterone-account',
    'SERVICE-ACCOUNT',
  ]) {
    it(`accepts the account header ${header}`, async () => {
      const app = await testApp();
      const a = await freshAccount();
      const res = await request(app)
        .get('/account')
        .set(header, a.accountId)
        .set('Authorization', `Bearer ${a.key}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.account.id, a.accountId);
    });
  }

  it('JupiterOne-Account wins over LifeOmic-Account, which wins over service-account', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const b = await freshAccount();
    const res = await request(app)
      .get('/account')
      .set('service-account', b.accountId)
      .set('LifeOmic-Account', b.accountId)
      .set('JupiterOne-Account', a.accountId)
      .set('Authorization', `Bearer ${a.key}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.account.id, a.accountId);
    const older = await request(app)
      .get('/account')
      .set('service-account', a.accountId)
      .set('LifeOmic-Account', b.accountId)
      .set('Authorization', `Bearer ${b.key}`);
    assert.equal(older.body.account.id, b.accountId);
  });

  it('400 Missing Service-Account header when no account header is sent, before looking at the key', async () => {
    const app = await testApp();
    const a = await freshAccount();
    expectError(
      await request(app).get('/account').set('Authorization', `Bearer ${a.key}`),
      400,
      'MISSING_ACCOUNT_HEADER',
      'Missing Service-Account header',
    );
    expectError(
      await request(app).get('/account').set('Authorization', 'Bearer wrong'),
      400,
      'MISSING_ACCOUNT_HEADER',
      'Missing Service-Account header',
    );
    expectError(
      await request(app).get('/account').set('JupiterOne-Account', '  '),
      400,
      'MISSING_ACCOUNT_HEADER',
      'Missing Service-Account header',
    );
  });

  it('401 when the key is missing, malformed, unknown or revoked', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const acct = { 'JupiterOne-Account': a.accountId };
    expectError(
      await request(app).get('/account').set(acct),
      401,
      'UNAUTHORIZED',
      'Missing Authorization header: send Authorization: Bearer <API key>',
    );
    expectError(
      await request(app).get('/account').set(acct).set('Authorization', a.key),
      401,
      'UNAUTHORIZED',
      'Malformed Authorization header: expected Bearer <API key>',
    );
    expectError(
      await request(app).get('/account').set(acct).set('Authorization', 'Bearer gsk_unknown'),
      401,
      'UNAUTHORIZED',
      'Invalid API key',
    );
    await (await testAccounts()).revokeApiKey({ accountId: a.accountId, keyId: a.keyId });
    expectError(
      await request(app).get('/account').set(a.headers),
      401,
      'UNAUTHORIZED',
      'Invalid API key',
    );
  });

  it("403: account A's key cannot act as account B, whether B exists or not", async () => {
    const app = await testApp();
    const a = await freshAccount();
    const b = await freshAccount();
    const asB = await request(app)
      .get('/account')
      .set('JupiterOne-Account', b.accountId)
      .set('Authorization', `Bearer ${a.key}`);
    expectError(asB, 403, 'FORBIDDEN', `API key is not valid for account '${b.accountId}'`);
    const asNobody = await request(app)
      .get('/account')
      .set('JupiterOne-Account', 'nobody')
      .set('Authorization', `Bearer ${a.key}`);
    expectError(asNobody, 403, 'FORBIDDEN', "API key is not valid for account 'nobody'");
    // and B's own key still works for B only
    assert.equal((await request(app).get('/account').set(b.headers)).body.account.id, b.accountId);
  });

  describe('every account operation in openapi.yaml', () => {
    const operations = RouteTable.fromFile(openapiPath).operations.filter(
      (o) => o.access === 'account',
    );
    for (const op of operations) {
      const url = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      it(`${op.method.toUpperCase()} ${op.path}: 400 without account, 401 without key, 403 with another account's key`, async () => {
        const app = await testApp();
        const a = await freshAccount();
        const b = await freshAccount();
        const call = (): request.Test => request(app)[op.method](url);
        expectError(await call(), 400, 'MISSING_ACCOUNT_HEADER', 'Missing Service-Account header');
        assert.equal((await call().set('JupiterOne-Account', a.accountId)).status, 401);
        assert.equal(
          (
            await call()
              .set('JupiterOne-Account', b.accountId)
              .set('Authorization', `Bearer ${a.key}`)
          ).status,
          403,
        );
      });
    }
  });
});
