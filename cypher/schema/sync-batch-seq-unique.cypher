// One staged batch per (job, sequence number); finalize reads them in order.
// params: none
// returns: nothing
CREATE CONSTRAINT sync_batch_seq_unique IF NOT EXISTS FOR (b:SyncBatch) REQUIRE (b.jobId, b.seq) IS UNIQUE
