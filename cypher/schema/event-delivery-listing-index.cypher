// GET /subscriptions/{id}/deliveries lists a subscription's deliveries newest first: a range seek
// on createdOn, in index order.
// params: none
// returns: nothing
CREATE INDEX internal_event_delivery_listing IF NOT EXISTS FOR (d:_EventDelivery) ON (d.subscriptionId, d.createdOn)
