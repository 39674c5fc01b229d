// Tests: the staged keys of one job, with the batch each belongs to and its content hash.
// params: $jobId
// returns: kind, key, batch, hash
MATCH (s:_SyncStagedKey)
WHERE s.jobId = $jobId AND s.kind IS NOT NULL AND s.key IS NOT NULL
RETURN s.kind AS kind, s.key AS key, s.batch AS batch, s.hash AS hash
ORDER BY kind, key
