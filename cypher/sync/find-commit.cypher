// Whether the write transaction with this commit mark committed (sync/record-commit): a row if so.
// params: $jobId, $mark
// returns: mark
MATCH (c:_SyncCommit {jobId: $jobId, mark: $mark})
RETURN c.mark AS mark
