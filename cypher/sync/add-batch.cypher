// Registers a staged batch and adds its new objects to the uploaded counters.
// params: $accountId, $jobId, $seq, $correlationId, $blobKey, $entities, $relationships, $addedEntities, $addedRelationships, $addedMapped, $duplicates, $now
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
CREATE (b:_SyncBatch {jobId: $jobId, seq: $seq, correlationId: $correlationId, blobKey: $blobKey, entities: $entities, relationships: $relationships, createdOn: $now})
SET j.batchSeq = $seq,
    j.numEntitiesUploaded = j.numEntitiesUploaded + $addedEntities,
    j.numRelationshipsUploaded = j.numRelationshipsUploaded + $addedRelationships,
    j.numMappedRelationshipsUploaded = coalesce(j.numMappedRelationshipsUploaded, 0) + $addedMapped,
    j.crossBatchDuplicates = coalesce(j.crossBatchDuplicates, false) OR $duplicates
RETURN j {.*} AS job
