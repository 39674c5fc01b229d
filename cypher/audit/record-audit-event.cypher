// Records one audit event of an account (who changed what, when, in which request).
// $summary is JSON text.
// params: $id, $accountId, $occurredOn, $actorType, $actorKeyId, $actorKeyName, $operation, $action, $targetType, $targetId, $summary, $requestId
// returns: event
CREATE (e:_AuditEvent {
  id: $id,
  accountId: $accountId,
  occurredOn: toInteger($occurredOn),
  actorType: $actorType,
  actorKeyId: $actorKeyId,
  actorKeyName: $actorKeyName,
  operation: $operation,
  action: $action,
  targetType: $targetType,
  targetId: $targetId,
  summary: $summary,
  requestId: $requestId
})
RETURN e {.id, .accountId, .occurredOn, .actorType, .actorKeyId, .actorKeyName, .operation,
          .action, .targetType, .targetId, .summary, .requestId} AS event
