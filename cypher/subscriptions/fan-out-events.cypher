// Turns the oldest change events not yet fanned out into one pending delivery per matching
// subscription: enabled, created before the event, and whose filter (scopes, sources, types;
// null for any) lets the event through. MERGE under the (eventId, subscriptionId) constraint:
// a second fan-out of an event (a retried transaction, two dispatchers) adds nothing.
// params: $limit, $now
// returns: events, deliveries
MATCH (e:_ChangeEvent)
WHERE e.pendingSince IS NOT NULL
WITH e ORDER BY e.pendingSince LIMIT toInteger($limit)
SET e.locked = true
WITH e
WHERE e.pendingSince IS NOT NULL
CALL (e) {
  OPTIONAL MATCH (s:_Subscription {accountId: e.accountId})
  WHERE s.enabled = true AND s.createdOn <= e.occurredOn
    AND (s.scopes IS NULL OR e.scope IN s.scopes)
    AND (s.sources IS NULL OR e.source IN s.sources)
    AND (s.types IS NULL OR e.type IN s.types)
  FOREACH (_ IN CASE WHEN s IS NULL THEN [] ELSE [1] END |
    MERGE (d:_EventDelivery {eventId: e.id, subscriptionId: s.id})
    ON CREATE SET d.id = randomUUID(), d.accountId = e.accountId, d.status = 'PENDING',
                  d.attempts = 0, d.createdOn = $now, d.updatedOn = $now, d.dueAt = $now)
  RETURN count(s) AS matched
}
REMOVE e.pendingSince, e.locked
RETURN count(e) AS events, sum(matched) AS deliveries
