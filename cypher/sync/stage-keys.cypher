// Records the keys of one batch (kind 'e' or 'r'); a key seen before now belongs to this batch
// (the last upload wins). Keys are merged on keyHash, their digest (decision 0035). Returns how
// many keys are new to the job.
// params: $jobId, $kind, $seq, $keys
// returns: added
UNWIND $keys AS k
MERGE (s:_SyncStagedKey {jobId: $jobId, kind: $kind, keyHash: k.keyHash})
WITH s, k, s.batch IS NULL AS isNew
SET s.key = k.key, s.batch = $seq, s.hash = k.hash
RETURN count(CASE WHEN isNew THEN 1 END) AS added
