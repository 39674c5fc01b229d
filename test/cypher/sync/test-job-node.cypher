// Tests only: a job node's finalization bookkeeping (its run number, place and checkpoint).
// params: $jobId
// returns: status, runs, seq, checkpoint
MATCH (j:_SyncJob {id: $jobId})
RETURN j.status AS status, j.finalizeRuns AS runs, j.finalizeSeq AS seq,
       j.finalizeCheckpoint AS checkpoint
