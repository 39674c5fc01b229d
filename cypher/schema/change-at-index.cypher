// The history purge deletes changes of every account older than the retention: a range seek on at.
// params: none
// returns: nothing
CREATE INDEX internal_change_at IF NOT EXISTS FOR (c:_Change) ON (c.at)
