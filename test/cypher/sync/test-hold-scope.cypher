// Tests only: a stand-in job of (account, scope) that was accepted before any other and is still
// FINALIZE_PENDING, so every finalization of the scope waits behind it until it is released.
// params: $accountId, $scope, $holderId, $now
// returns: nothing
CREATE (:_SyncJob {id: $holderId, accountId: $accountId, source: 'api', syncMode: 'DIFF',
  status: 'FINALIZE_PENDING', startTimestamp: $now, finalizeScope: $scope, finalizeSeq: -1,
  finalizeRuns: 1})
