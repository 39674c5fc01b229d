import type { components } from '../../generated/openapi';
import type { JobSource, SyncMode } from '../jobs/job-types';

/**
 * What a sync mode means, as data: every rule of intake, staging and finalize that depends on the
 * job's mode reads its row here instead of comparing mode names (docs/guide/sync-jobs.md, "Sync
 * modes"). A new mode is one row (the compiler asks for it once the contract names the mode)
 * plus the tests of its semantics. Pure data, no IO.
 */
export interface ModePolicy {
  /** POST /jobs: the rules a start request of this mode must meet. */
  start: {
    /** The account feature flag that must be switched on (null: every account has the mode). */
    featureGate: components['schemas']['AccountFeature'] | null;
    /** The only sources a job of the mode may have (null: any source). */
    sources: readonly JobSource[] | null;
    /** The sources for which the job must name a `scope` ('all': whatever its source). */
    scopeRequiredFor: readonly JobSource[] | 'all';
  };

  /** Which kinds of object an upload may hold; a refused kind carries its message. */
  uploads: { entities: Admission; relationships: Admission };

  entities: {
    /**
     * How an uploaded entity names the entity it writes:
     * - `key`: by `_key` in the job's scope, with `_type` and `_class` (created when missing);
     * - `key-or-id`: by `_key` in the job's scope or by `_id`, which a job without a scope must
     *   use; only existing entities are written;
     * - `id-or-type-key`: by `_id`, or by `_type` and `_key` (and optionally `_scope`) anywhere
     *   in the account; only existing entities are written.
     * A mode that names entities in two ways applies its chunks one at a time (a chunk may name
     * by `_key` the entity another names by `_id`).
     */
    identity: 'key' | 'key-or-id' | 'id-or-type-key';
    /** System fields an entity may carry besides `_key`, `_type`, `_class` and `_rawData`. */
    systemNames: ReadonlyArray<'_id' | '_scope'>;
    /**
     * An `_id` on an entity is refused with this (after the field's pointer); null when it is
     * read (a system name) or left to the custom property rules.
     */
    idRefusal: string | null;
    /**
     * How the finalizer applies them: `upsert` creates and updates by `_key`, `patch` updates
     * existing entities, `override` pins property values on existing entities (decision 0011).
     */
    apply: 'upsert' | 'patch' | 'override';
    /**
     * An entity about to be created adopts the placeholder target of mapped relationships with
     * its `_type` and `_key` (docs/guide/sync-jobs.md, "Mapped relationships").
     */
    adoptsPlaceholders: boolean;
  };

  relationships: {
    /**
     * How a relationship names its ends: `key` by `_key` in the job's scope only; `key-or-id`
     * by `_key` in the job's scope or by `_id` in the account; `scope-and-key` by
     * `_from/_toEntityScope` (required, and different) and `_key`.
     */
    ends: 'key' | 'key-or-id' | 'scope-and-key';
    /** Whether a relationship may be mapped (`_mapping`). */
    mapped: boolean;
  };

  /**
   * How an existing object is written: `replace` writes the upload's content whole, recognises
   * an unchanged object by its content hash (`_hash`) and stores the new one; `merge` writes the
   * given properties over the stored ones, recognises an unchanged object by comparing them, and
   * leaves the stored content without a known hash.
   */
  writes: 'replace' | 'merge';

  /**
   * The soft-delete steps that follow each pass, for what the job's scope holds and the job did
   * not upload: absent entities; absent relationships of the scope (`in-scope`) or those that
   * earlier jobs of the mode recorded as written (`cross-scope`, which is why a job of such a mode
   * records every relationship it writes).
   */
  deletesAbsent: { entities: boolean; relationships: 'none' | 'in-scope' | 'cross-scope' };

  /**
   * The scope of a job that names neither a scope nor an integration instance: the name of its
   * source (`source`), or none (`none`: it names entities anywhere in the account, and all such
   * jobs of an account finalize in one order).
   */
  unscopedJobScope: 'source' | 'none';

  /**
   * A job into a scope that holds no entity when its finalization begins skips classification:
   * nothing it uploads can exist yet, so entities are created and relationships only look up
   * their ends.
   */
  fastNewScope: boolean;

  /** The most entities one job may stage, across its batches and its bulk file (null: no cap). */
  maxEntities: number | null;
}

/** A kind of object an upload of the mode may hold, or the message that refuses it. */
export type Admission = 'allowed' | { refused: string };

/** The mode of a job whose start request names none. */
export const DEFAULT_SYNC_MODE: SyncMode = 'DIFF';

/** Modes the service once had, refused at start with these messages. */
export const RETIRED_SYNC_MODES: ReadonlyMap<string, string> = new Map([
  ['CREATE_OR_UPDATE', 'CREATE_OR_UPDATE sync mode is deprecated and no longer functions'],
]);

export const SYNC_MODES: Readonly<Record<SyncMode, ModePolicy>> = {
  /** The scope becomes exactly the upload. */
  DIFF: {
    start: { featureGate: null, sources: null, scopeRequiredFor: ['api'] },
    uploads: { entities: 'allowed', relationships: 'allowed' },
    entities: {
      identity: 'key',
      systemNames: [],
      idRefusal: 'is not allowed in DIFF jobs',
      apply: 'upsert',
      adoptsPlaceholders: true,
    },
    relationships: { ends: 'key', mapped: true },
    writes: 'replace',
    deletesAbsent: { entities: true, relationships: 'in-scope' },
    unscopedJobScope: 'source',
    fastNewScope: true,
    maxEntities: null,
  },
  /** Updates existing entities, named by `_key` or `_id`, with the given properties. */
  PATCH: {
    start: { featureGate: null, sources: null, scopeRequiredFor: [] },
    uploads: {
      entities: 'allowed',
      relationships: { refused: 'Relationships are not allowed in PATCH jobs' },
    },
    entities: {
      identity: 'key-or-id',
      systemNames: ['_id'],
      idRefusal: null,
      apply: 'patch',
      adoptsPlaceholders: false,
    },
    relationships: { ends: 'key-or-id', mapped: false },
    writes: 'merge',
    deletesAbsent: { entities: false, relationships: 'none' },
    unscopedJobScope: 'none',
    fastNewScope: false,
    maxEntities: null,
  },
  /** Creates and updates by `_key`, writing the given properties over the stored ones. */
  PUT: {
    start: { featureGate: 'PUT', sources: null, scopeRequiredFor: [] },
    uploads: { entities: 'allowed', relationships: 'allowed' },
    entities: {
      identity: 'key',
      systemNames: [],
      idRefusal: 'is not allowed in PUT jobs: PUT matches entities on _key only',
      apply: 'upsert',
      adoptsPlaceholders: true,
    },
    relationships: { ends: 'key-or-id', mapped: true },
    writes: 'merge',
    deletesAbsent: { entities: false, relationships: 'none' },
    unscopedJobScope: 'source',
    fastNewScope: false,
    maxEntities: null,
  },
  /** Relationships whose ends are in other scopes; those not uploaded again are deleted. */
  CROSS_SCOPE: {
    start: { featureGate: null, sources: ['api'], scopeRequiredFor: 'all' },
    uploads: {
      entities: { refused: 'Entity uploads are not allowed for CROSS_SCOPE sync jobs' },
      relationships: 'allowed',
    },
    // Never used (entity uploads are refused): as DIFF's, without its _id refusal or placeholders.
    entities: {
      identity: 'key',
      systemNames: [],
      idRefusal: null,
      apply: 'upsert',
      adoptsPlaceholders: false,
    },
    relationships: { ends: 'scope-and-key', mapped: false },
    writes: 'replace',
    deletesAbsent: { entities: false, relationships: 'cross-scope' },
    unscopedJobScope: 'source',
    fastNewScope: false,
    maxEntities: null,
  },
  /** Pins property values on existing entities (decision 0011). */
  OVERRIDE: {
    start: { featureGate: 'OVERRIDE', sources: null, scopeRequiredFor: [] },
    uploads: {
      entities: 'allowed',
      relationships: { refused: 'Relationship uploads are not allowed for OVERRIDE sync jobs' },
    },
    entities: {
      identity: 'id-or-type-key',
      systemNames: ['_id', '_scope'],
      idRefusal: null,
      apply: 'override',
      adoptsPlaceholders: false,
    },
    relationships: { ends: 'key-or-id', mapped: false },
    writes: 'merge',
    deletesAbsent: { entities: false, relationships: 'none' },
    unscopedJobScope: 'source',
    fastNewScope: false,
    maxEntities: 10_000,
  },
};

/** Whether the mode's entities may name one entity in two ways (so chunks apply one at a time). */
export function namesEntitiesTwoWays(policy: ModePolicy): boolean {
  return policy.entities.identity !== 'key';
}
