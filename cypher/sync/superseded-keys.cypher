// Keys of batch $seq that a later batch of the same job uploaded again (ignoreDuplicates: the
// last one wins, so this batch's copy is skipped).
// params: $jobId, $kind, $seq, $keys
// returns: key
UNWIND $keys AS key
MATCH (s:_SyncStagedKey {jobId: $jobId, kind: $kind, key: key})
USING INDEX SEEK s:_SyncStagedKey(jobId, kind, key)
WHERE s.batch <> $seq
RETURN s.key AS key
