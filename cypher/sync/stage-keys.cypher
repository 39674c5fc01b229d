// Records the keys of staged batches (decision 0050): entities (kind 'e') and relationships
// (kind 'r', mapped ones included: one key space), each row with its batch's seq, and marks the
// batches $seqs as staged (`keysStaged`), in one transaction. Keys are merged on keyHash, their
// digest (decision 0035). A key uploaded by several batches (ignoreDuplicates) belongs to the
// latest: a row from an earlier batch than the one recorded is passed over, so rows may come in
// any order and be staged more than once.
// params: $jobId, $keys, $seqs
// returns: staged
CALL () {
  UNWIND $keys AS k
  MERGE (s:_SyncStagedKey {jobId: $jobId, kind: k.kind, keyHash: k.keyHash})
  WITH s, k, s.batch AS batch
  WHERE batch IS NULL OR batch <= k.seq
  SET s.key = k.key, s.batch = k.seq, s.hash = k.hash
  RETURN count(*) AS staged
}
CALL () {
  MATCH (b:_SyncBatch)
  WHERE b.jobId = $jobId AND b.seq IN $seqs
  SET b.keysStaged = true
}
RETURN staged
