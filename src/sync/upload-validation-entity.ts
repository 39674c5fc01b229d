import type { StagedEntity, SyncMode, UploadOptions } from './job-types';
import {
  customProperties,
  ENTITY_VALID_TYPES_TEXT,
  fail,
  invalidClassProblem,
  isEntityPropertyValue,
  MAX_CLASSES,
  STRING_ENTITY_PROPERTIES,
  type UploadedObject,
} from './property-rules';
import { normalizeRawData } from './upload-validation-raw-data';

const BASE_SYSTEM_NAMES = ['_key', '_type', '_class', '_rawData'];
const SYSTEM_NAMES: Record<SyncMode, ReadonlySet<string>> = {
  DIFF: new Set(BASE_SYSTEM_NAMES),
  PUT: new Set(BASE_SYSTEM_NAMES),
  CROSS_SCOPE: new Set(BASE_SYSTEM_NAMES),
  PATCH: new Set([...BASE_SYSTEM_NAMES, '_id']),
  OVERRIDE: new Set([...BASE_SYSTEM_NAMES, '_id', '_scope']),
};

const ID_REJECTION: Partial<Record<SyncMode, string>> = {
  PUT: 'is not allowed in PUT jobs: PUT matches entities on _key only',
  DIFF: 'is not allowed in DIFF jobs',
};

/** Validates one uploaded entity and normalizes it for staging. */
export function validateEntity(entity: UploadedObject, opts: UploadOptions): StagedEntity {
  requireIdentity(entity, opts);

  const key = entity.keyString('_key');
  const type = entity.keyString('_type');
  const systemNames = SYSTEM_NAMES[opts.syncMode];
  const id = systemNames.has('_id') ? entity.keyString('_id') : undefined;
  const scope = systemNames.has('_scope') ? entity.keyString('_scope') : undefined;
  const classes = normalizeClasses(entity);
  if (classes !== undefined) checkClassNames(entity, classes);

  const idRejection = ID_REJECTION[opts.syncMode];
  // Not droppable by ignoreIllegalProperties: ignoring `_id` would silently change what is written.
  if (idRejection !== undefined && Object.hasOwn(entity.raw, '_id')) {
    fail(`${entity.labelled('_id')} ${idRejection}`);
  }

  const properties = customProperties(entity, {
    systemNames,
    isValidValue: isEntityPropertyValue,
    validTypesText: ENTITY_VALID_TYPES_TEXT,
    stringOnly: STRING_ENTITY_PROPERTIES,
    dropIllegal: opts.ignoreIllegalProperties,
  });
  const rawData = normalizeRawData(entity);

  return {
    ...(key === undefined ? {} : { key }),
    ...(type === undefined ? {} : { type }),
    ...(classes === undefined ? {} : { classes }),
    ...(id === undefined ? {} : { id }),
    ...(scope === undefined ? {} : { scope }),
    properties,
    ...(rawData === undefined ? {} : { rawData }),
  };
}

/** What each mode needs to know which entity is meant (docs/guide/sync-jobs.md, "Sync modes"). */
function requireIdentity(entity: UploadedObject, opts: UploadOptions): void {
  switch (opts.syncMode) {
    case 'DIFF':
    case 'PUT':
    case 'CROSS_SCOPE':
      entity.require('_key', '_type', '_class');
      return;
    case 'PATCH':
      if (opts.scope === undefined) entity.require('_id');
      else if (!entity.has('_key') && !entity.has('_id')) entity.require('_key');
      return;
    case 'OVERRIDE':
      if (!entity.has('_id') && !(entity.has('_type') && entity.has('_key'))) {
        entity.require('_id');
      }
      return;
  }
}

/** `_class` as a string or 1..5 strings, always returned as an array. */
function normalizeClasses(entity: UploadedObject): string[] | undefined {
  if (!entity.has('_class')) return undefined;
  const value = entity.raw._class;
  if (typeof value === 'string') return [value];
  const at = entity.labelled('_class');
  if (!Array.isArray(value) || !value.every((c) => typeof c === 'string' && c !== '')) {
    fail(`${at} has invalid type. Valid types are string or array of strings.`);
  }
  if (value.length === 0) fail(`${at} must have at least 1 item`);
  if (value.length > MAX_CLASSES) fail(`${at} has more than ${MAX_CLASSES} items`);
  return [...(value as string[])];
}

/**
 * Classes become Neo4j labels: each must be one an analyst can type in Cypher, and labels starting
 * with `_` are graphsync's own bookkeeping nodes (`:_Account`, `:_SyncJob`...), which an entity
 * must never join. Not droppable by ignoreIllegalProperties: `_class` is not a property.
 */
function checkClassNames(entity: UploadedObject, classes: readonly string[]): void {
  if (classes.some((c) => c.startsWith('_'))) {
    fail(`${entity.labelled('_class')} must not start with '_' (reserved for graphsync)`);
  }
  const problem = invalidClassProblem(classes, 'label');
  if (problem !== undefined) fail(`${entity.labelled('_class')} ${problem}`);
}
