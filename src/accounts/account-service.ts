import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../errors/app-error';
import type { Graph } from '../graph/graph';

/**
 * Accounts (the tenancy boundary, with feature flags) and their API keys. Keys are random,
 * returned once at creation, stored as SHA-256 (they carry 256 bits of entropy, so a slow
 * password hash adds nothing), bound to one account and revocable.
 * The CLI and the admin API both call this service.
 */
export const ACCOUNT_FEATURES = ['PUT', 'OVERRIDE'] as const;
export type AccountFeature = (typeof ACCOUNT_FEATURES)[number];

export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export interface Account {
  id: string;
  features: AccountFeature[];
  createdOn: number;
}

export interface ApiKey {
  id: string;
  name: string | null;
  accountId: string;
  createdOn: number;
  revokedOn: number | null;
}

export interface CreatedApiKey extends ApiKey {
  /** The secret; shown once, never stored. */
  secret: string;
}

/** Who a request acts as, once authenticated. */
export interface AuthContext {
  accountId: string;
  keyId: string;
  features: ReadonlySet<AccountFeature>;
}

export interface AccountServiceDeps {
  graph: Graph;
  now?: () => number;
}

export class AccountService {
  private readonly graph: Graph;
  private readonly now: () => number;

  constructor(deps: AccountServiceDeps) {
    this.graph = deps.graph;
    this.now = deps.now ?? Date.now;
  }

  async createAccount(input: { id: string; features?: readonly string[] }): Promise<Account> {
    const id = checkAccountId(input.id);
    const features = checkFeatures(input.features ?? []);
    try {
      const rows = await this.graph.write<{ account: Account }>('accounts/create-account', {
        id,
        features,
        now: this.now(),
      });
      return firstRow(rows).account;
    } catch (err) {
      if (err instanceof ConflictError) {
        throw new ConflictError(`Account '${id}' already exists`, 'ACCOUNT_EXISTS');
      }
      throw err;
    }
  }

  async getAccount(id: string): Promise<Account> {
    const rows = await this.graph.read<{ account: Account }>('accounts/get-account', { id });
    const row = rows[0];
    if (row === undefined) throw new NotFoundError(`Account '${id}' not found`);
    return row.account;
  }

  async findAccount(id: string): Promise<Account | undefined> {
    const rows = await this.graph.read<{ account: Account }>('accounts/get-account', { id });
    return rows[0]?.account;
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await this.graph.read<{ account: Account }>('accounts/list-accounts');
    return rows.map((r) => r.account);
  }

  async setFeatures(input: { id: string; features: readonly string[] }): Promise<Account> {
    const features = checkFeatures(input.features);
    const rows = await this.graph.write<{ account: Account }>('accounts/set-account-features', {
      id: input.id,
      features,
    });
    const row = rows[0];
    if (row === undefined) throw new NotFoundError(`Account '${input.id}' not found`);
    return row.account;
  }

  async createApiKey(input: {
    accountId: string;
    name?: string | undefined;
  }): Promise<CreatedApiKey> {
    const secret = `gsk_${randomBytes(32).toString('base64url')}`;
    const rows = await this.graph.write<{ key: ApiKey }>('accounts/create-api-key', {
      accountId: input.accountId,
      id: randomUUID(),
      hash: hashKey(secret),
      name: input.name ?? null,
      now: this.now(),
    });
    const row = rows[0];
    if (row === undefined) throw new NotFoundError(`Account '${input.accountId}' not found`);
    return { ...row.key, secret };
  }

  async listApiKeys(accountId: string): Promise<ApiKey[]> {
    await this.getAccount(accountId);
    const rows = await this.graph.read<{ key: ApiKey }>('accounts/list-api-keys', { accountId });
    return rows.map((r) => r.key);
  }

  async revokeApiKey(input: { accountId: string; keyId: string }): Promise<ApiKey> {
    const rows = await this.graph.write<{ key: ApiKey }>('accounts/revoke-api-key', {
      accountId: input.accountId,
      id: input.keyId,
      now: this.now(),
    });
    const row = rows[0];
    if (row === undefined) {
      throw new NotFoundError(
        `API key '${input.keyId}' not found for account '${input.accountId}'`,
      );
    }
    return row.key;
  }

  /**
   * Checks a presented key against the account the request names.
   * Unknown or revoked key: 401. A live key of another account: 403.
   */
  async authenticate(input: { accountId: string; presentedKey: string }): Promise<AuthContext> {
    const rows = await this.graph.read<{
      keyId: string;
      accountId: string;
      features: string[] | null;
    }>('accounts/find-api-key', { hash: hashKey(input.presentedKey) });
    const row = rows[0];
    if (row === undefined) throw new UnauthorizedError('Invalid API key');
    if (row.accountId !== input.accountId) {
      throw new ForbiddenError(`API key is not valid for account '${input.accountId}'`);
    }
    return {
      accountId: row.accountId,
      keyId: row.keyId,
      features: new Set((row.features ?? []).filter(isFeature)),
    };
  }
}

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

function checkAccountId(id: string): string {
  if (!ACCOUNT_ID_PATTERN.test(id)) {
    throw new ValidationError(
      `Invalid account id '${id}': use 1-128 letters, digits, '_', '.', ':' or '-', starting with a letter or digit`,
    );
  }
  return id;
}

function checkFeatures(features: readonly string[]): AccountFeature[] {
  const unknown = features.filter((f) => !isFeature(f));
  if (unknown.length > 0) {
    throw new ValidationError(
      `Unknown account feature '${unknown.join("', '")}': valid features are ${ACCOUNT_FEATURES.join(', ')}`,
    );
  }
  return [...new Set(features as AccountFeature[])].sort();
}

function isFeature(f: string): f is AccountFeature {
  return (ACCOUNT_FEATURES as readonly string[]).includes(f);
}

function firstRow<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('Expected a row');
  return row;
}
