// GET /audit-events lists an account's events newest first: a range seek on occurredOn, in index
// order.
// params: none
// returns: nothing
CREATE INDEX internal_audit_event_account IF NOT EXISTS FOR (e:_AuditEvent) ON (e.accountId, e.occurredOn)
