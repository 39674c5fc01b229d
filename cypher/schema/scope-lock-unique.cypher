// One scope node per (account, scope): it numbers accepted finalizes, which apply in that order.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_scope_lock_unique IF NOT EXISTS FOR (l:_ScopeLock) REQUIRE (l.accountId, l.scope) IS UNIQUE
