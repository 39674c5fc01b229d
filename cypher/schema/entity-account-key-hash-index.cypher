// OVERRIDE targets (_type + _key, any scope), mapped-relationship targets filtered on _key and
// raw-data targets are found by _key across the scopes of one account, through _keyHash
// (decision 0035).
// params: none
// returns: nothing
CREATE INDEX entity_account_key_hash IF NOT EXISTS FOR (n:Entity) ON (n._accountId, n._keyHash)
