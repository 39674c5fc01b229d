// OVERRIDE targets (_type + _key, any scope) and mapped-relationship targets filtered on _key are
// found by _key across the scopes of one account.
// params: none
// returns: nothing
CREATE INDEX entity_account_key IF NOT EXISTS FOR (n:Entity) ON (n._accountId, n._key)
