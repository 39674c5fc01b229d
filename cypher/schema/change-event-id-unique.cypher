// Change events (the outbox of subscriptions) are found by their service-assigned id (a UUID).
// params: none
// returns: nothing
CREATE CONSTRAINT internal_change_event_id_unique IF NOT EXISTS FOR (e:_ChangeEvent) REQUIRE e.id IS UNIQUE
