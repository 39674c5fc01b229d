// DIFF walks every entity of one (account, scope) to find those absent from the upload.
// params: none
// returns: nothing
CREATE INDEX entity_scope IF NOT EXISTS FOR (n:Entity) ON (n._accountId, n._scope)
