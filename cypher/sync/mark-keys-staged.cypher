// Notes that a job's keys are staged for its finalization up to batch $seq (decision 0050), so a
// resumed run or a second preview stages only later batches. Never lowers the mark. The old
// value is read in WITH, apart from the SET (see sync/add-batch: a SET that reads the property
// it writes makes uploads waiting for the job's lock fail with a false DeadlockDetected).
// params: $accountId, $jobId, $seq
// returns: keysStagedSeq
MATCH (j:_SyncJob {id: $jobId})
USING INDEX SEEK j:_SyncJob(id)
WHERE j.accountId = $accountId
WITH j, coalesce(j.keysStagedSeq, 0) AS before
SET j.keysStagedSeq = CASE WHEN before < $seq THEN $seq ELSE before END
RETURN j.keysStagedSeq AS keysStagedSeq
