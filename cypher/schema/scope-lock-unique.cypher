// One finalization per (account, scope) at a time: a lease on one lock node per scope.
// params: none
// returns: nothing
CREATE CONSTRAINT scope_lock_unique IF NOT EXISTS FOR (l:ScopeLock) REQUIRE (l.accountId, l.scope) IS UNIQUE
