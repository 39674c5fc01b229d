// Alerts are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_alert_id_unique IF NOT EXISTS FOR (a:_Alert) REQUIRE a.id IS UNIQUE
