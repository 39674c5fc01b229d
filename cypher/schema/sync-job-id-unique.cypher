// Sync jobs are addressed by their UUID.
// params: none
// returns: nothing
CREATE CONSTRAINT sync_job_id_unique IF NOT EXISTS FOR (j:SyncJob) REQUIRE j.id IS UNIQUE
