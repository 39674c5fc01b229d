// Before graphsync's own nodes took _-prefixed labels, this index was on the unprefixed label.
// Dropped on start; a no-op on new databases.
// params: none
// returns: nothing
DROP INDEX sync_job_event_job IF EXISTS
