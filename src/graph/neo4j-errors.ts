import { AppError, ConflictError, UnavailableError } from '../errors/app-error';

/** Maps driver errors onto the service's error hierarchy; unknown ones pass through (500). */
export function mapNeo4jError(err: unknown, statement: string): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return err;
  if (
    code === 'ServiceUnavailable' ||
    code === 'SessionExpired' ||
    code.startsWith('Neo.TransientError.')
  ) {
    return new UnavailableError(`Neo4j is unavailable (${code})`, err);
  }
  if (code === 'Neo.ClientError.Schema.ConstraintValidationFailed') {
    return new ConflictError(`A uniqueness constraint rejected the write in ${statement}`);
  }
  return err;
}

/** Neo4j refused a generated statement: its text or its cost, not the database, is at fault. */
export class StatementRejected extends Error {
  constructor(
    readonly reason: 'invalid' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'StatementRejected';
  }
}

export function rejectedStatement(err: unknown): StatementRejected | undefined {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  const message = (err as { message?: unknown }).message;
  const text = typeof message === 'string' ? (message.split('\n')[0] ?? '') : '';
  if (
    code.includes('TransactionTimedOut') ||
    code.endsWith('.TransactionTimedOutClientConfiguration')
  ) {
    return new StatementRejected('timeout', text);
  }
  if (
    code.startsWith('Neo.ClientError.Statement.') ||
    code.startsWith('Neo.ClientError.Procedure.')
  ) {
    return new StatementRejected('invalid', text);
  }
  return undefined;
}
