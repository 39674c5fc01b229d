// At most one ACTIVE alert per rule: `activeRuleId` holds the rule's id while the alert is ACTIVE
// and is removed when it is resolved or dismissed (nulls are not constrained). Raise and resolve
// find the active alert through this constraint's index, and MERGE on it settles racing raises.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_alert_active_rule_unique IF NOT EXISTS FOR (a:_Alert) REQUIRE (a.accountId, a.activeRuleId) IS UNIQUE
