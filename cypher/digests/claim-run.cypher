// Claims the digest of one account, frequency and period for this process: MERGE on
// internal_digest_run_unique meets one node however many processes tick at once. The node is
// write-locked (a constant SET) before its status is read, so exactly one caller takes it: a new
// run, a SENDING run whose claimer went quiet before $staleBefore (a crashed process), or a
// FAILED run with attempts left that finished before $retryBefore (its old detail and end time
// cleared, so that the run reads SENDING alone). Returns whether this caller
// took it, and the run as it now is.
// params: $accountId, $frequency, $periodStart, $periodEnd, $claim, $now, $staleBefore, $retryBefore, $maxAttempts
// returns: claimed, run
MERGE (r:_DigestRun {accountId: $accountId, frequency: $frequency, periodEnd: $periodEnd})
ON CREATE SET r.periodStart = $periodStart, r.status = 'PENDING', r.attempts = 0,
              r.createdOn = $now
SET r.locked = true
WITH r,
     r.status = 'PENDING'
       OR (r.status = 'SENDING' AND r.claimedOn <= $staleBefore)
       OR (r.status = 'FAILED' AND r.attempts < $maxAttempts AND r.finishedOn <= $retryBefore)
       AS take
SET r.status = CASE WHEN take THEN 'SENDING' ELSE r.status END,
    r.claim = CASE WHEN take THEN $claim ELSE r.claim END,
    r.claimedOn = CASE WHEN take THEN $now ELSE r.claimedOn END,
    r.attempts = CASE WHEN take THEN r.attempts + 1 ELSE r.attempts END,
    r.detail = CASE WHEN take THEN null ELSE r.detail END,
    r.finishedOn = CASE WHEN take THEN null ELSE r.finishedOn END
REMOVE r.locked
RETURN take AS claimed,
       r {.accountId, .frequency, .periodStart, .periodEnd, .status, .attempts} AS run
