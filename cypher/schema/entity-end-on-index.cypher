// The history purge finds entities soft deleted before the retention (HISTORY_RETENTION_DAYS) by
// _endOn, a range seek; live entities have no _endOn and are not in the index.
// params: none
// returns: nothing
CREATE INDEX internal_entity_end_on IF NOT EXISTS FOR (n:Entity) ON (n._endOn)
