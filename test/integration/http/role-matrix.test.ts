import assert from 'node:assert/strict';
import request from 'supertest';
import type express from 'express';
import { KEY_ROLES, type KeyRole } from '../../../src/accounts/key-roles';
import { type Operation, RouteTable } from '../../../src/http/route-table';
import { openapiPath } from '../../../src/paths';
import { freshAccount, testAccounts, testApp, testGraph } from '../../helpers/harness';

/**
 * Every operation of openapi.yaml that takes an account key, called through the real app with a
 * key of each single role: 403 INSUFFICIENT_ROLE exactly where the operation does not accept the
 * role, anything else (2xx, 400, 404, 409...) where it does. The requests are minimal (dummy ids,
 * `{}` bodies) on a fresh account: the role check comes before validation and the handler.
 */
const table = RouteTable.fromFile(openapiPath);
const accountOps = table.operations.filter((o) => o.access === 'account');

/** A new operation must be counted here, and so cannot skip the matrix. */
const ACCOUNT_OPERATIONS = 78;

function call(app: express.Express, op: Operation, headers: Record<string, string>) {
  const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => `dummy-${name}`);
  const req = request(app)[op.method === 'delete' ? 'delete' : op.method](url).set(headers);
  return op.requestMediaTypes.includes('application/json') ? req.send({}) : req;
}

async function keyWith(accountId: string, roles: KeyRole[]): Promise<Record<string, string>> {
  const key = await (
    await testAccounts()
  ).createApiKey({ accountId, name: roles.join('+'), roles });
  return { 'JupiterOne-Account': accountId, Authorization: `Bearer ${key.secret}` };
}

describe('key roles: every account operation with every role (HTTP, real Neo4j)', () => {
  it(`covers all ${ACCOUNT_OPERATIONS} account operations of openapi.yaml`, () => {
    assert.equal(
      accountOps.length,
      ACCOUNT_OPERATIONS,
      accountOps.map((o) => o.operationId).join(),
    );
    for (const op of accountOps) assert.ok(op.roles.length > 0, op.operationId);
  });

  for (const role of KEY_ROLES) {
    it(`a key with only '${role}': 403 INSUFFICIENT_ROLE exactly where '${role}' is not accepted`, async () => {
      const app = await testApp();
      const a = await freshAccount();
      const headers = await keyWith(a.accountId, [role]);
      const refused: string[] = [];
      for (const op of accountOps) {
        const res = await call(app, op, headers);
        const what = `${op.operationId} (${op.method.toUpperCase()} ${op.path}) with '${role}': ${res.status} ${JSON.stringify(res.body)}`;
        assert.ok(res.status < 500, what);
        if (op.roles.includes(role)) {
          assert.notEqual(res.body?.error?.code, 'INSUFFICIENT_ROLE', what);
        } else {
          assert.equal(res.status, 403, what);
          assert.deepEqual(
            res.body,
            {
              error: {
                code: 'INSUFFICIENT_ROLE',
                message: `Operation '${op.operationId}' needs an API key with role ${op.roles.map((r) => `'${r}'`).join(' or ')}; this key has: ${role}`,
              },
            },
            what,
          );
          refused.push(op.operationId);
        }
      }
      // Each role is refused somewhere and allowed somewhere: the matrix is not vacuous.
      assert.ok(refused.length > 0 && refused.length < accountOps.length, refused.join());
    });
  }

  it('names the operation, the roles it accepts and all of the key roles', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const res = await request(app)
      .get('/persister/synchronization/jobs/dummy-job')
      .set(await keyWith(a.accountId, ['write', 'admin']));
    assert.equal(res.status, 403);
    assert.deepEqual(res.body, {
      error: {
        code: 'INSUFFICIENT_ROLE',
        message:
          "Operation 'getSyncJob' needs an API key with role 'ingest' or 'read'; this key has: write, admin",
      },
    });
  });

  it('a key with several roles may do what any of them allows', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const headers = await keyWith(a.accountId, ['ingest', 'read']);
    const started = await request(app)
      .post('/persister/synchronization/jobs')
      .set(headers)
      .send({ source: 'api', scope: 'roles' });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const jobId = started.body.job.id as string;
    const got = await request(app).get(`/persister/synchronization/jobs/${jobId}`).set(headers);
    assert.equal(got.status, 200);
    const query = await request(app).post('/query').set(headers).send({ query: 'FIND Host' });
    assert.equal(query.status, 200, JSON.stringify(query.body));
    const rule = await request(app).delete('/rules/dummy-rule').set(headers);
    assert.equal(rule.status, 403);
    assert.equal(rule.body.error.code, 'INSUFFICIENT_ROLE');
  });

  it('a key stored without roles (every key from before roles) can do everything', async () => {
    const app = await testApp();
    const a = await freshAccount();
    const old = await (await testAccounts()).createApiKey({ accountId: a.accountId, name: 'old' });
    const graph = await testGraph();
    const stored = await graph.write<{ roles: string[] | null }>('accounts/test-strip-key-roles', {
      keyId: old.id,
      strip: false,
    });
    assert.deepEqual(stored[0]?.roles, ['ingest', 'read', 'write', 'admin']);
    const stripped = await graph.write<{ roles: string[] | null }>(
      'accounts/test-strip-key-roles',
      { keyId: old.id, strip: true },
    );
    assert.equal(stripped[0]?.roles, null);
    const headers = { 'JupiterOne-Account': a.accountId, Authorization: `Bearer ${old.secret}` };
    for (const op of accountOps) {
      const res = await call(app, op, headers);
      const what = `${op.operationId}: ${res.status} ${JSON.stringify(res.body)}`;
      assert.ok(res.status < 500, what);
      assert.notEqual(res.body?.error?.code, 'INSUFFICIENT_ROLE', what);
    }
    // ...and is listed with every role.
    const listed = await request(app).get('/account/keys').set(headers);
    assert.equal(listed.status, 200);
    const mine = (listed.body.keys as Array<{ id: string; roles: string[] }>).find(
      (k) => k.id === old.id,
    );
    assert.deepEqual(mine?.roles, ['ingest', 'read', 'write', 'admin']);
  });
});
