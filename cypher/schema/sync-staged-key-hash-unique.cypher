// Every _key a job received, once: duplicate detection across batches and DIFF's "absent" test.
// Found by keyHash, the key's fixed-size digest (decision 0035).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_sync_staged_key_hash_unique IF NOT EXISTS FOR (s:_SyncStagedKey) REQUIRE (s.jobId, s.kind, s.keyHash) IS UNIQUE
