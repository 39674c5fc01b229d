// Registers a staged batch and adds its new objects to the uploaded counters.
// Runs in the upload transaction that holds the job's write lock (sync/lock-job), so the counters
// read here are current and nobody else writes them before commit. They are read in WITH, apart
// from the SET: a SET whose value reads the property it writes (`j.n = j.n + $x`) makes Cypher lock
// the node again around the write, and Neo4j then aborts the uploads waiting for the job's lock
// with a false DeadlockDetected (see sync/lock-job).
// The batch keeps its keys' prints (byte arrays, null for a large batch; decision 0051), which
// the finalize reads instead of the batch's content to know what the job uploaded.
// params: $accountId, $jobId, $seq, $correlationId, $contentHash, $blobKey, $entityPrints, $relationshipPrints, $entities, $relationships, $addedEntities, $addedRelationships, $addedMapped, $duplicates, $now
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
CREATE (b:_SyncBatch {jobId: $jobId, seq: $seq, correlationId: $correlationId, contentHash: $contentHash, blobKey: $blobKey, entityPrints: $entityPrints, relationshipPrints: $relationshipPrints, entities: $entities, relationships: $relationships, createdOn: $now})
WITH j, j {.numEntitiesUploaded, .numRelationshipsUploaded, .numMappedRelationshipsUploaded, .crossBatchDuplicates} AS before
SET j.batchSeq = $seq,
    j.numEntitiesUploaded = before.numEntitiesUploaded + $addedEntities,
    j.numRelationshipsUploaded = before.numRelationshipsUploaded + $addedRelationships,
    j.numMappedRelationshipsUploaded = coalesce(before.numMappedRelationshipsUploaded, 0) + $addedMapped,
    j.crossBatchDuplicates = coalesce(before.crossBatchDuplicates, false) OR $duplicates
RETURN j {.*} AS job
