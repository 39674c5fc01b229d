// Deletes up to $batch relationships, of any account, soft deleted before $before (_endOn, epoch
// ms: HISTORY_RETENTION_DAYS). Relationships have no index across their types: this walks them
// (once an hour). The caller repeats while a full batch was deleted.
// params: $before, $batch
// returns: deleted
MATCH (:Entity)-[r]->(:Entity)
WHERE r._deleted = true AND r._endOn < $before
WITH r LIMIT toInteger($batch)
DELETE r
RETURN count(*) AS deleted
