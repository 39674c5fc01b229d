// Deletes a subscription and its delivery log (deliveries not yet made are dropped with it);
// returns it as it was. No row for an unknown id or another account's.
// params: $accountId, $id
// returns: subscription
MATCH (s:_Subscription {id: $id})
WHERE s.accountId = $accountId
WITH s, s {.id, .name, .target, .scopes, .sources, .types, .enabled, .createdOn, .updatedOn}
        AS subscription
CALL (s) {
  MATCH (d:_EventDelivery {subscriptionId: s.id})
  DELETE d
}
DELETE s
RETURN subscription
