// Deletes up to $batch changes (:_Change), of any account, written before $before (epoch ms): the
// retention (HISTORY_RETENTION_DAYS). The caller repeats while a full batch was deleted.
// params: $before, $batch
// returns: deleted
MATCH (c:_Change)
USING INDEX SEEK c:_Change(at)
WHERE c.at < $before
WITH c LIMIT toInteger($batch)
DETACH DELETE c
RETURN count(*) AS deleted
