import type { AccountService, CreatedApiKey } from './account-service';

export const LOCAL_ACCOUNT_ID = 'local';

/**
 * On an empty database (no account at all), creates the `local` account, with every feature
 * enabled since it is a developer's own, and one API key for it. Returns the key (shown once), or
 * undefined when accounts already exist.
 */
export async function bootstrapLocalAccount(
  accounts: AccountService,
): Promise<CreatedApiKey | undefined> {
  if ((await accounts.listAccounts()).length > 0) return undefined;
  await accounts.createAccount({ id: LOCAL_ACCOUNT_ID, features: ['PUT', 'OVERRIDE'] });
  return accounts.createApiKey({ accountId: LOCAL_ACCOUNT_ID, name: 'created by npm start' });
}
