/**
 * Every counter of the sync job resource, all 0: what a job starts with. Spelled out (not derived
 * from src/sync/jobs/job-types.ts) so that a counter dropped from the code fails the tests.
 */
export const ZERO_COUNTERS = {
  numEntitiesUploaded: 0,
  numEntitiesCreated: 0,
  numEntitiesUpdated: 0,
  numEntitiesDeleted: 0,
  numEntityUpdateErrors: 0,
  numRelationshipsUploaded: 0,
  numRelationshipsCreated: 0,
  numRelationshipsUpdated: 0,
  numRelationshipsDeleted: 0,
  numRelationshipCreateErrors: 0,
  numMappedRelationshipsUploaded: 0,
  numRawDataVersionsCreated: 0,
} as const;
