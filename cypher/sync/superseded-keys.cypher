// Keys of batch $seq that a later batch of the same job uploaded again (ignoreDuplicates: the
// last one wins, so this batch's copy is skipped). $keys: {key, keyHash} (decision 0035).
// params: $jobId, $kind, $seq, $keys
// returns: key
UNWIND $keys AS k
MATCH (s:_SyncStagedKey {jobId: $jobId, kind: $kind, keyHash: k.keyHash})
USING INDEX SEEK s:_SyncStagedKey(jobId, kind, keyHash)
WHERE s.key = k.key AND s.batch <> $seq
RETURN s.key AS key
