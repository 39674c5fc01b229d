// One delivery per (change event, subscription): fanning an event out twice (a retried
// transaction, two dispatchers) cannot deliver it twice.
// params: none
// returns: nothing
CREATE CONSTRAINT internal_event_delivery_unique IF NOT EXISTS FOR (d:_EventDelivery) REQUIRE (d.eventId, d.subscriptionId) IS UNIQUE
