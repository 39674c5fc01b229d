import type { components } from '../../../../src/generated/openapi';

type Schemas = components['schemas'];
export type SyncJob = Schemas['SyncJob'];
export type SyncJobStatus = Schemas['SyncJobStatus'];
export type SyncMode = Schemas['SyncMode'];
export type SyncJobSource = Schemas['SyncJobSource'];
export type ProgressEvent = Schemas['SyncJobProgressEvent'];
export type PhaseProgress = Schemas['SyncJobPhaseProgress'];
export type JobEvent = Schemas['JobEvent'];
export type Change = Schemas['Change'];

/** The contract's enums, in its order (the type checks that each list is complete). */
export const STATUSES: readonly SyncJobStatus[] = [
  'AWAITING_UPLOADS',
  'FINALIZE_PENDING',
  'FINISHED',
  'ABORTED',
  'FAILED',
  'ERROR',
] satisfies readonly SyncJobStatus[];
export const SOURCES: readonly SyncJobSource[] = [
  'api',
  'integration-external',
  'integration-managed',
  'system-internal',
];
export const MODES: readonly SyncMode[] = ['DIFF', 'PATCH', 'PUT', 'CROSS_SCOPE', 'OVERRIDE'];

/** The API's path of one job, for the typed client's `params.path`. */
export const JOB_PATH = '/persister/synchronization/jobs/{jobId}' as const;
export const JOBS_PATH = '/persister/synchronization/jobs' as const;

/** The counters of a job in the order a reader scans them: entities, then relationships. */
export const COUNTERS = [
  ['numEntitiesUploaded', 'Entities uploaded'],
  ['numEntitiesCreated', 'Entities created'],
  ['numEntitiesUpdated', 'Entities updated'],
  ['numEntitiesDeleted', 'Entities deleted'],
  ['numEntityUpdateErrors', 'Entity errors'],
  ['numRelationshipsUploaded', 'Relationships uploaded'],
  ['numRelationshipsCreated', 'Relationships created'],
  ['numRelationshipsUpdated', 'Relationships updated'],
  ['numRelationshipsDeleted', 'Relationships deleted'],
  ['numRelationshipCreateErrors', 'Relationship errors'],
  ['numMappedRelationshipsUploaded', 'Mapped relationships uploaded'],
  ['numRawDataVersionsCreated', 'Raw data versions created'],
] as const satisfies ReadonlyArray<readonly [keyof SyncJob, string]>;

export type CounterName = (typeof COUNTERS)[number][0];
