// Tests only: makes a digest run look claimed at $claimedOn by a process that then died.
// params: $accountId, $periodEnd, $claimedOn
// returns: nothing
MATCH (r:_DigestRun {accountId: $accountId, periodEnd: $periodEnd})
SET r.status = 'SENDING', r.claimedOn = $claimedOn, r.claim = 'dead-process'
