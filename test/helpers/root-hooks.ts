import { deleteTestAccounts } from './harness';

/** After each integration test, delete the accounts (and so all data) it created. */
export const mochaHooks = {
  async afterEach(): Promise<void> {
    await deleteTestAccounts();
  },
};
