import type { StagedEntity, UploadOptions } from '../jobs/job-types';
import { type ModePolicy, SYNC_MODES } from '../modes/mode-policy';
import {
  customProperties,
  ENTITY_VALID_TYPES_TEXT,
  fail,
  invalidClassProblem,
  isEntityPropertyValue,
  MAX_CLASSES,
  STRING_ENTITY_PROPERTIES,
  type UploadedObject,
} from '../../model/property-rules';
import { normalizeRawData } from './upload-validation-raw-data';

const BASE_SYSTEM_NAMES = ['_key', '_type', '_class', '_rawData'];
/** Each mode's entity system names, built once. */
const SYSTEM_NAMES = new Map<ModePolicy, ReadonlySet<string>>(
  Object.values(SYNC_MODES).map((p) => [
    p,
    new Set([...BASE_SYSTEM_NAMES, ...p.entities.systemNames]),
  ]),
);

/** Validates one uploaded entity and normalizes it for staging. */
export function validateEntity(entity: UploadedObject, opts: UploadOptions): StagedEntity {
  const mode = SYNC_MODES[opts.syncMode];
  const policy = mode.entities;
  requireIdentity(entity, policy.identity, opts.scope);

  const key = entity.keyString('_key');
  const type = entity.keyString('_type');
  const systemNames = SYSTEM_NAMES.get(mode)!;
  const id = systemNames.has('_id') ? entity.keyString('_id') : undefined;
  const scope = systemNames.has('_scope') ? entity.keyString('_scope') : undefined;
  const classes = normalizeClasses(entity);
  if (classes !== undefined) checkClassNames(entity, classes);

  // Not droppable by ignoreIllegalProperties: ignoring `_id` would silently change what is written.
  if (policy.idRefusal !== null && Object.hasOwn(entity.raw, '_id')) {
    fail(`${entity.labelled('_id')} ${policy.idRefusal}`);
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

/**
 * What the mode needs to know which entity is meant (docs/guide/sync-jobs.md, "Sync modes").
 * `scope`: the job's.
 */
function requireIdentity(
  entity: UploadedObject,
  identity: ModePolicy['entities']['identity'],
  scope: string | undefined,
): void {
  switch (identity) {
    case 'key':
      entity.require('_key', '_type', '_class');
      return;
    case 'key-or-id':
      if (scope === undefined) entity.require('_id');
      else if (!entity.has('_key') && !entity.has('_id')) entity.require('_key');
      return;
    case 'id-or-type-key':
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
