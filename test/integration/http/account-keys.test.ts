import assert from 'node:assert/strict';
import request from 'supertest';
import { ADMIN_TOKEN, freshAccount, testAccounts, testApp, testGraph } from '../../helpers/harness';

const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };

async function storedRoles(keyId: string): Promise<string[] | null | undefined> {
  const rows = await (
    await testGraph()
  ).write<{ roles: string[] | null }>('accounts/test-strip-key-roles', { keyId, strip: false });
  return rows[0]?.roles;
}

describe('API keys with roles (HTTP, real Neo4j)', () => {
  it('an admin key creates a key with roles, lists keys with roles and no secret, and revokes', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const created = await request(app)
      .post('/account/keys')
      .set(a.headers)
      .send({ name: 'aws-integration', roles: ['ingest'] });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const key = created.body.key as Record<string, unknown>;
    assert.deepEqual(Object.keys(key).sort(), [
      'accountId',
      'createdOn',
      'id',
      'name',
      'revokedOn',
      'roles',
      'secret',
    ]);
    assert.equal(key.name, 'aws-integration');
    assert.equal(key.accountId, a.accountId);
    assert.deepEqual(key.roles, ['ingest']);
    assert.match(String(key.secret), /^gsk_/);
    assert.deepEqual(await storedRoles(String(key.id)), ['ingest']);

    // The new key ingests, and may not read rules.
    const ingest = {
      'JupiterOne-Account': a.accountId,
      Authorization: `Bearer ${String(key.secret)}`,
    };
    const job = await request(app)
      .post('/persister/synchronization/jobs')
      .set(ingest)
      .send({ source: 'api', scope: 'k' });
    assert.equal(job.status, 200, JSON.stringify(job.body));
    const rules = await request(app).get('/rules').set(ingest);
    assert.equal(rules.status, 403);
    // GET /account names the calling key and its roles (what the console shows and enables).
    const me = await request(app).get('/account').set(ingest);
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.deepEqual(me.body.key, { id: key.id, name: 'aws-integration', roles: ['ingest'] });
    assert.equal(me.body.account.id, a.accountId);
    assert.deepEqual(rules.body, {
      error: {
        code: 'INSUFFICIENT_ROLE',
        message: "Operation 'listRules' needs an API key with role 'read'; this key has: ingest",
      },
    });
    // ...nor manage keys.
    const theirs = await request(app).get('/account/keys').set(ingest);
    assert.equal(theirs.status, 403);
    assert.equal(theirs.body.error.code, 'INSUFFICIENT_ROLE');

    const listed = await request(app).get('/account/keys').set(a.headers);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      (listed.body.keys as Array<Record<string, unknown>>).map((k) => [
        k.id,
        k.roles,
        'secret' in k,
        'hash' in k,
      ]),
      [
        [key.id, ['ingest'], false, false],
        [a.keyId, ['ingest', 'read', 'write', 'admin'], false, false],
      ],
    );

    const revoked = await request(app)
      .delete(`/account/keys/${String(key.id)}`)
      .set(a.headers);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.key.id, key.id);
    assert.deepEqual(revoked.body.key.roles, ['ingest']);
    assert.equal(typeof revoked.body.key.revokedOn, 'number');
    const after = await request(app).get('/persister/synchronization/jobs/x').set(ingest);
    assert.equal(after.status, 401);
    assert.deepEqual(after.body, { error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } });
  });

  it('POST /account/keys needs roles: known ones, at least one; nothing is created otherwise', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const post = (body: unknown) =>
      request(app)
        .post('/account/keys')
        .set(a.headers)
        .send(body as object);
    const missing = await post({ name: 'x' });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body, {
      error: { code: 'VALIDATION_ERROR', message: "/roles must have required property 'roles'" },
    });
    const unknown = await post({ roles: ['read', 'owner'] });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body, {
      error: {
        code: 'VALIDATION_ERROR',
        message: '/roles/1 must be equal to one of the allowed values: ingest, read, write, admin',
      },
    });
    const empty = await post({ roles: [] });
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body, {
      error: { code: 'VALIDATION_ERROR', message: '/roles must NOT have fewer than 1 items' },
    });
    const keys = await (await testAccounts()).listApiKeys(a.accountId);
    assert.equal(keys.length, 1, 'nothing created by the refused requests');
  });

  it('revoking another account key is 404, and the key stays live', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const b = await freshAccount();
    const res = await request(app).delete(`/account/keys/${b.keyId}`).set(a.headers);
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, {
      error: {
        code: 'NOT_FOUND',
        message: `API key '${b.keyId}' not found for account '${a.accountId}'`,
      },
    });
    assert.equal((await request(app).get('/account').set(b.headers)).status, 200);
  });

  it('the admin API creates keys with roles (default: every role) and lists them', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const url = `/admin/accounts/${a.accountId}/keys`;
    const some = await request(app)
      .post(url)
      .set(admin)
      .send({ name: 'ro', roles: ['write', 'read', 'read'] });
    assert.equal(some.status, 400, 'repeats are refused by the contract (uniqueItems)');
    const ro = await request(app)
      .post(url)
      .set(admin)
      .send({ name: 'ro', roles: ['write', 'read'] });
    assert.equal(ro.status, 201, JSON.stringify(ro.body));
    assert.deepEqual(ro.body.key.roles, ['read', 'write']);
    assert.deepEqual(await storedRoles(ro.body.key.id as string), ['read', 'write']);
    const all = await request(app).post(url).set(admin).send({ name: 'all' });
    assert.deepEqual(all.body.key.roles, ['ingest', 'read', 'write', 'admin']);
    const none = await request(app).post(url).set(admin);
    assert.equal(none.status, 201);
    assert.deepEqual(none.body.key.roles, ['ingest', 'read', 'write', 'admin']);
    const bad = await request(app)
      .post(url)
      .set(admin)
      .send({ roles: ['superuser'] });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, {
      error: {
        code: 'VALIDATION_ERROR',
        message: '/roles/0 must be equal to one of the allowed values: ingest, read, write, admin',
      },
    });
    const listed = await request(app).get(url).set(admin);
    const byName = new Map(
      (listed.body.keys as Array<{ name: string; roles: string[] }>).map((k) => [k.name, k.roles]),
    );
    assert.deepEqual(byName.get('ro'), ['read', 'write']);
    assert.deepEqual(byName.get('all'), ['ingest', 'read', 'write', 'admin']);
  });

  it('AccountService.createApiKey checks roles itself (the CLI path): unknown or none is a 400', async () => {
    const accounts = await testAccounts();
    const a = await freshAccount();
    await assert.rejects(
      accounts.createApiKey({ accountId: a.accountId, roles: ['read', 'root', 'x'] }),
      {
        code: 'VALIDATION_ERROR',
        message: "Unknown key role 'root', 'x': valid roles are ingest, read, write, admin",
      },
    );
    await assert.rejects(accounts.createApiKey({ accountId: a.accountId, roles: [] }), {
      code: 'VALIDATION_ERROR',
      message: 'A key needs at least one role: valid roles are ingest, read, write, admin',
    });
    const key = await accounts.createApiKey({
      accountId: a.accountId,
      roles: ['admin', 'read', 'admin'],
    });
    assert.deepEqual(key.roles, ['read', 'admin']);
    const auth = await accounts.authenticate({ accountId: a.accountId, presentedKey: key.secret });
    assert.deepEqual(auth.roles, ['read', 'admin']);
  });
});
