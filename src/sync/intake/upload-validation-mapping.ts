import type { ContractEnum } from '../../contract/contract-types';
import type { RelationshipMapping, SyncMode } from '../jobs/job-types';
import type { PropertyValue } from '../../model/property-value';
import { SYNC_MODES } from '../modes/mode-policy';
import {
  fail,
  invalidClassProblem,
  isEntityPropertyValue,
  isObject,
  keyLengthProblem,
  typeLengthProblem,
  MAX_CLASSES,
  STRING_ENTITY_PROPERTIES,
  type UploadedObject,
} from '../../model/property-rules';

const FIELDS = new Set([
  'sourceEntityKey',
  'targetFilterKeys',
  'targetEntity',
  'skipTargetCreation',
  'relationshipDirection',
]);
const DIRECTIONS = ['FORWARD', 'REVERSE'] as const;
type Direction = ContractEnum<RelationshipMapping['relationshipDirection'], typeof DIRECTIONS>;
const TARGET_SYSTEM_NAMES = new Set(['_key', '_type', '_class']);

/**
 * Validates a relationship's `_mapping` (docs/guide/sync-jobs.md, "Mapped relationships") and
 * normalizes it. Errors point into the mapping: `/relationships/N/_mapping/<field>`.
 */
export function validateMapping(relationship: UploadedObject, mode: SyncMode): RelationshipMapping {
  const at = (field?: string) =>
    field === undefined
      ? relationship.pointer('_mapping')
      : `${relationship.pointer('_mapping')}/${field}`;
  if (!SYNC_MODES[mode].relationships.mapped) {
    // The modes named are those whose row says `mapped` (test/unit/sync/modes/mode-policy.test.ts).
    fail(
      `${relationship.labelled('_mapping')} is not allowed in ${mode} jobs: mapped relationships are uploaded in PUT and DIFF jobs`,
    );
  }
  const mapping = relationship.raw._mapping;
  if (!isObject(mapping)) fail(`${relationship.labelled('_mapping')} must be an object`);
  for (const name of Object.keys(mapping)) {
    if (!FIELDS.has(name)) fail(`${at()} has unknown field '${name}'`);
  }

  const sourceEntityKey = mapping.sourceEntityKey;
  if (typeof sourceEntityKey !== 'string' || sourceEntityKey === '') {
    fail(`${at('sourceEntityKey')} is required`);
  }
  const sourceKeyProblem = keyLengthProblem(sourceEntityKey);
  if (sourceKeyProblem !== undefined) fail(`${at('sourceEntityKey')}: ${sourceKeyProblem}`);

  if (!isObject(mapping.targetEntity))
    fail(`${at('targetEntity')} is required and must be an object`);
  const targetEntity = validateTargetEntity(mapping.targetEntity, at('targetEntity'));

  const targetFilterKeys = validateFilterKeys(
    mapping.targetFilterKeys,
    targetEntity,
    at('targetFilterKeys'),
  );

  const skip = mapping.skipTargetCreation ?? false;
  if (typeof skip !== 'boolean') fail(`${at('skipTargetCreation')} must be a boolean`);
  const direction = mapping.relationshipDirection ?? 'FORWARD';
  if (!DIRECTIONS.includes(direction as Direction)) {
    fail(`${at('relationshipDirection')} must be FORWARD or REVERSE`);
  }
  if (!skip) {
    // A target that is not found is created, and an entity needs a type and a class.
    for (const name of ['_type', '_class']) {
      if (!Object.hasOwn(targetEntity, name)) {
        fail(`${at('targetEntity')}/${name} is required unless skipTargetCreation is true`);
      }
    }
  }
  return {
    sourceEntityKey,
    targetFilterKeys,
    targetEntity,
    skipTargetCreation: skip,
    relationshipDirection: direction as RelationshipMapping['relationshipDirection'],
  };
}

/** `targetFilterKeys`: lists of property names that targetEntity has, each list deduplicated. */
function validateFilterKeys(
  filters: unknown,
  targetEntity: Record<string, PropertyValue>,
  at: string,
): string[][] {
  if (!Array.isArray(filters) || filters.length === 0) {
    fail(`${at} is required: a non-empty array of arrays of property names`);
  }
  return filters.map((filter, i) => {
    const where = `${at}/${i}`;
    if (
      !Array.isArray(filter) ||
      filter.length === 0 ||
      !filter.every((name) => typeof name === 'string' && name !== '')
    ) {
      fail(`${where} must be a non-empty array of property names`);
    }
    for (const name of filter as string[]) {
      if (!Object.hasOwn(targetEntity, name)) {
        fail(`${where} names '${name}', which targetEntity does not have`);
      }
    }
    return [...new Set(filter as string[])];
  });
}

function validateTargetEntity(
  raw: Record<string, unknown>,
  where: string,
): Record<string, PropertyValue> {
  const out: Record<string, PropertyValue> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    if (name.startsWith('_') && !TARGET_SYSTEM_NAMES.has(name)) {
      fail(`${where} has invalid property name '${name}'`);
    }
    if (name === '_class') {
      const classes = typeof value === 'string' ? [value] : value;
      if (
        !Array.isArray(classes) ||
        classes.length === 0 ||
        classes.length > MAX_CLASSES ||
        !classes.every((c) => typeof c === 'string' && c !== '' && !c.startsWith('_'))
      ) {
        fail(
          `${where}/_class has invalid type. Valid types are string or array of 1 to ${MAX_CLASSES} strings not starting with '_'.`,
        );
      }
      const problem = invalidClassProblem(classes as string[], 'label');
      if (problem !== undefined) fail(`${where}/_class ${problem}`);
      out._class = [...(classes as string[])];
      continue;
    }
    if ((name === '_key' || name === '_type') && (typeof value !== 'string' || value === '')) {
      fail(`${where}/${name} must be a non-empty string`);
    }
    const lengthProblem =
      name === '_key'
        ? keyLengthProblem(value as string)
        : name === '_type'
          ? typeLengthProblem(value as string)
          : undefined;
    if (lengthProblem !== undefined) fail(`${where}/${name}: ${lengthProblem}`);
    if (STRING_ENTITY_PROPERTIES.has(name) && typeof value !== 'string') {
      fail(`${where}/${name} has invalid type. Valid types are string or null.`);
    }
    if (!isEntityPropertyValue(value)) {
      fail(
        `${where}/${name} has invalid type. Valid types are string, number, boolean, or an array of only strings, only numbers or only booleans.`,
      );
    }
    out[name] = value;
  }
  return out;
}
