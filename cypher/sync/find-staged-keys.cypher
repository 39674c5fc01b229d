// Which of these keys this job has already received (duplicate detection across batches).
// params: $jobId, $kind, $keys
// returns: key
UNWIND $keys AS key
MATCH (s:_SyncStagedKey {jobId: $jobId, kind: $kind, key: key})
USING INDEX SEEK s:_SyncStagedKey(jobId, kind, key)
RETURN s.key AS key
