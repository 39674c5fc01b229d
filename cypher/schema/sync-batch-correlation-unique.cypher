// A batch re-sent with the same JupiterOne-Correlation-Id is recognised and not staged twice.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_sync_batch_correlation_unique IF NOT EXISTS FOR (b:_SyncBatch) REQUIRE (b.jobId, b.correlationId) IS UNIQUE
