import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../errors/app-error';
import type { Graph } from '../graph/graph';
import type { ContractEnum } from '../contract/contract-types';
import type { components } from '../generated/openapi';
import { DigestSettings } from './digest-settings';
import { checkEmailList } from './email-list';
import { checkRoles, type KeyRole, storedRoles } from './key-roles';

type Schemas = components['schemas'];

/**
 * Accounts (the tenancy boundary, with feature flags) and their API keys. Keys are random,
 * returned once at creation, stored as SHA-256 (they carry 256 bits of entropy, so a slow
 * password hash adds nothing), bound to one account and revocable.
 * The CLI and the admin API both call this service.
 */
export const ACCOUNT_FEATURES = ['PUT', 'OVERRIDE'] as const;
export type AccountFeature = ContractEnum<Schemas['AccountFeature'], typeof ACCOUNT_FEATURES>;

export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

/**
 * An account as the API answers it (openapi.yaml's Account). `notificationEmails`: where failure
 * notifications of rules with `notifyOnFailure` go (decision 0025).
 */
export type Account = Schemas['Account'];

/** Most notification addresses an account keeps. */
export const MAX_NOTIFICATION_EMAILS = 20;

/** An API key as listed: never its secret (openapi.yaml's ApiKey). */
export type ApiKey = Schemas['ApiKey'];

/** A key just created, with its `secret`: shown once, never stored (openapi.yaml's CreatedApiKey). */
export type CreatedApiKey = Schemas['CreatedApiKey'];

/** Who a request acts as, once authenticated. */
export interface AuthContext {
  accountId: string;
  keyId: string;
  /** The key's name (null when it was created without one): the audit trail's actor. */
  keyName: string | null;
  features: ReadonlySet<AccountFeature>;
  /** The key's roles (every role for a key stored without any). */
  roles: readonly KeyRole[];
}

/** A key row as the Cypher returns it: `roles` null for a key stored before roles existed. */
type StoredKey = Omit<ApiKey, 'roles'> & { roles: string[] | null };

function keyOf(row: { key: StoredKey }): ApiKey {
  return { ...row.key, roles: storedRoles(row.key.roles) };
}

export interface AccountServiceDeps {
  graph: Graph;
  now?: () => number;
}

export class AccountService {
  private readonly graph: Graph;
  private readonly now: () => number;
  /** The account's alert digest settings (`/account/notification-digest`). */
  readonly digest: DigestSettings;

  constructor(deps: AccountServiceDeps) {
    this.graph = deps.graph;
    this.now = deps.now ?? Date.now;
    this.digest = new DigestSettings(deps.graph);
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

  /**
   * Replaces features and/or notification addresses in one write (the admin PATCH); an omitted
   * one is kept. Both are checked before anything is written.
   */
  async updateAccount(input: {
    id: string;
    features?: readonly string[] | undefined;
    notificationEmails?: readonly string[] | undefined;
  }): Promise<Account> {
    const features = input.features === undefined ? null : checkFeatures(input.features);
    const emails =
      input.notificationEmails === undefined ? null : checkEmails(input.notificationEmails);
    const rows = await this.graph.write<{ account: Account }>('accounts/update-account', {
      id: input.id,
      features,
      notificationEmails: emails,
    });
    const row = rows[0];
    if (row === undefined) throw new NotFoundError(`Account '${input.id}' not found`);
    return row.account;
  }

  /** `PUT /account/notification-emails`: replaces the account's notification addresses. */
  setNotificationEmails(input: { id: string; emails: readonly string[] }): Promise<Account> {
    return this.updateAccount({ id: input.id, notificationEmails: input.emails });
  }

  /** The addresses failure notifications go to; none for an unknown account. */
  async notificationEmails(accountId: string): Promise<string[]> {
    return (await this.findAccount(accountId))?.notificationEmails ?? [];
  }

  /** A new key with `roles` (checked: 400 for an unknown one), or every role when omitted. */
  async createApiKey(input: {
    accountId: string;
    name?: string | undefined;
    roles?: readonly string[] | undefined;
  }): Promise<CreatedApiKey> {
    const roles = checkRoles(input.roles);
    const secret = `gsk_${randomBytes(32).toString('base64url')}`;
    const rows = await this.graph.write<{ key: StoredKey }>('accounts/create-api-key', {
      accountId: input.accountId,
      id: randomUUID(),
      hash: hashKey(secret),
      name: input.name ?? null,
      roles,
      now: this.now(),
    });
    const row = rows[0];
    if (row === undefined) throw new NotFoundError(`Account '${input.accountId}' not found`);
    return { ...keyOf(row), secret };
  }

  async listApiKeys(accountId: string): Promise<ApiKey[]> {
    await this.getAccount(accountId);
    const rows = await this.graph.read<{ key: StoredKey }>('accounts/list-api-keys', {
      accountId,
    });
    return rows.map(keyOf);
  }

  async revokeApiKey(input: { accountId: string; keyId: string }): Promise<ApiKey> {
    const rows = await this.graph.write<{ key: StoredKey }>('accounts/revoke-api-key', {
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
    return keyOf(row);
  }

  /**
   * Checks a presented key against the account the request names.
   * Unknown or revoked key: 401. A live key of another account: 403.
   */
  async authenticate(input: { accountId: string; presentedKey: string }): Promise<AuthContext> {
    const rows = await this.graph.read<{
      keyId: string;
      keyName: string | null;
      accountId: string;
      features: string[] | null;
      roles: string[] | null;
    }>('accounts/find-api-key', { hash: hashKey(input.presentedKey) });
    const row = rows[0];
    if (row === undefined) throw new UnauthorizedError('Invalid API key');
    if (row.accountId !== input.accountId) {
      throw new ForbiddenError(`API key is not valid for account '${input.accountId}'`);
    }
    return {
      accountId: row.accountId,
      keyId: row.keyId,
      keyName: row.keyName ?? null,
      features: new Set((row.features ?? []).filter(isFeature)),
      roles: storedRoles(row.roles),
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

/** The notification emails as stored (email-list.ts). */
function checkEmails(emails: readonly string[]): string[] {
  return checkEmailList(emails, MAX_NOTIFICATION_EMAILS, {
    invalid: (bad) => `Invalid notification email '${bad}': not an email address`,
    tooMany: (count) =>
      `An account keeps at most ${MAX_NOTIFICATION_EMAILS} notification emails, not ${count}`,
  });
}

function isFeature(f: string): f is AccountFeature {
  return (ACCOUNT_FEATURES as readonly string[]).includes(f);
}

function firstRow<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('Expected a row');
  return row;
}
