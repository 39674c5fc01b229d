// Before graphsync's own nodes took _-prefixed labels, this constraint was on the unprefixed label,
// where entities of that class would trip it. Dropped on start; a no-op on new databases.
// params: none
// returns: nothing
DROP CONSTRAINT sync_staged_key_unique IF EXISTS
