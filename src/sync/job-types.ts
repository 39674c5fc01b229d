/**
 * The sync job domain: what a job is, what a client may upload, and the normalized form in which
 * uploads are staged and later applied. Shared by validation, the job service, the finalizer and
 * the HTTP adapters; no IO here.
 */
export const SYNC_MODES = ['DIFF', 'PATCH', 'PUT', 'CROSS_SCOPE', 'OVERRIDE'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

export const JOB_SOURCES = [
  'api',
  'integration-external',
  'integration-managed',
  'system-internal',
] as const;
export type JobSource = (typeof JOB_SOURCES)[number];

export const JOB_STATUSES = [
  'AWAITING_UPLOADS',
  'FINALIZE_PENDING',
  'FINISHED',
  'ABORTED',
  'FAILED',
  'ERROR',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The integration SDK's statuses for a job that ended without finishing, besides ABORTED. An abort
 * may name one as its `terminalStatus`: the job ends ABORTED and keeps it (decision 0006).
 */
export type SdkAbortStatus = 'ABORTED_DUE_TO_INVALID_CONFIGURATION' | 'ERROR_BAD_DATA';

/** Statuses after which nothing more happens to a job (`done: true`). */
export const FINAL_STATUSES: readonly JobStatus[] = ['FINISHED', 'ABORTED', 'FAILED', 'ERROR'];

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
export type JobCounter = (typeof JOB_COUNTERS)[number];
export type JobCounters = Record<JobCounter, number>;

/** A problem with one object found at finalize (e.g. a PATCH target that does not exist). */
export interface JobObjectError {
  kind: 'entity' | 'relationship';
  key: string | null;
  message: string;
}

/** The job resource as the API returns it. Optional fields are omitted when unset. */
export interface SyncJob extends JobCounters {
  id: string;
  accountId: string;
  source: JobSource;
  scope?: string;
  syncMode: SyncMode;
  status: JobStatus;
  done: boolean;
  startTimestamp: number;
  endTimestamp?: number;
  integrationInstanceId?: string;
  integrationJobId?: string;
  ignoreDuplicates: boolean;
  /** FAILED / ERROR: why. ABORTED: the reason the client gave, if any. */
  error?: string;
  abortReason?: string;
  /** ABORTED: the integration SDK's status that the client's abort named, if it named one. */
  terminalStatus?: SdkAbortStatus;
  /** Types whose absence means nothing in this DIFF (set by finalize's partialDatasets). */
  partialDatasetTypes?: string[];
  /** Per-object problems found at finalize (capped; the counters hold the totals). */
  errors?: JobObjectError[];
  /** The file received through the job's bulk upload URL, if any (applied at finalize). */
  bulkFile?: BulkFileInfo;
}

/** A job's bulk file as received: stored as sent (still compressed if it was). */
export interface BulkFileInfo {
  /** Bytes stored, as sent. */
  size: number;
  /** Epoch milliseconds. */
  uploadedAt: number;
  /** The Content-Type sent with the file, if any. */
  contentType?: string;
  /** Set when the file was sent compressed. */
  contentEncoding?: 'gzip' | 'br' | 'deflate';
  /** The `filename` of the Content-Disposition sent with the file, if any. */
  fileName?: string;
}

/** A validated start request. */
export interface StartJobInput {
  source: JobSource;
  scope?: string;
  syncMode: SyncMode;
  integrationInstanceId?: string;
  integrationJobId?: string;
  ignoreDuplicates: boolean;
}

/** A property value the graph accepts (docs/guide/sync-jobs.md, "What an upload may contain"). */
export type PropertyValue = string | number | boolean | null | string[] | number[] | boolean[];

/** One raw data entry of an entity, normalized from either upload form (issue 5 stores them). */
export interface RawDataEntry {
  name: string;
  contentType: string;
  body: unknown;
}

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
  relationshipDirection: 'FORWARD' | 'REVERSE';
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
