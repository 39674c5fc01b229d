import { ValidationError } from '../errors/app-error';
import type { ContractEnum } from '../contract/contract-types';
import type { components } from '../generated/openapi';

/**
 * What an API key may do in its account (openapi.yaml's KeyRole; docs/security.md "Roles"):
 * `ingest` sync jobs, `read` (GETs, queries, dry runs), `write` (rules, questions, parameters,
 * integrations, alerts, entity mutations), `admin` (the account's keys and settings). Which role
 * each operation needs is declared in openapi.yaml only, and read by src/http/route-table.ts.
 */
export const KEY_ROLES = ['ingest', 'read', 'write', 'admin'] as const;
export type KeyRole = ContractEnum<components['schemas']['KeyRole'], typeof KEY_ROLES>;

export function isKeyRole(role: unknown): role is KeyRole {
  return (KEY_ROLES as readonly unknown[]).includes(role);
}

/**
 * The roles to store for a new key: every role when none are asked for (the default, as for every
 * key created before roles existed), else the given ones, each known, without repeats, in
 * KEY_ROLES order. An empty list or an unknown role is a 400.
 */
export function checkRoles(roles: readonly string[] | undefined): KeyRole[] {
  if (roles === undefined) return [...KEY_ROLES];
  const unknown = roles.filter((r) => !isKeyRole(r));
  if (unknown.length > 0) {
    throw new ValidationError(
      `Unknown key role '${unknown.join("', '")}': valid roles are ${KEY_ROLES.join(', ')}`,
    );
  }
  if (roles.length === 0) {
    throw new ValidationError(
      `A key needs at least one role: valid roles are ${KEY_ROLES.join(', ')}`,
    );
  }
  return KEY_ROLES.filter((r) => roles.includes(r));
}

/**
 * A stored key's roles: a key stored without any (every key created before roles existed) keeps
 * every role.
 */
export function storedRoles(stored: readonly string[] | null | undefined): KeyRole[] {
  if (stored === null || stored === undefined) return [...KEY_ROLES];
  return KEY_ROLES.filter((r) => stored.includes(r));
}
