// Every _key a job received, once: duplicate detection across batches and DIFF's "absent" test.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_sync_staged_key_unique IF NOT EXISTS FOR (s:_SyncStagedKey) REQUIRE (s.jobId, s.kind, s.key) IS UNIQUE
