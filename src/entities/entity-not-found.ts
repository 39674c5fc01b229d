import { NotFoundError } from '../errors/app-error';

/**
 * The one 404 of every /entities/{entityId} endpoint: an unknown `_id` and another account's
 * entity read the same, so an id never reveals that it exists elsewhere.
 */
export function entityNotFound(entityId: string): NotFoundError {
  return new NotFoundError(`No entity with _id '${entityId}' in this account`, 'ENTITY_NOT_FOUND');
}
