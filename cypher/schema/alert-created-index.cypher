// GET /alerts lists an account's alerts newest first: a range seek on createdOn, in index order.
// params: none
// returns: nothing
CREATE INDEX internal_alert_created IF NOT EXISTS FOR (a:_Alert) ON (a.accountId, a.createdOn)
