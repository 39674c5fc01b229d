// Deletes up to $batch entities, of any account, soft deleted before $before (_endOn, epoch ms:
// HISTORY_RETENTION_DAYS), with their relationships and raw-data versions; returns how many and
// the blob keys of the versions' content, which the caller removes. The caller repeats while a
// full batch was deleted.
// params: $before, $batch
// returns: deleted, blobKeys
MATCH (n:Entity)
USING INDEX SEEK n:Entity(_endOn)
WHERE n._endOn < $before AND n._deleted = true
WITH n LIMIT toInteger($batch)
CALL (n) {
  OPTIONAL MATCH (v:_RawDataVersion {entityId: n._id})
  USING INDEX SEEK v:_RawDataVersion(entityId)
  WITH v, v.blobKey AS blobKey
  DETACH DELETE v
  RETURN collect(blobKey) AS keys
}
DETACH DELETE n
RETURN count(*) AS deleted, reduce(all = [], k IN collect(keys) | all + k) AS blobKeys
