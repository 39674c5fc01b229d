import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { AccountService } from '../../../src/accounts/account-service';
import { bootstrapLocalAccount } from '../../../src/accounts/local-account';
import { testGraph, trackAccount } from '../../helpers/harness';

/** The accounts as two processes starting on an empty database see them: none yet. */
class EmptyAtStart extends AccountService {
  override listAccounts() {
    return Promise.resolve([]);
  }
}

describe('the local account made at first start (real Neo4j)', () => {
  it('two processes starting at once on an empty database: one makes the account and its key, the other starts without error', async () => {
    const accounts = new EmptyAtStart({ graph: await testGraph() });
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    const results = await Promise.all([
      bootstrapLocalAccount(accounts, id),
      bootstrapLocalAccount(accounts, id),
    ]);
    const keys = results.filter((r) => r !== undefined);
    assert.equal(keys.length, 1, 'exactly one process shows a key');
    assert.deepEqual((await accounts.getAccount(id)).features, ['OVERRIDE', 'PUT']);
    const stored = await accounts.listApiKeys(id);
    assert.deepEqual(
      stored.map((k) => k.name),
      ['created by npm start'],
    );
  });

  it('creates nothing when accounts exist', async () => {
    const accounts = new AccountService({ graph: await testGraph() });
    const id = `t-${randomUUID()}`;
    trackAccount(id);
    await accounts.createAccount({ id });
    assert.equal(await bootstrapLocalAccount(accounts, `${id}-other`), undefined);
    await assert.rejects(accounts.getAccount(`${id}-other`), /not found/);
  });
});
