// Subscriptions are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_subscription_id_unique IF NOT EXISTS FOR (s:_Subscription) REQUIRE s.id IS UNIQUE
