// GET /entities/{id}/history and "as of" reads: one object's changes in time order, a range seek
// on at.
// params: none
// returns: nothing
CREATE INDEX internal_change_object IF NOT EXISTS FOR (c:_Change) ON (c.accountId, c.objectId, c.at)
