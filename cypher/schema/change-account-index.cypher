// The history purge (changes older than HISTORY_RETENTION_DAYS) and an account's changes by time.
// params: none
// returns: nothing
CREATE INDEX internal_change_account IF NOT EXISTS FOR (c:_Change) ON (c.accountId, c.at)
