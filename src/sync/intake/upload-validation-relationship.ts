import type { StagedRelationship, SyncMode, UploadOptions } from '../jobs/job-types';
import { type ModePolicy, SYNC_MODES } from '../modes/mode-policy';
import { validateMapping } from './upload-validation-mapping';
import {
  customProperties,
  fail,
  invalidClassProblem,
  isRelationshipPropertyValue,
  type UploadedObject,
} from '../../model/property-rules';

const BASE_SYSTEM_NAMES = [
  '_key',
  '_type',
  '_class',
  '_fromEntityKey',
  '_toEntityKey',
  '_fromEntityId',
  '_toEntityId',
  '_mapping',
];
const SCOPE_NAMES = ['_fromEntityScope', '_toEntityScope'];
/** Only modes whose ends are named by scope take the scope names; elsewhere they are reserved. */
const SYSTEM_NAMES = new Set(BASE_SYSTEM_NAMES);
const SCOPED_ENDS_SYSTEM_NAMES = new Set([...BASE_SYSTEM_NAMES, ...SCOPE_NAMES]);

const VALID_TYPES =
  'Arrays and objects are not allowed on relationships; valid types are string, number, boolean and null.';

/** Validates one uploaded relationship and normalizes it for staging. */
export function validateRelationship(
  relationship: UploadedObject,
  opts: UploadOptions,
): StagedRelationship {
  relationship.require('_key', '_type', '_class');
  const key = relationship.keyString('_key') as string;
  const type = relationship.keyString('_type') as string;
  const relationshipClass = relationship.raw._class;
  if (typeof relationshipClass !== 'string') {
    fail(`${relationship.labelled('_class')} has invalid type. Valid type is string.`);
  }
  // The class becomes the Neo4j relationship type: one an analyst can type in Cypher.
  const classProblem = invalidClassProblem([relationshipClass], 'relationship type');
  if (classProblem !== undefined) fail(`${relationship.labelled('_class')} ${classProblem}`);

  const mapped = relationship.has('_mapping');
  const mapping = mapped ? validateMapping(relationship, opts.syncMode) : undefined;
  const policy = SYNC_MODES[opts.syncMode].relationships;
  const ends = validateEnds(relationship, { mode: opts.syncMode, ends: policy.ends, mapped });

  const properties = customProperties(relationship, {
    systemNames: policy.ends === 'scope-and-key' ? SCOPED_ENDS_SYSTEM_NAMES : SYSTEM_NAMES,
    isValidValue: isRelationshipPropertyValue,
    validTypesText: VALID_TYPES,
    dropIllegal: opts.ignoreIllegalProperties,
  });

  return {
    key,
    type,
    class: relationshipClass,
    ...ends,
    ...(mapping === undefined ? {} : { mapping }),
    properties,
  };
}

type Ends = Pick<
  StagedRelationship,
  'fromKey' | 'toKey' | 'fromId' | 'toId' | 'fromScope' | 'toScope'
>;

function validateEnds(
  relationship: UploadedObject,
  how: { mode: SyncMode; ends: ModePolicy['relationships']['ends']; mapped: boolean },
): Ends {
  if (!how.mapped) {
    for (const side of ['from', 'to']) {
      if (!relationship.has(`_${side}EntityKey`) && !relationship.has(`_${side}EntityId`)) {
        relationship.require(`_${side}EntityKey`);
      }
    }
  }
  if (how.mapped) {
    for (const field of ['_fromEntityKey', '_toEntityKey', '_fromEntityId', '_toEntityId']) {
      if (relationship.has(field)) {
        fail(
          `${relationship.labelled(field)} cannot be combined with _mapping: the mapping names the ends`,
        );
      }
    }
  }
  if (how.ends !== 'key-or-id') {
    // Ends named by key only. DIFF replaces the data of one scope, so both ends are entities of that scope, named by key;
    // CROSS_SCOPE names each end by its scope and key.
    for (const field of ['_fromEntityId', '_toEntityId']) {
      if (relationship.has(field))
        fail(`${relationship.labelled(field)} cannot be used in ${how.mode} jobs`);
    }
  }
  const ends: Ends = {
    fromKey: relationship.keyString('_fromEntityKey'),
    toKey: relationship.keyString('_toEntityKey'),
    fromId: relationship.keyString('_fromEntityId'),
    toId: relationship.keyString('_toEntityId'),
  };
  if (how.ends === 'scope-and-key') {
    relationship.require(...SCOPE_NAMES);
    ends.fromScope = relationship.keyString('_fromEntityScope');
    ends.toScope = relationship.keyString('_toEntityScope');
    if (ends.fromScope === ends.toScope) {
      fail(
        `${relationship.labelled()} is not a cross-scope relationship: _fromEntityScope and _toEntityScope are equal`,
      );
    }
  }
  return Object.fromEntries(Object.entries(ends).filter(([, value]) => value !== undefined));
}
