// Tests only: every audit event node of the database as stored (the search for leaked secrets).
// params: none
// returns: event
MATCH (e:_AuditEvent)
RETURN properties(e) AS event
