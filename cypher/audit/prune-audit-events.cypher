// Deletes up to $batch audit events, of any account, recorded before $before (epoch ms): the
// retention (AUDIT_RETENTION_DAYS). The caller repeats while a full batch was deleted.
// params: $before, $batch
// returns: deleted
MATCH (e:_AuditEvent)
WHERE e.occurredOn < $before
WITH e LIMIT toInteger($batch)
DETACH DELETE e
RETURN count(*) AS deleted
