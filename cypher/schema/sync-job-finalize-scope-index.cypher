// A finalization waits for earlier pending jobs of its scope (claim-finalize-run.cypher).
// params: none
// returns: nothing
CREATE INDEX internal_sync_job_finalize_scope IF NOT EXISTS FOR (j:_SyncJob) ON (j.accountId, j.finalizeScope, j.status)
