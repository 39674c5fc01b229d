import { ConflictError } from '../errors/app-error';

/** The 409s of `PATCH /entities/{entityId}`: the entity is deleted, or a property is pinned. */
export function entityDeleted(entityId: string): ConflictError {
  return new ConflictError(
    `Entity '${entityId}' is deleted: a deleted entity cannot be patched (a sync job that uploads it again revives it)`,
    'ENTITY_DELETED',
  );
}

/** Names every pinned property the patch gives, in the order given. */
export function propertiesPinned(entityId: string, names: readonly string[]): ConflictError {
  const listed = names.map((n) => `'${n}'`).join(', ');
  const [subject, verb, pronoun] =
    names.length === 1 ? ['Property', 'is', 'it'] : ['Properties', 'are', 'them'];
  return new ConflictError(
    `${subject} ${listed} of entity '${entityId}' ${verb} pinned by an OVERRIDE job: an OVERRIDE job that sets ${pronoun} to null unpins ${pronoun}`,
    'PROPERTY_PINNED',
  );
}
