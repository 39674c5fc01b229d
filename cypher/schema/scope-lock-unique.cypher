// One finalization per (account, scope) at a time: a lease on one lock node per scope.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_scope_lock_unique IF NOT EXISTS FOR (l:_ScopeLock) REQUIRE (l.accountId, l.scope) IS UNIQUE
