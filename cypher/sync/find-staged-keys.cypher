// Which of these keys ({key, keyHash}: decision 0035) this job has already received (duplicate
// detection across batches).
// params: $jobId, $kind, $keys
// returns: key
UNWIND $keys AS k
MATCH (s:_SyncStagedKey {jobId: $jobId, kind: $kind, keyHash: k.keyHash})
USING INDEX SEEK s:_SyncStagedKey(jobId, kind, keyHash)
WHERE s.key = k.key
RETURN s.key AS key
