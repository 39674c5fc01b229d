import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../src/errors/app-error';
import { hashKey } from '../../../src/accounts/account-service';
import { freshAccount, testAccounts, testGraph, trackAccount } from '../../helpers/harness';

function rejectsWith(code: string, message: string) {
  return (err: unknown): boolean => {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.code, code);
    assert.equal(err.message, message);
    return true;
  };
}

describe('AccountService (real Neo4j)', () => {
  it('creates an account with sorted, de-duplicated features and refuses a second with the same id', async () => {
    const accounts = await testAccounts();
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    const account = await accounts.createAccount({ id, features: ['PUT', 'OVERRIDE', 'PUT'] });
    assert.deepEqual(account.features, ['OVERRIDE', 'PUT']);
    assert.deepEqual(await accounts.getAccount(id), account);
    await assert.rejects(
      accounts.createAccount({ id }),
      rejectsWith('ACCOUNT_EXISTS', `Account '${id}' already exists`),
    );
  });

  it('validates account ids and features', async () => {
    const accounts = await testAccounts();
    await assert.rejects(
      accounts.createAccount({ id: 'has space' }),
      rejectsWith(
        'VALIDATION_ERROR',
        "Invalid account id 'has space': use 1-128 letters, digits, '_', '.', ':' or '-', starting with a letter or digit",
      ),
    );
    await assert.rejects(
      accounts.createAccount({ id: `t-${randomUUID()}`, features: ['PUT', 'FLY'] }),
      rejectsWith(
        'VALIDATION_ERROR',
        "Unknown account feature 'FLY': valid features are PUT, OVERRIDE",
      ),
    );
  });

  it('stores only the SHA-256 of a key, and authenticates with the secret', async () => {
    const accounts = await testAccounts();
    const a = await freshAccount(['PUT']);
    const graph = await testGraph();
    const rows = await graph.read<{ key: Record<string, unknown> }>('accounts/list-api-keys', {
      accountId: a.accountId,
    });
    assert.equal(rows.length, 1);
    assert.ok(!JSON.stringify(rows).includes(a.key), 'the secret must not be stored');
    const found = await graph.read<{ keyId: string }>('accounts/find-api-key', {
      hash: hashKey(a.key),
    });
    assert.deepEqual(
      found.map((r) => r.keyId),
      [a.keyId],
    );
    const auth = await accounts.authenticate({ accountId: a.accountId, presentedKey: a.key });
    assert.equal(auth.accountId, a.accountId);
    assert.deepEqual([...auth.features], ['PUT']);
  });

  it('refuses a key for another account (403) and a revoked key (401)', async () => {
    const accounts = await testAccounts();
    const a = await freshAccount();
    const b = await freshAccount();
    await assert.rejects(
      accounts.authenticate({ accountId: b.accountId, presentedKey: a.key }),
      rejectsWith('FORBIDDEN', `API key is not valid for account '${b.accountId}'`),
    );
    const revoked = await accounts.revokeApiKey({ accountId: a.accountId, keyId: a.keyId });
    assert.equal(typeof revoked.revokedOn, 'number');
    const again = await accounts.revokeApiKey({ accountId: a.accountId, keyId: a.keyId });
    assert.equal(again.revokedOn, revoked.revokedOn, 'revoking twice keeps the first time');
    await assert.rejects(
      accounts.authenticate({ accountId: a.accountId, presentedKey: a.key }),
      rejectsWith('UNAUTHORIZED', 'Invalid API key'),
    );
  });

  it("cannot revoke another account's key", async () => {
    const accounts = await testAccounts();
    const a = await freshAccount();
    const b = await freshAccount();
    await assert.rejects(
      accounts.revokeApiKey({ accountId: b.accountId, keyId: a.keyId }),
      rejectsWith('NOT_FOUND', `API key '${a.keyId}' not found for account '${b.accountId}'`),
    );
    await accounts.authenticate({ accountId: a.accountId, presentedKey: a.key });
  });

  it('lists keys newest first and 404s for unknown accounts', async () => {
    const accounts = await testAccounts();
    const a = await freshAccount();
    await new Promise((r) => setTimeout(r, 5)); // distinct createdOn
    const second = await accounts.createApiKey({ accountId: a.accountId, name: 'second' });
    const keys = await accounts.listApiKeys(a.accountId);
    assert.deepEqual(
      keys.map((k) => k.id),
      [second.id, a.keyId],
      'newest first',
    );
    assert.ok(keys.every((k) => !('secret' in k) && !('hash' in k)));
    assert.ok(keys.some((k) => k.id === second.id));
    await assert.rejects(
      accounts.listApiKeys('no-such-account'),
      rejectsWith('NOT_FOUND', "Account 'no-such-account' not found"),
    );
    await assert.rejects(
      accounts.createApiKey({ accountId: 'no-such-account' }),
      rejectsWith('NOT_FOUND', "Account 'no-such-account' not found"),
    );
  });
});
