import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AccountService, AuthContext } from '../accounts/account-service';
import { NotFoundError, UnauthorizedError, ValidationError } from '../errors/app-error';
import { InsufficientRoleError } from '../errors/insufficient-role-error';
import type { Operation } from './route-table';

/** Account header names real clients send, in order of preference (case-insensitive). */
export const ACCOUNT_HEADERS = [
  'jupiterone-account',
  'lifeomic-account',
  'service-account',
] as const;

export interface AuthDeps {
  accounts: AccountService;
  adminToken: string | undefined;
}

/**
 * Authenticates per the operation's access (from openapi.yaml): public operations pass, admin ones
 * need the ADMIN_TOKEN, the rest need the account header first (400), then a live API key of that
 * account (401 unknown, 403 another account's) that holds one of the roles the operation accepts
 * (403 INSUFFICIENT_ROLE).
 */
export function authenticate(deps: AuthDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const operation = res.locals.operation as Operation;
    if (operation.access === 'admin') {
      checkAdminToken(deps.adminToken, req.headers.authorization);
    } else if (operation.access === 'account') {
      const accountId = accountHeader(req);
      if (accountId === undefined)
        throw new ValidationError('Missing Service-Account header', 'MISSING_ACCOUNT_HEADER');
      const key = bearerToken(req.headers.authorization, 'API key');
      const auth = await deps.accounts.authenticate({ accountId, presentedKey: key });
      checkRole(operation, auth);
      res.locals.auth = auth;
    }
    next();
  };
}

/** The authenticated caller of an account operation. */
export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (auth === undefined)
    throw new Error('authOf() called on an operation without account authentication');
  return auth;
}

/** The key must hold one of the roles the operation accepts (route-table.ts, from openapi.yaml). */
function checkRole(operation: Operation, auth: AuthContext): void {
  if (operation.roles.some((role) => auth.roles.includes(role))) return;
  throw new InsufficientRoleError({
    operationId: operation.operationId,
    accepted: operation.roles,
    keyRoles: auth.roles,
  });
}

export function accountHeader(req: Request): string | undefined {
  for (const name of ACCOUNT_HEADERS) {
    const value = req.headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first.trim() !== '') return first.trim();
  }
  return undefined;
}

function bearerToken(header: string | undefined, what: 'API key' | 'admin token'): string {
  if (header === undefined || header.trim() === '') {
    throw new UnauthorizedError(
      `Missing Authorization header: send Authorization: Bearer <${what}>`,
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match?.[1] === undefined) {
    throw new UnauthorizedError(`Malformed Authorization header: expected Bearer <${what}>`);
  }
  return match[1];
}

function checkAdminToken(adminToken: string | undefined, header: string | undefined): void {
  if (adminToken === undefined) {
    throw new NotFoundError(
      'The admin API is disabled: set ADMIN_TOKEN to enable it',
      'ADMIN_API_DISABLED',
    );
  }
  const presented = Buffer.from(bearerToken(header, 'admin token'));
  const expected = Buffer.from(adminToken);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new UnauthorizedError('Invalid admin token');
  }
}
