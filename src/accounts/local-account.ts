import { ConflictError } from '../errors/app-error';
import type { AccountService, CreatedApiKey } from './account-service';

export const LOCAL_ACCOUNT_ID = 'local';

/**
 * On an empty database (no account at all), creates the `local` account, with every feature
 * enabled since it is a developer's own, and one API key for it. Returns the key (shown once), or
 * undefined when accounts already exist. Two processes starting at once on an empty database both
 * see none: the one whose create loses the race leaves the account and its key to the other.
 */
export async function bootstrapLocalAccount(
  accounts: AccountService,
  /** The account to create; tests name one of their own. */
  accountId: string = LOCAL_ACCOUNT_ID,
): Promise<CreatedApiKey | undefined> {
  if ((await accounts.listAccounts()).length > 0) return undefined;
  try {
    await accounts.createAccount({ id: accountId, features: ['PUT', 'OVERRIDE'] });
  } catch (err) {
    if (err instanceof ConflictError && err.code === 'ACCOUNT_EXISTS') return undefined;
    throw err;
  }
  return accounts.createApiKey({ accountId, name: 'created by npm start' });
}
