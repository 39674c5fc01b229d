// Tests only: every digest run (claim) of an account as stored, oldest period first.
// params: $accountId
// returns: run
MATCH (r:_DigestRun)
WHERE r.accountId = $accountId AND r.frequency IS NOT NULL AND r.periodEnd IS NOT NULL
RETURN properties(r) AS run
ORDER BY r.periodEnd, r.frequency
