// One node per account, digest frequency and period end: the claim of that digest. Two processes
// (API timers, workers) that tick at once MERGE a single node, so a period's digest is sent once.
// The constraint's index also serves the lookups by account.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_digest_run_unique IF NOT EXISTS FOR (r:_DigestRun) REQUIRE (r.accountId, r.frequency, r.periodEnd) IS UNIQUE
