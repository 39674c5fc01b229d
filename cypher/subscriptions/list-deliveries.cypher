// One page of a subscription's delivery log, newest first (createdOn descending, then id): those
// after the previous page's last ($afterCreatedOn, $afterId; both null for the first page). One
// row more than $limit tells a next page.
// params: $accountId, $subscriptionId, $afterCreatedOn, $afterId, $limit
// returns: delivery
MATCH (d:_EventDelivery)
USING INDEX SEEK d:_EventDelivery(subscriptionId, createdOn)
WHERE d.subscriptionId = $subscriptionId AND d.accountId = $accountId
  AND d.createdOn <= coalesce($afterCreatedOn, 9007199254740991)
  AND ($afterCreatedOn IS NULL OR d.createdOn < $afterCreatedOn OR d.id > $afterId)
OPTIONAL MATCH (e:_ChangeEvent {id: d.eventId})
RETURN d {.id, .eventId, .status, .attempts, .lastStatus, .lastError, .createdOn, .updatedOn,
          .lastAttemptOn, .deliveredOn, eventType: e.type, jobId: e.jobId} AS delivery
ORDER BY d.createdOn DESC, d.id
LIMIT toInteger($limit) + 1
