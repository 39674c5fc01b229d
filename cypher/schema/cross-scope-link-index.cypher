// CROSS_SCOPE jobs record each relationship they write (its scope, _key and start entity), so the
// next job of the scope finds the earlier ones without scanning every relationship.
// params: none
// returns: nothing
CREATE INDEX internal_cross_scope_link IF NOT EXISTS FOR (l:_CrossScopeLink) ON (l.accountId, l.scope)
