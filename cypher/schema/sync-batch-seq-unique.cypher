// One staged batch per (job, sequence number); finalize reads them in order.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_sync_batch_seq_unique IF NOT EXISTS FOR (b:_SyncBatch) REQUIRE (b.jobId, b.seq) IS UNIQUE
