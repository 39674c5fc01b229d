// Claims up to $limit deliveries due by $now for one attempt each: the attempt is counted, the
// claim token set, and the delivery is not due again until $leaseUntil (a dispatcher that dies
// mid-attempt leaves it to be tried again then). The lock (a constant SET) is taken before dueAt
// is checked again, so two dispatchers never claim the same delivery. Returns what the attempt
// sends: the event, and the subscription's target and sealed secret.
// params: $now, $limit, $claim, $leaseUntil
// returns: delivery, event, subscription
MATCH (d:_EventDelivery)
WHERE d.dueAt <= $now
WITH d ORDER BY d.dueAt LIMIT toInteger($limit)
SET d.locked = true
WITH d
WHERE d.dueAt <= $now
MATCH (e:_ChangeEvent {id: d.eventId})
MATCH (s:_Subscription {id: d.subscriptionId})
SET d.claim = $claim, d.dueAt = $leaseUntil, d.attempts = d.attempts + 1,
    d.lastAttemptOn = $now, d.updatedOn = $now
REMOVE d.locked
RETURN d {.id, .eventId, .subscriptionId, .accountId, .attempts} AS delivery,
       e {.*} AS event,
       s {.id, .accountId, .target, .secret} AS subscription
