import type { ContractEnum } from '../../contract/contract-types';
import type { components } from '../../generated/openapi';
import type { PropertyValue } from '../../model/property-value';
import type { RawDataEntry } from '../../rawdata/raw-data-content';

/**
 * The sync job domain: what a job is, what a client may upload, and the normalized form in which
 * uploads are staged and later applied. Shared by validation, the job service, the finalizer and
 * the HTTP adapters; no IO here. What the API answers is openapi.yaml's (the generated
 * `components['schemas']`); the lists the code iterates are checked against it by the compiler.
 */
type Schemas = components['schemas'];

/**
 * The contract's sync modes, by name. What each mode means is its row of SYNC_MODES
 * (modes/mode-policy.ts), which has one for every name here.
 */
export const SYNC_MODE_NAMES = ['DIFF', 'PATCH', 'PUT', 'CROSS_SCOPE', 'OVERRIDE'] as const;
export type SyncMode = ContractEnum<Schemas['SyncMode'], typeof SYNC_MODE_NAMES>;

export const JOB_SOURCES = [
  'api',
  'integration-external',
  'integration-managed',
  'system-internal',
] as const;
export type JobSource = ContractEnum<Schemas['SyncJobSource'], typeof JOB_SOURCES>;

export const JOB_STATUSES = [
  'AWAITING_UPLOADS',
  'FINALIZE_PENDING',
  'FINISHED',
  'ABORTED',
  'FAILED',
  'ERROR',
] as const;
export type JobStatus = ContractEnum<Schemas['SyncJobStatus'], typeof JOB_STATUSES>;

/**
 * The statuses of the integration SDK's `SynchronizationJobStatus` that end a job without
 * finishing it, other than ABORTED: its runtime sends them as an abort's `terminalStatus`. The job
 * ends ABORTED and keeps the given one as `terminalStatus` (decision 0006).
 */
export const SDK_ABORT_STATUSES = [
  'ABORTED_DUE_TO_INVALID_CONFIGURATION',
  'ERROR_BAD_DATA',
] as const;
export type SdkAbortStatus = ContractEnum<
  NonNullable<SyncJob['terminalStatus']>,
  typeof SDK_ABORT_STATUSES
>;

/** Statuses after which nothing more happens to a job (`done: true`). */
export const FINAL_STATUSES: readonly JobStatus[] = ['FINISHED', 'ABORTED', 'FAILED', 'ERROR'];

/** The job's counters: exactly the `num...` fields of the contract's SyncJob. */
export const JOB_COUNTERS = [
  'numEntitiesUploaded',
  'numEntitiesCreated',
  'numEntitiesUpdated',
  'numEntitiesDeleted',
  'numEntityUpdateErrors',
  'numRelationshipsUploaded',
  'numRelationshipsCreated',
  'numRelationshipsUpdated',
  'numRelationshipsDeleted',
  'numRelationshipCreateErrors',
  'numMappedRelationshipsUploaded',
  'numRawDataVersionsCreated',
] as const;
export type JobCounter = ContractEnum<
  Extract<keyof Schemas['SyncJob'], `num${string}`>,
  typeof JOB_COUNTERS
>;
export type JobCounters = Pick<SyncJob, JobCounter>;

/** A problem with one object found at finalize (e.g. a PATCH target that does not exist). */
export type JobObjectError = Schemas['JobObjectError'];

/** The job resource as the API returns it. Optional fields are omitted when unset. */
export type SyncJob = Schemas['SyncJob'];

/** A job's bulk file as received: stored as sent (still compressed if it was). */
export type BulkFileInfo = Schemas['BulkFile'];

/**
 * A validated start request: the job's own fields that POST /jobs sets. Not the body's type
 * (StartSyncJobRequest takes any string or null, which validateStart checks): what it becomes.
 */
export type StartJobInput = Pick<
  SyncJob,
  | 'source'
  | 'scope'
  | 'syncMode'
  | 'integrationInstanceId'
  | 'integrationJobId'
  | 'ignoreDuplicates'
  | 'deleteGuardPercent'
>;

/** An uploaded entity after validation: system fields pulled out, custom properties flat. */
export interface StagedEntity {
  /** Absent only in PATCH (matched by `_id`) and OVERRIDE. */
  key?: string;
  type?: string;
  /** `_class` normalized to an array (1..5 items). */
  classes?: string[];
  /** `_id` of an existing entity (PATCH, OVERRIDE). */
  id?: string;
  /** `_scope` of the target (OVERRIDE). */
  scope?: string;
  /** Custom properties; `null` values are kept (PATCH clears them, PUT strips them). */
  properties: Record<string, PropertyValue>;
  rawData?: RawDataEntry[];
}

/** An uploaded relationship after validation. */
export interface StagedRelationship {
  key: string;
  type: string;
  class: string;
  fromKey?: string;
  toKey?: string;
  fromId?: string;
  toId?: string;
  fromScope?: string;
  toScope?: string;
  mapping?: RelationshipMapping;
  properties: Record<string, PropertyValue>;
}

/**
 * A mapped relationship's `_mapping`: the source is an entity of the job's scope; targets are
 * searched across the account (any one list of targetFilterKeys whose properties all equal
 * targetEntity's); without a match a placeholder target is created unless skipTargetCreation.
 */
export interface RelationshipMapping {
  sourceEntityKey: string;
  targetFilterKeys: string[][];
  /** Custom properties plus `_type`, `_class` (normalized to an array) and optionally `_key`. */
  targetEntity: Record<string, PropertyValue>;
  skipTargetCreation: boolean;
  relationshipDirection: Schemas['RelationshipMapping']['relationshipDirection'];
}

/** What one upload request carries once validated: the unit that is staged. */
export interface ValidatedBatch {
  entities: StagedEntity[];
  relationships: StagedRelationship[];
}

/** Flags of one upload (job flags and `?ignoreDuplicates=` / `?ignoreIllegalProperties=`). */
export interface UploadOptions {
  syncMode: SyncMode;
  /** The job's scope, if any (PATCH without scope needs `_id`). */
  scope: string | undefined;
  ignoreDuplicates: boolean;
  ignoreIllegalProperties: boolean;
  /** Which route: /upload takes both, /entities only entities, /relationships only relationships. */
  route: 'upload' | 'entities' | 'relationships';
}
