// Records a received bulk file on its job (key in the blob store, size, content type, encoding,
// file name); only for a job that awaits uploads and has no bulk file yet (no row otherwise). The
// job's write lock is taken before the check, so of two concurrent uploads only one is recorded,
// and a finalize or abort either sees the file or makes the upload fail.
// params: $accountId, $jobId, $file
// returns: job
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
SET j.locked = true
WITH j
WHERE j.status = 'AWAITING_UPLOADS' AND j.bulkFileKey IS NULL
SET j += $file
RETURN j {.*} AS job
