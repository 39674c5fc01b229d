// Audit events are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_audit_event_id_unique IF NOT EXISTS FOR (e:_AuditEvent) REQUIRE e.id IS UNIQUE
