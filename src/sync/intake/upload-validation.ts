import type {
  StagedEntity,
  StagedRelationship,
  SyncMode,
  UploadOptions,
  ValidatedBatch,
} from '../jobs/job-types';
import { SYNC_MODES } from '../modes/mode-policy';
import { fail, isObject, UploadedObject } from '../../model/property-rules';
import { validateEntity } from './upload-validation-entity';
import { validateRelationship } from './upload-validation-relationship';

const DELETE_LISTS_MESSAGE =
  'deleteEntities and deleteRelationships are not supported in sync job uploads: delete entities with DELETE /entities/{id} and change them with PATCH /entities/{id}';

/**
 * Validates one upload body (POST .../upload, .../entities or .../relationships) against the job's
 * sync mode and normalizes it into the batch that is staged. Rules that concern the whole request
 * come first; then each entity in order, then each relationship in order. The first problem found
 * is thrown as a ValidationError with JupiterOne's message.
 */
export function validateUpload(body: unknown, opts: UploadOptions): ValidatedBatch {
  if (!isObject(body)) fail('The request body must be a JSON object');
  if (isPresent(body.deleteEntities) || isPresent(body.deleteRelationships)) {
    fail(DELETE_LISTS_MESSAGE);
  }

  // A single-kind route refuses the other kind rather than drop it unseen (an empty array is
  // judged below), before asking for its own kind: sent only the other kind, the client learns
  // where to send it.
  const { route } = opts;
  if (route === 'entities' && hasItems(body.relationships)) fail(WRONG_ROUTE.relationships);
  if (route === 'relationships' && hasItems(body.entities)) fail(WRONG_ROUTE.entities);
  const entities =
    route === 'relationships'
      ? []
      : readArray(body, { name: 'entities', required: route === 'entities' });
  const relationships =
    route === 'entities'
      ? []
      : readArray(body, { name: 'relationships', required: route === 'relationships' });
  const counts = { entities: entities.length, relationships: relationships.length };
  checkNotEmpty(counts, route, {
    entities: isPresent(body.entities),
    relationships: isPresent(body.relationships),
  });
  checkModeAllows(counts, opts.syncMode);

  return {
    entities: collect(entities, {
      kind: 'entity',
      validate: (entity) => validateEntity(entity, opts),
      identify: entityIdentity,
      ignoreDuplicates: opts.ignoreDuplicates,
    }),
    relationships: collect(relationships, {
      kind: 'relationship',
      validate: (relationship) => validateRelationship(relationship, opts),
      identify: (relationship) => ({ field: '_key', value: relationship.key }),
      ignoreDuplicates: opts.ignoreDuplicates,
    }),
  };
}

const WRONG_ROUTE = {
  entities:
    'entities are not accepted by the /relationships route: upload them to /entities or /upload',
  relationships:
    'relationships are not accepted by the /entities route: upload them to /relationships or /upload',
};

function hasItems(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : isPresent(value);
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function readArray(
  body: Record<string, unknown>,
  array: { name: 'entities' | 'relationships'; required: boolean },
): Record<string, unknown>[] {
  const { name } = array;
  const value = body[name];
  if (!isPresent(value)) {
    if (array.required) fail(`${name} is required`);
    return [];
  }
  if (!Array.isArray(value)) fail(`${name} must be an array`);
  value.forEach((item, index) => {
    if (!isObject(item)) fail(`/${name}/${index} must be an object`);
  });
  return value as Record<string, unknown>[];
}

interface Counts {
  entities: number;
  relationships: number;
}

/**
 * At least one object per upload. An empty array that is the only one sent is named (JupiterOne's
 * `entities must have minimum 1 item` for `{ "entities": [] }`, on /upload too). An empty
 * `entities` array is refused next to relationships as well; an empty `relationships` array next
 * to entities is fine, because the Python client sends `"relationships": []` with its entities
 * (docs/decisions/0030-upload-validation-spec-fidelity.md). Two empty arrays on /upload name
 * neither.
 */
function checkNotEmpty(
  counts: Counts,
  route: UploadOptions['route'],
  given: { entities: boolean; relationships: boolean },
): void {
  const onlyEntities = route === 'entities' || (given.entities && !given.relationships);
  const onlyRelationships = route === 'relationships' || (given.relationships && !given.entities);
  if (onlyEntities && route !== 'relationships' && counts.entities === 0) {
    fail('entities must have minimum 1 item');
  }
  if (onlyRelationships && route !== 'entities' && counts.relationships === 0) {
    fail('relationships must have minimum 1 item');
  }
  if (counts.entities === 0 && counts.relationships === 0) {
    fail('An upload must contain at least one entity or relationship');
  }
  if (given.entities && counts.entities === 0) fail('entities must have minimum 1 item');
}

/** A kind of object the mode refuses, when the upload holds some (relationships first). */
function checkModeAllows(counts: Counts, syncMode: SyncMode): void {
  const { uploads } = SYNC_MODES[syncMode];
  if (counts.relationships > 0 && uploads.relationships !== 'allowed') {
    fail(uploads.relationships.refused);
  }
  if (counts.entities > 0 && uploads.entities !== 'allowed') fail(uploads.entities.refused);
}

/** The field an object is recognized by within the job, and its value. */
interface Identity {
  field: '_key' | '_id';
  value: string;
  /** Distinguishes targets that share a `_key` (OVERRIDE entities name their scope). */
  scope?: string;
}

/** By `_key` when the entity has one; PATCH and OVERRIDE entities may name only their `_id`. */
function entityIdentity(entity: StagedEntity): Identity {
  if (entity.key !== undefined) {
    return {
      field: '_key',
      value: entity.key,
      ...(entity.scope === undefined ? {} : { scope: entity.scope }),
    };
  }
  return { field: '_id', value: entity.id ?? '' };
}

/**
 * Validates each object in order and drops duplicates within the request: an error unless
 * ignoreDuplicates, where the last one wins and takes the last one's position.
 */
function collect<T extends StagedEntity | StagedRelationship>(
  items: Record<string, unknown>[],
  how: {
    kind: 'entity' | 'relationship';
    validate: (object: UploadedObject) => T;
    identify: (staged: T) => Identity;
    ignoreDuplicates: boolean;
  },
): T[] {
  const seen = new Map<string, T>();
  items.forEach((raw, index) => {
    const object = new UploadedObject({ kind: how.kind, index, raw });
    const staged = how.validate(object);
    const { field, value, scope } = how.identify(staged);
    const id = JSON.stringify([field, scope ?? null, value]);
    if (seen.has(id)) {
      if (!how.ignoreDuplicates) {
        const kind = how.kind === 'entity' ? 'an entity' : 'a relationship';
        fail(
          `${object.pointer(field)} '${value}' is a duplicate: ${kind} with this ${field} was already uploaded in this job`,
        );
      }
      seen.delete(id);
    }
    seen.set(id, staged);
  });
  return [...seen.values()];
}
