// The retention prune finds the events of every account older than the cutoff.
// params: none
// returns: nothing
CREATE INDEX internal_audit_event_occurred IF NOT EXISTS FOR (e:_AuditEvent) ON (e.occurredOn)
