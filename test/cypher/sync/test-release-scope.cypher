// Tests only: removes the stand-in job of test-hold-scope.cypher.
// params: $accountId, $holderId
// returns: nothing
MATCH (j:_SyncJob {id: $holderId})
WHERE j.accountId = $accountId
DELETE j
