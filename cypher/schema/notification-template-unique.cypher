// One node per account and layout kind (alert, failure, digest): a custom notification layout.
// The constraint's index serves every lookup by account and kind, and lets two concurrent PUTs
// of one kind MERGE a single node.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_notification_template_unique IF NOT EXISTS FOR (t:_NotificationTemplate) REQUIRE (t.accountId, t.kind) IS UNIQUE
