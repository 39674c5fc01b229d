import { NotFoundError, ValidationError } from '../errors/app-error';
import type { Graph } from '../graph/graph';

/**
 * The account's delete guard (docs/guide/safe-sync.md): the largest share, in percent, of a
 * scope's live entities (and, separately, of its live relationships) that one DIFF job may
 * delete. Off (null) unless an account admin sets it; a job's `deleteGuardPercent` overrides it.
 */
export class DeleteGuardSettings {
  constructor(private readonly graph: Graph) {}

  /** The account's percent, or null when its guard is off. */
  async get(accountId: string): Promise<number | null> {
    const [row] = await this.graph.read<{ percent: number | null }>('accounts/get-delete-guard', {
      id: accountId,
    });
    if (row === undefined) throw new NotFoundError(`Account '${accountId}' not found`);
    return row.percent ?? null;
  }

  async set(accountId: string, percent: unknown): Promise<number | null> {
    const checked = checkGuardPercent(percent, 'percent');
    const [row] = await this.graph.write<{ percent: number | null }>('accounts/set-delete-guard', {
      id: accountId,
      percent: checked ?? null,
    });
    if (row === undefined) throw new NotFoundError(`Account '${accountId}' not found`);
    return row.percent ?? null;
  }
}

/** A guard percent as a request gives it: a number from 0 to 100, or null/absent (none). */
export function checkGuardPercent(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new ValidationError(`${field} must be a number from 0 to 100`);
  }
  return value;
}
