// Keeps the job's bulk upload URL expiry while it has not passed, else sets $expiresAt; only for
// a job that awaits uploads and has no bulk file yet (no row otherwise). The job's write lock is
// taken first, so two concurrent requests get the same expiry (and so the same URL).
// params: $accountId, $jobId, $now, $expiresAt
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
WHERE j.status = 'AWAITING_UPLOADS' AND j.bulkFileKey IS NULL
SET j.bulkUploadUrlExpiresAt = CASE
    WHEN j.bulkUploadUrlExpiresAt > $now THEN j.bulkUploadUrlExpiresAt
    ELSE $expiresAt
  END
RETURN j {.*} AS job
