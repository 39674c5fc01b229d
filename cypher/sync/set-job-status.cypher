// Moves a job from one of $from to $to, setting extra properties; no row when it was not in $from.
// params: $accountId, $jobId, $from, $to, $set
// returns: job
MATCH (j:SyncJob {id: $jobId})
WHERE j.accountId = $accountId AND j.status IN $from
SET j += $set, j.status = $to
RETURN j {.*} AS job
