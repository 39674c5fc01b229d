// GET /persister/synchronization/jobs/{id}/changes: what one sync job changed, in time order.
// params: none
// returns: nothing
CREATE INDEX internal_change_job IF NOT EXISTS FOR (c:_Change) ON (c.jobId, c.at)
