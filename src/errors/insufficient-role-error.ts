import { AppError } from './app-error';

/**
 * A live key of the right account whose roles do not include one the operation accepts (403
 * `INSUFFICIENT_ROLE`). The message names the operation, the roles it accepts and the key's.
 */
export class InsufficientRoleError extends AppError {
  constructor(input: {
    operationId: string;
    accepted: readonly string[];
    keyRoles: readonly string[];
  }) {
    const accepted = input.accepted.map((r) => `'${r}'`).join(' or ');
    const held = input.keyRoles.length === 0 ? 'none' : input.keyRoles.join(', ');
    super(
      'INSUFFICIENT_ROLE',
      `Operation '${input.operationId}' needs an API key with role ${accepted}; this key has: ${held}`,
    );
  }
}
