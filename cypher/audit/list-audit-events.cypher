// One page of an account's audit events, newest first (occurredOn descending, then id): those
// after the previous page's last ($afterOccurredOn, $afterId; both null for the first page), from
// $since (inclusive) to $until (exclusive) when given, optionally only of the key $actor or the
// target $target. The index is read in order from the upper bound down; one row more than $limit
// tells a next page.
// params: $accountId, $since, $until, $afterOccurredOn, $afterId, $actor, $target, $limit
// returns: event
MATCH (e:_AuditEvent)
USING INDEX SEEK e:_AuditEvent(accountId, occurredOn)
WHERE e.accountId = $accountId
  AND e.occurredOn >= coalesce($since, 0)
  AND e.occurredOn < coalesce($until, 9007199254740991)
  AND e.occurredOn <= coalesce($afterOccurredOn, 9007199254740991)
  AND ($afterOccurredOn IS NULL OR e.occurredOn < $afterOccurredOn OR e.id > $afterId)
  AND ($actor IS NULL OR e.actorKeyId = $actor)
  AND ($target IS NULL OR e.targetId = $target)
RETURN e {.id, .accountId, .occurredOn, .actorType, .actorKeyId, .actorKeyName, .operation,
          .action, .targetType, .targetId, .summary, .requestId} AS event
ORDER BY e.occurredOn DESC, e.id
LIMIT toInteger($limit) + 1
