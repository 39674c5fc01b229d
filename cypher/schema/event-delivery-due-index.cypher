// The dispatcher claims the deliveries due: those with a dueAt (removed once delivered or
// given up), earliest first.
// params: none
// returns: nothing
CREATE INDEX internal_event_delivery_due IF NOT EXISTS FOR (d:_EventDelivery) ON (d.dueAt)
