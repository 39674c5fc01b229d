// Sync jobs are addressed by their UUID.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_sync_job_id_unique IF NOT EXISTS FOR (j:_SyncJob) REQUIRE j.id IS UNIQUE
