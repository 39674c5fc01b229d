// Tests only: how many sync jobs an account has (a dry run must start none).
// params: $accountId
// returns: jobs
MATCH (j:_SyncJob {accountId: $accountId})
RETURN count(j) AS jobs
